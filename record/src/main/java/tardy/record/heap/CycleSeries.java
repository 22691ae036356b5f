package tardy.record.heap;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import tardy.events.HeapCycleEvent;
import tardy.events.LinePosition;
import tardy.events.Times;

/**
 * Every concurrent collection cycle of a JVM log (ZGC, Shenandoah) in line order, with the heap
 * it logged: when it ended (uptime and wall clock, each {@link Times#NONE} when absent), how long
 * before that the heap before it was read ({@link Times#NONE}: unknown), the heap used before and
 * after it and the capacity, whether it marked the whole heap, and where it was read. No cycle is
 * a pause: the heap figures of a concurrent collector are worked out from these (in analysis),
 * its pause figures from the pauses alone. Parts add in the log's order ({@link #addLater}).
 */
public final class CycleSeries {

  private int size;
  private long[] uptimeMillis = new long[0];
  private long[] wallMillis = new long[0];
  private long[] durationNanos = new long[0];
  private long[] beforeBytes = new long[0];
  private long[] afterBytes = new long[0];
  private long[] capacityBytes = new long[0];
  private boolean[] wholeHeap = new boolean[0];
  private int[] inputs = new int[0];
  private long[] lines = new long[0];
  private LinePosition position;

  void reading(LinePosition position) {
    this.position = position;
  }

  /** Records a cycle whose heap after it is logged; others say nothing of the heap. */
  public void cycle(HeapCycleEvent e) {
    if (!Times.isSet(e.afterBytes()) || e.afterBytes() < 0) {
      return;
    }
    long line = Times.isSet(e.line()) ? e.line() : position == null ? Times.NONE : position.line();
    long duration = Times.isSet(e.durationNanos()) && e.durationNanos() >= 0
        ? e.durationNanos() : Times.NONE;
    append(e.uptimeMillis(), e.wallMillis(), duration, sizeOrNone(e.beforeBytes()),
        e.afterBytes(), sizeOrNone(e.capacityBytes()), e.wholeHeap(), 0, line);
  }

  private static long sizeOrNone(long bytes) {
    return Times.isSet(bytes) && bytes >= 0 ? bytes : Times.NONE;
  }

  private void append(long uptime, long wall, long duration, long before, long after,
      long capacity, boolean whole, int input, long line) {
    if (size == lines.length) {
      int grown = Math.max(16, size + (size >> 1));
      uptimeMillis = Arrays.copyOf(uptimeMillis, grown);
      wallMillis = Arrays.copyOf(wallMillis, grown);
      durationNanos = Arrays.copyOf(durationNanos, grown);
      beforeBytes = Arrays.copyOf(beforeBytes, grown);
      afterBytes = Arrays.copyOf(afterBytes, grown);
      capacityBytes = Arrays.copyOf(capacityBytes, grown);
      wholeHeap = Arrays.copyOf(wholeHeap, grown);
      inputs = Arrays.copyOf(inputs, grown);
      lines = Arrays.copyOf(lines, grown);
    }
    uptimeMillis[size] = uptime;
    wallMillis[size] = wall;
    durationNanos[size] = duration;
    beforeBytes[size] = before;
    afterBytes[size] = after;
    capacityBytes[size] = capacity;
    wholeHeap[size] = whole;
    inputs[size] = input;
    lines[size] = line;
    size++;
  }

  /** Adds the cycles of the part of the log after this one, as {@link HeapSeries#addLater}. */
  void addLater(CycleSeries later, int inputShift, long lineShift) {
    for (int i = 0; i < later.size; i++) {
      long line = later.lines[i];
      if (later.inputs[i] == 0 && Times.isSet(line)) {
        line += lineShift;
      }
      append(later.uptimeMillis[i], later.wallMillis[i], later.durationNanos[i],
          later.beforeBytes[i], later.afterBytes[i], later.capacityBytes[i], later.wholeHeap[i],
          later.inputs[i] + inputShift, line);
    }
  }

  void write(DataOutput out) throws IOException {
    out.writeInt(size);
    for (int i = 0; i < size; i++) {
      out.writeLong(uptimeMillis[i]);
      out.writeLong(wallMillis[i]);
      out.writeLong(durationNanos[i]);
      out.writeLong(beforeBytes[i]);
      out.writeLong(afterBytes[i]);
      out.writeLong(capacityBytes[i]);
      out.writeBoolean(wholeHeap[i]);
      out.writeInt(inputs[i]);
      out.writeLong(lines[i]);
    }
  }

  /** What {@link #write} wrote, as a series of its own. */
  static CycleSeries read(DataInput in) throws IOException {
    int n = in.readInt();
    if (n < 0) {
      throw new IOException("a negative count of GC cycles");
    }
    CycleSeries read = new CycleSeries();
    for (int i = 0; i < n; i++) {
      read.append(in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(),
          in.readLong(), in.readBoolean(), in.readInt(), in.readLong());
    }
    return read;
  }

  /** The number of cycles recorded. */
  public int size() {
    return size;
  }

  public long uptimeMillis(int i) {
    return uptimeMillis[i];
  }

  public long wallMillis(int i) {
    return wallMillis[i];
  }

  /** How long before its end cycle {@code i}'s heap before was read; {@link Times#NONE}: unknown. */
  public long durationNanos(int i) {
    return durationNanos[i];
  }

  /** The heap used when cycle {@code i} began; {@link Times#NONE} when not logged. */
  public long beforeBytes(int i) {
    return beforeBytes[i];
  }

  public long afterBytes(int i) {
    return afterBytes[i];
  }

  public long capacityBytes(int i) {
    return capacityBytes[i];
  }

  /** Whether cycle {@code i} marked the whole heap (not a generational ZGC minor collection). */
  public boolean wholeHeap(int i) {
    return wholeHeap[i];
  }

  public int input(int i) {
    return inputs[i];
  }

  public long line(int i) {
    return lines[i];
  }
}
