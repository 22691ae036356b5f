package tardy.classify;

import org.HdrHistogram.AbstractHistogram;
import tardy.parse.Family;
import tardy.parse.Times;

/**
 * Everything recorded for one group (an operation or a pause kind): its latency histogram and the
 * exact numbers a histogram cannot give back (min, max, sum), plus what the log tells besides the
 * latency. Mutable while recording; the analysis copies what it shows.
 */
public final class Group {

  /** nginx's status for a request the client gave up on before the answer. */
  public static final int CLIENT_CLOSED = 499;

  private final String name;
  private final Family family;
  private final GrowingHistogram.DenseBudget budget;
  private final GrowingHistogram latency;
  private GrowingHistogram timeToSafepoint;
  private GrowingHistogram upstream;
  private GrowingHistogram serverErrors;
  private long minNanos = Long.MAX_VALUE;
  private long maxNanos = Long.MIN_VALUE;
  private long sumNanos;
  private final long[] statusClasses = new long[6]; // [0] no status, [1] 1xx … [5] 5xx
  private long clientClosed;
  private long upstreamLists;

  Group(String name, Family family) {
    this(name, family, GrowingHistogram.DenseBudget.perRecorder());
  }

  /** @param budget how many of the recorder's histograms may still turn dense */
  Group(String name, Family family, GrowingHistogram.DenseBudget budget) {
    this.name = name;
    this.family = family;
    this.budget = budget;
    this.latency = new GrowingHistogram(budget);
  }

  void recordLatency(long nanos) {
    latency.record(nanos);
    minNanos = Math.min(minNanos, nanos);
    maxNanos = Math.max(maxNanos, nanos);
    sumNanos += nanos;
  }

  void recordTimeToSafepoint(long nanos) {
    timeToSafepoint = orNew(timeToSafepoint);
    timeToSafepoint.record(nanos);
  }

  /** @param parts how many upstream times the log listed for the request (retries, redirects) */
  void recordUpstream(long nanos, int parts) {
    upstream = orNew(upstream);
    upstream.record(nanos);
    if (parts > 1) {
      upstreamLists++;
    }
  }

  /** The latency of a 5xx answer, kept apart so Apdex can count errors as frustrated. */
  void recordServerError(long nanos) {
    serverErrors = orNew(serverErrors);
    serverErrors.record(nanos);
  }

  private GrowingHistogram orNew(GrowingHistogram h) {
    return h != null ? h : new GrowingHistogram(budget);
  }

  /** {@code into} plus {@code other}, either of which may be absent. */
  private GrowingHistogram sum(GrowingHistogram into, GrowingHistogram other) {
    if (other == null) {
      return into;
    }
    GrowingHistogram h = orNew(into);
    h.add(other);
    return h;
  }

  void recordStatus(int status) {
    int cls = status >= 100 && status <= 599 ? status / 100 : 0;
    statusClasses[cls]++;
    if (status == CLIENT_CLOSED) {
      clientClosed++;
    }
  }

  /** Adds everything another group recorded (a later chunk, or a group folded into this one). */
  void add(Group other) {
    latency.add(other.latency);
    if (other.count() > 0) {
      minNanos = Math.min(minNanos, other.minNanos);
      maxNanos = Math.max(maxNanos, other.maxNanos);
    }
    sumNanos += other.sumNanos;
    timeToSafepoint = sum(timeToSafepoint, other.timeToSafepoint);
    upstream = sum(upstream, other.upstream);
    serverErrors = sum(serverErrors, other.serverErrors);
    for (int i = 0; i < statusClasses.length; i++) {
      statusClasses[i] += other.statusClasses[i];
    }
    clientClosed += other.clientClosed;
    upstreamLists += other.upstreamLists;
  }

  public String name() {
    return name;
  }

  /** Requests, safepoints, GC pauses or stalls: groups of different families never add up. */
  public Family family() {
    return family;
  }

  public long count() {
    return latency.histogram().getTotalCount();
  }

  public AbstractHistogram latency() {
    return latency.histogram();
  }

  /** Null when the log gave no time to safepoint for this group. */
  public AbstractHistogram timeToSafepoint() {
    return timeToSafepoint == null ? null : timeToSafepoint.histogram();
  }

  /** Null when the log gave no upstream time for this group. */
  public AbstractHistogram upstream() {
    return upstream == null ? null : upstream.histogram();
  }

  /** Latencies of 5xx answers only; null when there were none. */
  public AbstractHistogram serverErrors() {
    return serverErrors == null ? null : serverErrors.histogram();
  }

  /** The exact smallest latency, {@link Times#NONE} when empty. */
  public long minNanos() {
    return count() == 0 ? Times.NONE : minNanos;
  }

  /** The exact largest latency, {@link Times#NONE} when empty. */
  public long maxNanos() {
    return count() == 0 ? Times.NONE : maxNanos;
  }

  /** The exact sum of all latencies: for pauses, the time the application stood still. */
  public long sumNanos() {
    return sumNanos;
  }

  /** Counts per status class: index 1 is 1xx … 5 is 5xx, 0 is "no status". */
  public long[] statusClasses() {
    return statusClasses.clone();
  }

  public long clientClosed() {
    return clientClosed;
  }

  /** Requests whose upstream time was a list of several (retries or internal redirects). */
  public long upstreamLists() {
    return upstreamLists;
  }

}
