package tardy.events;

/**
 * One concurrent collection cycle of a JVM log and the heap it left (ZGC, Shenandoah): such a
 * collector frees memory while the application runs, so its heap transition is logged per cycle,
 * not per pause. It is no pause: nothing counts it as stopped time. A parser reuses one instance
 * ({@link #reset}); sinks must copy what they keep.
 *
 * <p>The line's time (uptime and wall clock, each {@link Times#NONE} when absent) is when the
 * cycle ended; {@link #durationNanos} how long it ran, {@link Times#NONE} when the log does not
 * say, so that where it began is known. The heap used is the one at its start (before it freed
 * anything) and at its end, with the capacity ({@link Times#NONE} when not logged).
 */
public final class HeapCycleEvent {

  private byte[] kindBuf = new byte[0];
  private int kindFrom;
  private int kindTo;
  private long uptimeMillis;
  private long wallMillis;
  private long durationNanos;
  private long beforeBytes;
  private long afterBytes;
  private long capacityBytes;
  private boolean wholeHeap;
  private boolean warmUp;
  private long line;
  private long youngBeforeBytes;
  private long youngAfterBytes;
  private long oldBeforeBytes;
  private long oldAfterBytes;
  private long promotedBytes;
  private long metaspaceAfterBytes;
  private long[] readLines = new long[2];
  private int readLineCount;

  /** Clears every field. */
  public HeapCycleEvent reset() {
    readLineCount = 0;
    kindFrom = kindTo = 0;
    uptimeMillis = wallMillis = durationNanos = Times.NONE;
    beforeBytes = afterBytes = capacityBytes = Times.NONE;
    wholeHeap = false;
    warmUp = false;
    line = Times.NONE;
    youngBeforeBytes = youngAfterBytes = oldBeforeBytes = oldAfterBytes = Times.NONE;
    promotedBytes = metaspaceAfterBytes = Times.NONE;
    return this;
  }

  /** What the log calls the cycle ({@code Garbage Collection (Proactive)}, {@code Minor Collection (…)}). */
  public HeapCycleEvent kind(byte[] buf, int from, int to) {
    this.kindBuf = buf;
    this.kindFrom = from;
    this.kindTo = to;
    return this;
  }

  /** When the cycle ended, on the JVM's uptime and on the wall clock (epoch ms). */
  public HeapCycleEvent endedAt(long uptimeMillis, long wallMillis) {
    this.uptimeMillis = uptimeMillis;
    this.wallMillis = wallMillis;
    return this;
  }

  public HeapCycleEvent durationNanos(long nanos) {
    this.durationNanos = nanos;
    return this;
  }

  /** The heap used when the cycle began and when it ended, and the capacity, in bytes. */
  public HeapCycleEvent heapBytes(long before, long after, long capacity) {
    this.beforeBytes = before;
    this.afterBytes = after;
    this.capacityBytes = capacity;
    return this;
  }

  /**
   * Whether the cycle marked the whole heap (non-generational ZGC and Shenandoah, a generational
   * ZGC major collection): what it leaves is the live set and what was allocated while it ran.
   */
  public HeapCycleEvent wholeHeap(boolean whole) {
    this.wholeHeap = whole;
    return this;
  }

  /**
   * Whether the cycle is one of the collections a JVM runs while it starts, as the heap first
   * fills (ZGC's {@code (Warmup)} cause): what it leaves is no live set yet.
   */
  public HeapCycleEvent warmUp(boolean warmUp) {
    this.warmUp = warmUp;
    return this;
  }

  /**
   * The number of the line that ends the cycle, set when a parser hands it on from a later line;
   * {@link Times#NONE}: the line being read.
   */
  public HeapCycleEvent line(long number) {
    this.line = number;
    return this;
  }

  /**
   * The young and old generations used when the cycle began and when it ended, in bytes, where
   * the log splits the heap (generational ZGC's and Shenandoah's statistics); {@link Times#NONE}
   * each where it does not.
   */
  public HeapCycleEvent generationBytes(long youngBefore, long youngAfter, long oldBefore,
      long oldAfter) {
    this.youngBeforeBytes = youngBefore;
    this.youngAfterBytes = youngAfter;
    this.oldBeforeBytes = oldBefore;
    this.oldAfterBytes = oldAfter;
    return this;
  }

  /** The bytes the cycle promoted into the old generation, as the log states them. */
  public HeapCycleEvent promotedBytes(long bytes) {
    this.promotedBytes = bytes;
    return this;
  }

  /** The metaspace used when the cycle ended, in bytes. */
  public HeapCycleEvent metaspaceAfterBytes(long bytes) {
    this.metaspaceAfterBytes = bytes;
    return this;
  }

  public long youngBeforeBytes() {
    return youngBeforeBytes;
  }

  public long youngAfterBytes() {
    return youngAfterBytes;
  }

  public long oldBeforeBytes() {
    return oldBeforeBytes;
  }

  public long oldAfterBytes() {
    return oldAfterBytes;
  }

  /** {@link Times#NONE} when the log does not state it. */
  public long promotedBytes() {
    return promotedBytes;
  }

  public long metaspaceAfterBytes() {
    return metaspaceAfterBytes;
  }

  /**
   * Adds a line read for this cycle alone and counted parsed for it (Shenandoah's cleanup lines;
   * not a pause's line, which its pause accounts for), so that a window that leaves the cycle out
   * counts those lines out with it.
   */
  public HeapCycleEvent readLine(long number) {
    if (readLineCount == readLines.length) {
      readLines = java.util.Arrays.copyOf(readLines, readLineCount * 2);
    }
    readLines[readLineCount++] = number;
    return this;
  }

  /** How many lines {@link #readLine} added. */
  public int readLineCount() {
    return readLineCount;
  }

  public long readLine(int i) {
    return readLines[i];
  }

  public boolean warmUp() {
    return warmUp;
  }

  public byte[] kindBuf() {
    return kindBuf;
  }

  public int kindFrom() {
    return kindFrom;
  }

  public int kindTo() {
    return kindTo;
  }

  public long uptimeMillis() {
    return uptimeMillis;
  }

  public long wallMillis() {
    return wallMillis;
  }

  public long durationNanos() {
    return durationNanos;
  }

  public long beforeBytes() {
    return beforeBytes;
  }

  public long afterBytes() {
    return afterBytes;
  }

  public long capacityBytes() {
    return capacityBytes;
  }

  public boolean wholeHeap() {
    return wholeHeap;
  }

  public long line() {
    return line;
  }
}
