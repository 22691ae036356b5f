package tardy.record;

import tardy.record.wire.Wire;

import tardy.record.grouping.Grouping;
import tardy.record.histogram.NanosHistogram;
import tardy.record.interval.Intervals;

import org.HdrHistogram.AbstractHistogram;
import tardy.events.Family;
import tardy.events.Times;

/**
 * Everything recorded for one group (an operation or a pause kind): its latency histogram and the
 * exact numbers a histogram cannot give back (min, max, sum), plus what the log tells besides the
 * latency. Mutable while recording; the analysis copies what it shows.
 */
public final class Group {

  private final String name;
  private final Family family;
  private final NanosHistogram latency;
  private NanosHistogram timeToSafepoint;
  private NanosHistogram upstream;
  private NanosHistogram serverErrors;
  private NanosHistogram clientClosedWaits;
  private long minNanos = Long.MAX_VALUE;
  private long maxNanos = Long.MIN_VALUE;
  private long sumNanos;
  private final long[] statusClasses = new long[6]; // [0] no status, [1] 1xx … [5] 5xx
  private long clientClosed;
  private long clientClosedNanos;
  private final StatusCodes errorCodes = new StatusCodes(); // 4xx and 5xx, code by code
  private long upstreamLists;
  private long upstreamSumNanos;
  private Stalls stalls; // requests, when the run has JVM pauses to meet
  private Intervals intervals; // per interval of a report's --interval, while they fit
  private int sampleRank = -1; // Grouping.sampleRank of the name, once asked
  private long slowestFloorNanos = -1; // a request must be slower to be among its slowest kept

  public Group(String name, Family family) {
    this.name = name;
    this.family = family;
    // access logs write whole milliseconds, pause logs fractions of one: only requests gain
    this.latency = family == Family.REQUEST ? NanosHistogram.withMillisFront()
        : new NanosHistogram();
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
    upstream = upstream != null ? upstream : NanosHistogram.withMillisFront();
    upstream.record(nanos);
    upstreamSumNanos += nanos;
    if (parts > 1) {
      upstreamLists++;
    }
  }

  /** The latency of a 5xx answer, kept apart so Apdex can count errors as frustrated. */
  void recordServerError(long nanos) {
    serverErrors = orNew(serverErrors);
    serverErrors.record(nanos);
  }

  /** How long a client waited before it gave up (499): recorded for those requests only. */
  void recordClientClosedWait(long nanos) {
    clientClosedWaits = orNew(clientClosedWaits);
    clientClosedWaits.record(nanos);
    clientClosedNanos += nanos;
  }

  private static NanosHistogram orNew(NanosHistogram h) {
    return h != null ? h : new NanosHistogram();
  }

  /** {@code into} plus {@code other}, either of which may be absent. */
  private static NanosHistogram sum(NanosHistogram into, NanosHistogram other) {
    if (other == null) {
      return into;
    }
    NanosHistogram h = orNew(into);
    h.add(other);
    return h;
  }

  boolean hasStalls() {
    return stalls != null;
  }

  Stalls stalls(tardy.record.pause.PauseIndex index) {
    if (stalls == null) {
      stalls = new Stalls(index.kinds().size(), index.intervals());
    }
    return stalls;
  }

  void recordStatus(int status, boolean clientAborted) {
    int cls = status >= 100 && status <= 599 ? status / 100 : 0;
    statusClasses[cls]++;
    errorCodes.record(status);
    if (clientAborted) {
      clientClosed++;
    }
  }

  /** Its latencies per interval, made on first use. */
  Intervals intervals(long lengthMillis) {
    if (intervals == null) {
      intervals = new Intervals(lengthMillis);
    }
    return intervals;
  }

  /** How many interval histograms it holds. */
  long intervalCount() {
    return intervals == null ? 0 : intervals.size();
  }

  /** The pages of counts its interval histograms hold. */
  long intervalPages() {
    return intervals == null ? 0 : intervals.pages();
  }

  /** Its intervals go: there are too many of all groups' to keep (see ReportIntervals). */
  void dropIntervals() {
    intervals = null;
  }

  /** The time a request must exceed to be among its slowest kept (SlowestRequests); -1: any. */
  long slowestFloorNanos() {
    return slowestFloorNanos;
  }

  void slowestFloorNanos(long nanos) {
    slowestFloorNanos = nanos;
  }

  /** Its place among the traffic sample's heaviest groups ({@link Grouping#sampleRank}). */
  int sampleRank(Grouping grouping) {
    if (sampleRank < 0) {
      sampleRank = grouping.sampleRank(name);
    }
    return sampleRank;
  }

  /**
   * A group known by its latencies alone, as a histogram table's rows keep it: no status, no
   * upstream, no time to safepoint.
   *
   * @param minNanos the exact minimum, or the histogram's when a row did not keep it
   * @param sumNanos the exact sum, or the histogram's estimate when a row did not keep it
   */
  public static Group ofLatencies(String name, Family family, AbstractHistogram latency,
      long minNanos, long maxNanos, long sumNanos) {
    Group g = new Group(name, family);
    g.latency.add(latency);
    if (latency.getTotalCount() > 0) {
      g.minNanos = minNanos;
      g.maxNanos = maxNanos;
      g.sumNanos = sumNanos;
    }
    return g;
  }

  /** A total's intervals are its family's, recorded once, not the sum of its groups'. */
  public void replaceIntervals(Intervals family) {
    intervals = family;
  }

  /** Adds everything another group recorded (a later chunk, or a group folded into this one). */
  public void add(Group other) {
    latency.add(other.latency);
    if (other.intervals != null) {
      intervals(other.intervals.lengthMillis()).add(other.intervals);
    }
    if (other.count() > 0) {
      minNanos = Math.min(minNanos, other.minNanos);
      maxNanos = Math.max(maxNanos, other.maxNanos);
    }
    sumNanos += other.sumNanos;
    timeToSafepoint = sum(timeToSafepoint, other.timeToSafepoint);
    upstream = sum(upstream, other.upstream);
    serverErrors = sum(serverErrors, other.serverErrors);
    clientClosedWaits = sum(clientClosedWaits, other.clientClosedWaits);
    for (int i = 0; i < statusClasses.length; i++) {
      statusClasses[i] += other.statusClasses[i];
    }
    clientClosed += other.clientClosed;
    clientClosedNanos += other.clientClosedNanos;
    errorCodes.add(other.errorCodes);
    upstreamLists += other.upstreamLists;
    upstreamSumNanos += other.upstreamSumNanos;
  }

  /** Adds another group's meetings with the JVM's pauses (of the same pause index). */
  void addStalls(Group other, tardy.record.pause.PauseIndex index) {
    if (other.stalls != null) {
      stalls(index).add(other.stalls, index);
    }
  }

  /** Everything recorded, for {@link ResultCodec}. */
  void write(java.io.DataOutput out) throws java.io.IOException {
    Wire.writeString(out, name);
    out.writeByte(family.ordinal());
    for (NanosHistogram h : new NanosHistogram[] {latency, timeToSafepoint, upstream,
        serverErrors, clientClosedWaits}) {
      Wire.writeHistogram(h == null ? null : h.toHdrHistogram(), out);
    }
    out.writeLong(minNanos);
    out.writeLong(maxNanos);
    out.writeLong(sumNanos);
    for (long c : statusClasses) {
      out.writeLong(c);
    }
    out.writeLong(clientClosed);
    out.writeLong(clientClosedNanos);
    errorCodes.write(out);
    out.writeLong(upstreamLists);
    out.writeLong(upstreamSumNanos);
    out.writeBoolean(stalls != null);
    if (stalls != null) {
      stalls.write(out);
    }
    out.writeLong(intervals == null ? 0 : intervals.lengthMillis());
    if (intervals != null) {
      intervals.write(out);
    }
  }

  /** What {@link #write} wrote. */
  static Group read(java.io.DataInput in) throws java.io.IOException {
    String name = Wire.readString(in);
    int family = in.readUnsignedByte();
    if (family >= Family.values().length) {
      throw new java.io.IOException("not a family: " + family);
    }
    Group g = new Group(name, Family.values()[family]);
    g.latency.add(Wire.readHistogram(in));
    g.timeToSafepoint = decoded(Wire.readHistogram(in));
    g.upstream = decoded(Wire.readHistogram(in));
    g.serverErrors = decoded(Wire.readHistogram(in));
    g.clientClosedWaits = decoded(Wire.readHistogram(in));
    g.minNanos = in.readLong();
    g.maxNanos = in.readLong();
    g.sumNanos = in.readLong();
    for (int i = 0; i < g.statusClasses.length; i++) {
      g.statusClasses[i] = in.readLong();
    }
    g.clientClosed = in.readLong();
    g.clientClosedNanos = in.readLong();
    g.errorCodes.add(StatusCodes.read(in));
    g.upstreamLists = in.readLong();
    g.upstreamSumNanos = in.readLong();
    g.stalls = in.readBoolean() ? Stalls.read(in) : null;
    long length = in.readLong();
    g.intervals = length > 0 ? Intervals.read(in, length) : null;
    return g;
  }

  private static NanosHistogram decoded(AbstractHistogram h) {
    if (h == null) {
      return null;
    }
    NanosHistogram g = new NanosHistogram();
    g.add(h);
    return g;
  }

  public String name() {
    return name;
  }

  /** Requests, safepoints, GC pauses or stalls: groups of different families never add up. */
  public Family family() {
    return family;
  }

  public long count() {
    return latency.totalCount();
  }

  public NanosHistogram latency() {
    return latency;
  }

  /** Null when the log gave no time to safepoint for this group. */
  public NanosHistogram timeToSafepoint() {
    return timeToSafepoint;
  }

  /** Null when the log gave no upstream time for this group. */
  public NanosHistogram upstream() {
    return upstream;
  }

  /** Latencies of 5xx answers only; null when there were none. */
  public NanosHistogram serverErrors() {
    return serverErrors;
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

  /** Answers per error status (400 to 599), lowest code first. */
  public java.util.List<StatusCodes.Code> errorCodes() {
    return errorCodes.all();
  }

  public long clientClosed() {
    return clientClosed;
  }

  /** How long the clients of 499 answers waited before they gave up; null when there were none. */
  public NanosHistogram clientClosedWaits() {
    return clientClosedWaits;
  }

  /** The exact sum of the 499 answers' request times. */
  public long clientClosedNanos() {
    return clientClosedNanos;
  }

  /** The exact sum of the upstream times recorded. */
  public long upstreamSumNanos() {
    return upstreamSumNanos;
  }

  /** Its latencies per interval of --interval; null without one or when they did not fit. */
  public Intervals intervals() {
    return intervals;
  }

  /** What this operation's requests met of the JVM's pauses; null without a pause timeline. */
  public Stalls stalls() {
    return stalls;
  }

  /** Requests whose upstream time was a list of several (retries or internal redirects). */
  public long upstreamLists() {
    return upstreamLists;
  }

}
