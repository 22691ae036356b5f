package tardy.parse;

/**
 * One request from an access log, as byte ranges into the line plus primitives. A parser reuses
 * one instance for every line ({@link #reset}); sinks must copy what they keep.
 *
 * <p>Durations are nanoseconds, {@link Times#NONE} when the log gave none. The time is epoch
 * milliseconds when the log has a timestamp.
 */
public final class RequestEvent {

  private byte[] buf = new byte[0];
  private int methodFrom;
  private int methodTo;
  private int targetFrom;
  private int targetTo;
  private boolean wellFormed;
  private int status;
  private long latencyNanos;
  private long upstreamNanos;
  private int upstreamParts;
  private long wallMillis;

  /** Clears every field; the byte ranges will point into {@code buf}. */
  public RequestEvent reset(byte[] buf) {
    this.buf = buf;
    methodFrom = methodTo = targetFrom = targetTo = 0;
    wellFormed = false;
    status = 0;
    latencyNanos = Times.NONE;
    upstreamNanos = Times.NONE;
    upstreamParts = 0;
    wallMillis = Times.NONE;
    return this;
  }

  /**
   * The request line was {@code METHOD target [PROTOCOL]}: the method is {@code buf[methodFrom,
   * methodTo)} and the target (path and query, still escaped as logged) {@code buf[targetFrom,
   * targetTo)}. Without a call to this, the request counts as "(invalid request)".
   */
  public RequestEvent request(int methodFrom, int methodTo, int targetFrom, int targetTo) {
    this.methodFrom = methodFrom;
    this.methodTo = methodTo;
    this.targetFrom = targetFrom;
    this.targetTo = targetTo;
    this.wellFormed = true;
    return this;
  }

  public RequestEvent status(int status) {
    this.status = status;
    return this;
  }

  public RequestEvent latencyNanos(long nanos) {
    this.latencyNanos = nanos;
    return this;
  }

  /** The backend's time, summed over retries and redirects, and how many parts were summed. */
  public RequestEvent upstream(long nanos, int parts) {
    this.upstreamNanos = nanos;
    this.upstreamParts = parts;
    return this;
  }

  public RequestEvent wallMillis(long epochMillis) {
    this.wallMillis = epochMillis;
    return this;
  }

  public byte[] buf() {
    return buf;
  }

  public boolean wellFormed() {
    return wellFormed;
  }

  public int methodFrom() {
    return methodFrom;
  }

  public int methodTo() {
    return methodTo;
  }

  public int targetFrom() {
    return targetFrom;
  }

  public int targetTo() {
    return targetTo;
  }

  /** The HTTP status, or 0 when the log has none. */
  public int status() {
    return status;
  }

  public long latencyNanos() {
    return latencyNanos;
  }

  public long upstreamNanos() {
    return upstreamNanos;
  }

  public int upstreamParts() {
    return upstreamParts;
  }

  public long wallMillis() {
    return wallMillis;
  }
}
