package tardy.parse;

/**
 * One stop-the-world pause from a JVM log. A parser reuses one instance for every line
 * ({@link #reset}); sinks must copy what they keep.
 *
 * <p>The kind is the VM operation or GC cause the log names, as a byte range (empty when the log
 * names none). Durations are nanoseconds; the time to safepoint is {@link Times#NONE} when the log
 * does not give it. Both clocks are kept when the log has both: wall time (epoch milliseconds)
 * and JVM uptime (milliseconds), each {@link Times#NONE} when absent. The line's time is when the
 * pause ended (the JVM prints a safepoint, a UL GC pause and a JDK 8 stopped-time line after the
 * pause), unless the parser says it is when the pause began (a JDK 8 {@code [GC} datestamp).
 */
public final class PauseEvent {

  private byte[] kindBuf = new byte[0];
  private int kindFrom;
  private int kindTo;
  private long totalNanos;
  private long timeToSafepointNanos;
  private long wallMillis;
  private long uptimeMillis;
  private boolean stampedAtStart;

  public PauseEvent reset() {
    stampedAtStart = false;
    kindFrom = kindTo = 0;
    totalNanos = Times.NONE;
    timeToSafepointNanos = Times.NONE;
    wallMillis = Times.NONE;
    uptimeMillis = Times.NONE;
    return this;
  }

  public PauseEvent kind(byte[] buf, int from, int to) {
    this.kindBuf = buf;
    this.kindFrom = from;
    this.kindTo = to;
    return this;
  }

  /** The whole time application threads were stopped, reaching the safepoint included. */
  public PauseEvent totalNanos(long nanos) {
    this.totalNanos = nanos;
    return this;
  }

  public PauseEvent timeToSafepointNanos(long nanos) {
    this.timeToSafepointNanos = nanos;
    return this;
  }

  public PauseEvent wallMillis(long epochMillis) {
    this.wallMillis = epochMillis;
    return this;
  }

  public PauseEvent uptimeMillis(long millis) {
    this.uptimeMillis = millis;
    return this;
  }

  /** The line's time is when the pause began, not when it ended. */
  public PauseEvent stampedAtStart(boolean atStart) {
    this.stampedAtStart = atStart;
    return this;
  }

  public boolean stampedAtStart() {
    return stampedAtStart;
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

  public boolean hasKind() {
    return kindTo > kindFrom;
  }

  public long totalNanos() {
    return totalNanos;
  }

  public long timeToSafepointNanos() {
    return timeToSafepointNanos;
  }

  public long wallMillis() {
    return wallMillis;
  }

  public long uptimeMillis() {
    return uptimeMillis;
  }
}
