package tardy.record.heap;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import tardy.events.Family;
import tardy.events.HeapCycleEvent;
import tardy.events.LinePosition;
import tardy.events.PauseEvent;
import tardy.events.Times;

/**
 * Every GC pause of a JVM log in line order, with the heap it logged: when it happened (uptime
 * and wall clock, each {@link Times#NONE} when absent), how long it stopped the application, the
 * heap used before and after it and the capacity after it (each {@link Times#NONE} when the line
 * gives no transition), what kind of collection it was and the trouble the log names in it.
 * Where the log splits the heap, the young generation (eden and survivors) and the old one
 * before and after it and the metaspace after it ({@link Times#NONE} where not given; a JDK 8
 * young collection that prints its young generation only leaves the old one as the heap less the
 * young; G1's regions read before the log's region size, in a part read apart from the log's
 * start, are kept as counts until a part before it gives the size, {@link #addLater}).
 * Allocation, the live set and throughput are worked out from it afterwards (in analysis), as
 * they need the pauses next to each other. Parts of a log add in the log's order ({@link
 * #addLater}): the series is the one a single pass makes. Primitive arrays only, each field in
 * 4 bytes a pause while its values fit an int ({@link LongColumn}) and none while the log never
 * prints it: 30 to 55 bytes a pause; recording reads the reused event and allocates nothing but
 * the arrays' growth.
 */
public final class HeapSeries {

  /** {@link #flags}: a full collection ({@code Pause Full}, {@code Full GC}). */
  public static final int FULL = 1;
  /** {@link #flags}: a G1 mixed collection ({@code Pause Young (Mixed)}, {@code (mixed)}). */
  public static final int MIXED = 2;
  /** {@link #flags}: the log stamps the pause when it began (JDK 8), not when it ended. */
  public static final int STAMPED_AT_START = 4;
  /** {@link #flags}: the pause was caused by a humongous allocation ({@code G1 Humongous Allocation}). */
  public static final int HUMONGOUS = 8;
  /** {@link #flags}: evacuation failed (to-space exhausted or overflow, evacuation failure). */
  public static final int EVACUATION_FAILED = 16;
  /** {@link #flags}: a young collection could not promote ({@code promotion failed}). */
  public static final int PROMOTION_FAILED = 32;
  /** {@link #flags}: CMS lost the race with allocation ({@code concurrent mode failure}). */
  public static final int CONCURRENT_MODE_FAILURE = 64;
  /**
   * {@link #flags}: a pause of a collector whose pauses are meant to be short whatever the heap
   * (ZGC's {@code Pause Mark Start}, Shenandoah's {@code Pause Init Mark} …).
   */
  public static final int PAUSELESS = 128;

  private int size;
  private final LongColumn uptimeMillis = LongColumn.times();
  private final LongColumn wallMillis = LongColumn.times();
  private final LongColumn pauseNanos = LongColumn.counts();
  private final LongColumn beforeBytes = LongColumn.bytes();
  private final LongColumn afterBytes = LongColumn.bytes();
  private final LongColumn capacityBytes = LongColumn.bytes();
  // young and old: G1 region counts, not bytes, where inRegions
  private final LongColumn youngBeforeBytes = LongColumn.bytes();
  private final LongColumn youngAfterBytes = LongColumn.bytes();
  private final LongColumn oldBeforeBytes = LongColumn.bytes();
  private final LongColumn oldAfterBytes = LongColumn.bytes();
  private final LongColumn metaspaceAfterBytes = LongColumn.bytes();
  // the line that holds (or ends) it; Times.NONE when unknown
  private final LongColumn lines = LongColumn.counts();
  private final LongColumn[] columns = {uptimeMillis, wallMillis, pauseNanos, beforeBytes,
      afterBytes, capacityBytes, youngBeforeBytes, youngAfterBytes, oldBeforeBytes, oldAfterBytes,
      metaspaceAfterBytes, lines};
  private boolean[] inRegions = new boolean[0];
  private long lastRegionBytes = Times.NONE; // the last G1 region size a pause was read with
  private byte[] flags = new byte[0];
  private int[] inputs = new int[0]; // the input of each pause, from 0 in this part
  private LinePosition position;
  private final CycleSeries cycles = new CycleSeries();
  private final KindFlags kindFlags = new KindFlags();

  /** Where the reader is, for the line numbers of the pauses. */
  public void reading(LinePosition position) {
    this.position = position;
    cycles.reading(position);
  }

  /** Records a concurrent cycle (ZGC, Shenandoah): no pause, kept apart in {@link #cycles}. */
  public void cycle(HeapCycleEvent e) {
    cycles.cycle(e);
  }

  /** The concurrent cycles of the log, in line order: the heap of a concurrent collector. */
  public CycleSeries cycles() {
    return cycles;
  }

  /** Records a GC pause with a duration; other pauses (safepoints, stalls) are not the heap's. */
  public void pause(PauseEvent e) {
    if (e.family() != Family.GC_PAUSE || !Times.isSet(e.totalNanos()) || e.totalNanos() < 0) {
      return;
    }
    int f = flagsOf(e);
    long line = Times.isSet(e.line()) ? e.line() : position == null ? Times.NONE : position.line();
    long heapBefore = sizeOrNone(e.heapBeforeBytes());
    long heapAfter = sizeOrNone(e.heapAfterBytes());
    long youngBefore = sizeOrNone(e.youngBeforeBytes());
    long youngAfter = sizeOrNone(e.youngAfterBytes());
    long oldBefore = sizeOrNone(e.oldBeforeBytes());
    long oldAfter = sizeOrNone(e.oldAfterBytes());
    boolean regions = e.generationsInRegions();
    if (!regions && !Times.isSet(oldBefore) && Times.isSet(youngBefore) && Times.isSet(heapBefore)) {
      oldBefore = Math.max(0, heapBefore - youngBefore);
    }
    if (!regions && !Times.isSet(oldAfter) && Times.isSet(youngAfter) && Times.isSet(heapAfter)) {
      oldAfter = Math.max(0, heapAfter - youngAfter);
    }
    if (Times.isSet(e.regionBytes()) && e.regionBytes() > 0) {
      lastRegionBytes = e.regionBytes();
    }
    append(e.uptimeMillis(), e.wallMillis(), e.totalNanos(), heapBefore, heapAfter,
        sizeOrNone(e.heapCapacityBytes()), f, 0, line);
    generations(size - 1, youngBefore, youngAfter, oldBefore, oldAfter,
        sizeOrNone(e.metaspaceAfterBytes()), regions);
  }

  private static long sizeOrNone(long bytes) {
    return Times.isSet(bytes) && bytes >= 0 ? bytes : Times.NONE;
  }

  private int flagsOf(PauseEvent e) {
    int f = kindFlags.of(e.kindBuf(), e.kindFrom(), e.kindTo(), e.kindHash());
    f |= e.stampedAtStart() ? STAMPED_AT_START : 0;
    int trouble = e.trouble();
    f |= (trouble & PauseEvent.EVACUATION_FAILED) != 0 ? EVACUATION_FAILED : 0;
    f |= (trouble & PauseEvent.PROMOTION_FAILED) != 0 ? PROMOTION_FAILED : 0;
    f |= (trouble & PauseEvent.CONCURRENT_MODE_FAILURE) != 0 ? CONCURRENT_MODE_FAILURE : 0;
    return f;
  }

  private void append(long uptime, long wall, long pause, long before, long after, long capacity,
      int f, int input, long line) {
    if (size == flags.length) {
      capacity(Math.max(16, size + (size >> 1)));
    }
    uptimeMillis.set(size, uptime);
    wallMillis.set(size, wall);
    pauseNanos.set(size, pause);
    beforeBytes.set(size, before);
    afterBytes.set(size, after);
    capacityBytes.set(size, capacity);
    generations(size, Times.NONE, Times.NONE, Times.NONE, Times.NONE, Times.NONE, false);
    flags[size] = (byte) f;
    inputs[size] = input;
    lines.set(size, line);
    size++;
  }

  /** Room for {@code capacity} pauses. */
  private void capacity(int capacity) {
    for (LongColumn c : columns) {
      c.capacity(capacity);
    }
    inRegions = Arrays.copyOf(inRegions, capacity);
    flags = Arrays.copyOf(flags, capacity);
    inputs = Arrays.copyOf(inputs, capacity);
  }

  /**
   * Adds the pauses of the part of the log that comes after this one: its inputs come {@code
   * inputShift} after this one's first, and the lines of its first input {@code lineShift} later
   * (it continues this one's last input), as the evidence's places move. Its G1 region counts
   * take the last region size of this part, as one pass over both would have read them.
   */
  public void addLater(HeapSeries later, int inputShift, long lineShift) {
    int start = size;
    int n = later.size;
    if (size + n > flags.length) { // the room at once: no copy per growth step
      capacity(size + n);
    }
    // column by column: a column's state depends on its own values in order, as append sets them
    for (int c = 0; c < columns.length; c++) {
      if (columns[c] != lines) {
        columns[c].setAll(start, later.columns[c], n);
      }
    }
    for (int i = 0; i < n; i++) {
      long line = later.lines.get(i);
      if (later.inputs[i] == 0 && Times.isSet(line)) {
        line += lineShift;
      }
      lines.set(start + i, line);
      inputs[start + i] = later.inputs[i] + inputShift;
    }
    System.arraycopy(later.flags, 0, flags, start, n);
    System.arraycopy(later.inRegions, 0, inRegions, start, n);
    size += n;
    if (Times.isSet(lastRegionBytes)) {
      for (int i = start; i < size; i++) {
        if (inRegions[i]) {
          generations(i, sized(youngBeforeBytes.get(i)), sized(youngAfterBytes.get(i)),
              sized(oldBeforeBytes.get(i)), sized(oldAfterBytes.get(i)),
              metaspaceAfterBytes.get(i), false);
        }
      }
    }
    if (Times.isSet(later.lastRegionBytes)) {
      lastRegionBytes = later.lastRegionBytes;
    }
    cycles.addLater(later.cycles, inputShift, lineShift);
  }

  private long sized(long regions) {
    return Times.isSet(regions) ? regions * lastRegionBytes : regions;
  }

  /** Everything recorded, for the result's encoding: the count, then each pause's fields. */
  public void write(DataOutput out) throws IOException {
    out.writeInt(size);
    for (int i = 0; i < size; i++) {
      out.writeLong(uptimeMillis.get(i));
      out.writeLong(wallMillis.get(i));
      out.writeLong(pauseNanos.get(i));
      out.writeLong(beforeBytes.get(i));
      out.writeLong(afterBytes.get(i));
      out.writeLong(capacityBytes.get(i));
      out.writeByte(flags[i]);
      out.writeInt(inputs[i]);
      out.writeLong(lines.get(i));
      out.writeLong(youngBeforeBytes.get(i));
      out.writeLong(youngAfterBytes.get(i));
      out.writeLong(oldBeforeBytes.get(i));
      out.writeLong(oldAfterBytes.get(i));
      out.writeLong(metaspaceAfterBytes.get(i));
      out.writeBoolean(inRegions[i]);
    }
    out.writeLong(lastRegionBytes);
    cycles.write(out);
  }

  /** Appends what {@link #write} wrote, as a part that comes after this one. */
  public void read(DataInput in) throws IOException {
    int n = in.readInt();
    if (n < 0) {
      throw new IOException("a negative count of GC pauses");
    }
    HeapSeries read = new HeapSeries();
    for (int i = 0; i < n; i++) {
      read.append(in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(),
          in.readLong(), in.readByte(), in.readInt(), in.readLong());
      read.generations(read.size - 1, in.readLong(), in.readLong(), in.readLong(), in.readLong(),
          in.readLong(), in.readBoolean());
    }
    read.lastRegionBytes = in.readLong();
    read.cycles.addLater(CycleSeries.read(in), 0, 0);
    addLater(read, 0, 0);
  }

  private void generations(int i, long youngBefore, long youngAfter, long oldBefore,
      long oldAfter, long metaspaceAfter, boolean regions) {
    youngBeforeBytes.set(i, youngBefore);
    youngAfterBytes.set(i, youngAfter);
    oldBeforeBytes.set(i, oldBefore);
    oldAfterBytes.set(i, oldAfter);
    metaspaceAfterBytes.set(i, metaspaceAfter);
    inRegions[i] = regions;
  }

  /** The number of GC pauses recorded. */
  public int size() {
    return size;
  }

  /**
   * Whether any pause or concurrent cycle logged its heap: what decides that a report shows the
   * heap at all.
   */
  public boolean hasHeap() {
    if (cycles.size() > 0) {
      return true;
    }
    for (int i = 0; i < size; i++) {
      if (afterBytes.get(i) != Times.NONE) {
        return true;
      }
    }
    return false;
  }

  public long uptimeMillis(int i) {
    return uptimeMillis.get(i);
  }

  public long wallMillis(int i) {
    return wallMillis.get(i);
  }

  public long pauseNanos(int i) {
    return pauseNanos.get(i);
  }

  /** The heap used before pause {@code i}, in bytes; {@link Times#NONE} when not logged. */
  public long beforeBytes(int i) {
    return beforeBytes.get(i);
  }

  public long afterBytes(int i) {
    return afterBytes.get(i);
  }

  public long capacityBytes(int i) {
    return capacityBytes.get(i);
  }

  /** The input pause {@code i} was read from: its place among the inputs, from 0. */
  public int input(int i) {
    return inputs[i];
  }

  /** The line that holds (or ends) pause {@code i}; {@link Times#NONE} when unknown. */
  public long line(int i) {
    return lines.get(i);
  }

  /** The young generation used before pause {@code i}, in bytes; {@link Times#NONE} when not logged. */
  public long youngBeforeBytes(int i) {
    return inRegions[i] ? Times.NONE : youngBeforeBytes.get(i);
  }

  public long youngAfterBytes(int i) {
    return inRegions[i] ? Times.NONE : youngAfterBytes.get(i);
  }

  /** The old generation used before pause {@code i}, in bytes; {@link Times#NONE} when not logged. */
  public long oldBeforeBytes(int i) {
    return inRegions[i] ? Times.NONE : oldBeforeBytes.get(i);
  }

  public long oldAfterBytes(int i) {
    return inRegions[i] ? Times.NONE : oldAfterBytes.get(i);
  }

  /** The metaspace used after pause {@code i}, in bytes; {@link Times#NONE} when not logged. */
  public long metaspaceAfterBytes(int i) {
    return metaspaceAfterBytes.get(i);
  }

  /** What kind of collection pause {@code i} was: {@link #FULL}, {@link #MIXED} … bits. */
  public int flags(int i) {
    return flags[i] & 0xff;
  }
}
