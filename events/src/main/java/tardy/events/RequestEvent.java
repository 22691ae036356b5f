package tardy.events;

/**
 * One request from an access log, as byte ranges into the line plus primitives. A parser reuses
 * one instance for every line ({@link #reset}); sinks must copy what they keep.
 *
 * <p>Durations are nanoseconds, {@link Times#NONE} when the log gave none. The time is epoch
 * milliseconds when the log has a timestamp: the time nginx wrote the line, when the request
 * ended. Its resolution is 1 s unless the parser says better ({@code $msec}: 1 ms).
 */
public final class RequestEvent {

  private byte[] buf = new byte[0];
  private int methodFrom;
  private int methodTo;
  private int targetFrom;
  private int targetTo;
  private int illFormed = 1; // 0 once a method and target are set: a number, for RareBranch tests
  private boolean asSent;
  private boolean clientAborted;
  private boolean serverTimedOut;
  private int status;
  private long latencyNanos;
  private long upstreamNanos;
  private int upstreamParts;
  private long wallMillis;
  private int wallResolutionMillis;
  private int backendFrom;
  private int backendTo;
  private int requestIdFrom;
  private int requestIdTo;
  private int hostFrom;
  private int hostTo;

  /** Clears every field; the byte ranges will point into {@code buf}. */
  public RequestEvent reset(byte[] buf) {
    this.buf = buf;
    methodFrom = methodTo = targetFrom = targetTo = 0;
    illFormed = 1;
    asSent = false;
    clientAborted = false;
    serverTimedOut = false;
    status = 0;
    latencyNanos = Times.NONE;
    upstreamNanos = Times.NONE;
    upstreamParts = 0;
    wallMillis = Times.NONE;
    wallResolutionMillis = 1000;
    backendFrom = backendTo = 0;
    requestIdFrom = requestIdTo = 0;
    hostFrom = hostTo = 0;
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
    this.illFormed = 0;
    return this;
  }

  public RequestEvent status(int status) {
    this.status = status;
    return this;
  }

  /**
   * The client went away before the answer was complete (nginx's 499): its latency is how long the client waited, not how long the answer took.
   */
  public RequestEvent clientAborted(boolean aborted) {
    this.clientAborted = aborted;
    return this;
  }

  /** Whether the client went away before the answer was complete ({@link #clientAborted(boolean)}). */
  public boolean clientAborted() {
    return clientAborted;
  }

  /**
   * The server behind the proxy did not answer in time (HAProxy's {@code sH}, {@code sD}
   * termination states, Envoy's {@code UT} flag): its latency is the proxy's timeout, not the
   * server's time to answer.
   */
  public RequestEvent serverTimedOut(boolean timedOut) {
    this.serverTimedOut = timedOut;
    return this;
  }

  /** Whether the server did not answer in time ({@link #serverTimedOut(boolean)}). */
  public boolean serverTimedOut() {
    return serverTimedOut;
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

  /** How far the true end may lie after {@link #wallMillis()}: 1000 for whole seconds, 1 for ms. */
  public RequestEvent wallResolutionMillis(int millis) {
    this.wallResolutionMillis = millis;
    return this;
  }

  /**
   * Where the proxy sent the request, {@code buf[from, to)}: HAProxy's backend ({@code %b}), a
   * name of the proxy's configuration, so operations can be told apart per backend.
   */
  public RequestEvent backend(int from, int to) {
    this.backendFrom = from;
    this.backendTo = to;
    return this;
  }

  /** Whether the log named the request's backend ({@link #backend(int, int)}). */
  public boolean hasBackend() {
    return backendTo > backendFrom;
  }

  public int backendFrom() {
    return backendFrom;
  }

  public int backendTo() {
    return backendTo;
  }

  /**
   * The id the log gave the request, {@code buf[from, to)}: a request id or trace id (Envoy's
   * {@code x-request-id}, nginx's {@code $request_id}, HAProxy's {@code %ID}, ALB's trace id),
   * shown with the slowest requests so one can be found in other systems' logs.
   */
  public RequestEvent requestId(int from, int to) {
    this.requestIdFrom = from;
    this.requestIdTo = to;
    return this;
  }

  /** Whether the log gave the request an id ({@link #requestId(int, int)}). */
  public boolean hasRequestId() {
    return requestIdTo > requestIdFrom;
  }

  public int requestIdFrom() {
    return requestIdFrom;
  }

  public int requestIdTo() {
    return requestIdTo;
  }

  /**
   * The host that served the request, {@code buf[from, to)}: nginx's {@code $hostname}, so that
   * one file holding many hosts' lines (a central collector's) gives each host's latencies.
   */
  public RequestEvent host(int from, int to) {
    this.hostFrom = from;
    this.hostTo = to;
    return this;
  }

  /** Whether the line named the host that served it ({@link #host(int, int)}). */
  public boolean hasHost() {
    return hostTo > hostFrom;
  }

  public int hostFrom() {
    return hostFrom;
  }

  public int hostTo() {
    return hostTo;
  }

  public byte[] buf() {
    return buf;
  }

  public boolean wellFormed() {
    return illFormed == 0;
  }

  /** 0 when {@link #wellFormed()}, else 1: for a per-line test with no branch of its own. */
  public int illFormed() {
    return illFormed;
  }

  /**
   * The method and target are the client's bytes as they came (nginx's {@code escape=none}), not
   * escaped: a backslash in them is the client's.
   */
  public RequestEvent asSent() {
    this.asSent = true;
    return this;
  }

  /** Whether the method and target are the client's bytes unescaped ({@link #asSent()}). */
  public boolean isAsSent() {
    return asSent;
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

  public int wallResolutionMillis() {
    return wallResolutionMillis;
  }
}
