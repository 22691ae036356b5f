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
 * after it and the capacity, whether it marked the whole heap (and whether it was one of the JVM's
 * warm-up collections), and where it was read. No cycle is
 * a pause: the heap figures of a concurrent collector are worked out from these (in analysis),
 * its pause figures from the pauses alone. Where the log splits the heap (generational ZGC and
 * Shenandoah), the young and old generations before and after the cycle and the bytes it
 * promoted; the metaspace after it where logged ({@link Times#NONE} each where not). Parts add in
 * the log's order ({@link #addLater}).
 */
public final class CycleSeries {

  private int size;
  private long[] uptimeMillis = new long[0];
  private long[] wallMillis = new long[0];
  private long[] durationNanos = new long[0];
  private long[] beforeBytes = new long[0];
  private long[] afterBytes = new long[0];
  private long[] capacityBytes = new long[0];
  /** Per cycle: {@link #WHOLE_HEAP} and {@link #WARM_UP} bits. */
  private byte[] marks = new byte[0];
  /** Per cycle: young before and after, old before and after, promoted, metaspace after. */
  private long[][] generations = new long[GENERATION_FIELDS][0];
  private int[] inputs = new int[0];
  private long[] lines = new long[0];
  private LinePosition position;

  private static final byte WHOLE_HEAP = 1;
  private static final byte WARM_UP = 2;
  private static final int GENERATION_FIELDS = 6;
  private static final int YOUNG_BEFORE = 0;
  private static final int YOUNG_AFTER = 1;
  private static final int OLD_BEFORE = 2;
  private static final int OLD_AFTER = 3;
  private static final int PROMOTED = 4;
  private static final int METASPACE_AFTER = 5;

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
        e.afterBytes(), sizeOrNone(e.capacityBytes()),
        (byte) ((e.wholeHeap() ? WHOLE_HEAP : 0) | (e.warmUp() ? WARM_UP : 0)), 0, line);
    long[] g = {sizeOrNone(e.youngBeforeBytes()), sizeOrNone(e.youngAfterBytes()),
        sizeOrNone(e.oldBeforeBytes()), sizeOrNone(e.oldAfterBytes()),
        sizeOrNone(e.promotedBytes()), sizeOrNone(e.metaspaceAfterBytes())};
    generations(size - 1, g);
  }

  private void generations(int i, long[] values) {
    for (int k = 0; k < GENERATION_FIELDS; k++) {
      generations[k][i] = values[k];
    }
  }

  private static long sizeOrNone(long bytes) {
    return Times.isSet(bytes) && bytes >= 0 ? bytes : Times.NONE;
  }

  private void append(long uptime, long wall, long duration, long before, long after,
      long capacity, byte mark, int input, long line) {
    if (size == lines.length) {
      int grown = Math.max(16, size + (size >> 1));
      uptimeMillis = Arrays.copyOf(uptimeMillis, grown);
      wallMillis = Arrays.copyOf(wallMillis, grown);
      durationNanos = Arrays.copyOf(durationNanos, grown);
      beforeBytes = Arrays.copyOf(beforeBytes, grown);
      afterBytes = Arrays.copyOf(afterBytes, grown);
      capacityBytes = Arrays.copyOf(capacityBytes, grown);
      marks = Arrays.copyOf(marks, grown);
      inputs = Arrays.copyOf(inputs, grown);
      lines = Arrays.copyOf(lines, grown);
      for (int k = 0; k < GENERATION_FIELDS; k++) {
        generations[k] = Arrays.copyOf(generations[k], grown);
      }
    }
    for (int k = 0; k < GENERATION_FIELDS; k++) {
      generations[k][size] = Times.NONE;
    }
    uptimeMillis[size] = uptime;
    wallMillis[size] = wall;
    durationNanos[size] = duration;
    beforeBytes[size] = before;
    afterBytes[size] = after;
    capacityBytes[size] = capacity;
    marks[size] = mark;
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
          later.beforeBytes[i], later.afterBytes[i], later.capacityBytes[i], later.marks[i],
          later.inputs[i] + inputShift, line);
      for (int k = 0; k < GENERATION_FIELDS; k++) {
        generations[k][size - 1] = later.generations[k][i];
      }
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
      out.writeByte(marks[i]);
      out.writeInt(inputs[i]);
      out.writeLong(lines[i]);
      for (int k = 0; k < GENERATION_FIELDS; k++) {
        out.writeLong(generations[k][i]);
      }
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
          in.readLong(), in.readByte(), in.readInt(), in.readLong());
      for (int k = 0; k < GENERATION_FIELDS; k++) {
        read.generations[k][i] = in.readLong();
      }
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
    return (marks[i] & WHOLE_HEAP) != 0;
  }

  /**
   * Whether cycle {@code i} was one of the collections a JVM runs while it starts, as the heap first
   * fills (ZGC's {@code (Warmup)}): the live set is still being built, so no trend is read from it.
   */
  public boolean warmUp(int i) {
    return (marks[i] & WARM_UP) != 0;
  }

  /** The young generation used when cycle {@code i} began; {@link Times#NONE} when not logged. */
  public long youngBeforeBytes(int i) {
    return generations[YOUNG_BEFORE][i];
  }

  public long youngAfterBytes(int i) {
    return generations[YOUNG_AFTER][i];
  }

  /** The old generation used when cycle {@code i} began; {@link Times#NONE} when not logged. */
  public long oldBeforeBytes(int i) {
    return generations[OLD_BEFORE][i];
  }

  public long oldAfterBytes(int i) {
    return generations[OLD_AFTER][i];
  }

  /** The bytes cycle {@code i} promoted, as its log states them; {@link Times#NONE} when it does not. */
  public long promotedBytes(int i) {
    return generations[PROMOTED][i];
  }

  /** The metaspace used after cycle {@code i}; {@link Times#NONE} when not logged. */
  public long metaspaceAfterBytes(int i) {
    return generations[METASPACE_AFTER][i];
  }

  public int input(int i) {
    return inputs[i];
  }

  public long line(int i) {
    return lines[i];
  }
}
