package tardy.analysis;

import tardy.record.Group;
import tardy.record.Stalls;
import tardy.record.StatusCodes;
import tardy.record.histogram.NanosHistogram;
import tardy.record.histogram.Percentiles;

import org.HdrHistogram.AbstractHistogram;
import tardy.analysis.Judgement;
import tardy.events.Family;

/**
 * What a report shows of one group, computed once: renderers read it and compute nothing.
 *
 * @param key the operation, pause kind, or requirement name
 * @param family what the numbers are: requests, safepoints, GC pauses or stalls
 * @param ttsp null when the log gave no time to safepoint
 * @param upstream null when the log gave no backend time
 * @param statusClasses index 1 is 1xx … 5 is 5xx, 0 no status
 * @param errorCodes answers per error status (400 to 599), lowest code first
 * @param upstreamLists requests whose upstream time was a list: retries ({@code a, b}) or
 *     internal redirects ({@code a : b}), summed into one upstream time
 * @param latencyCounts the latency histogram: the group's own, not a copy, because recording has
 *     ended when an analysis is made, and copying every histogram of a large analysis costs more
 *     than the rest of making it
 * @param serverErrorCounts the latencies of 5xx answers, null when there were none
 * @param judgement null outside {@code check}, or when no requirement judges this group
 * @param stalls what the group's requests met of the JVM's pauses; null without a pause timeline
 * @param intervals per interval of {@code --interval} in time order, those with events; empty
 *     without one
 */
public record Summary(
    String key,
    Family family,
    long count,
    long minNanos,
    long maxNanos,
    long sumNanos,
    Percentiles latency,
    Percentiles ttsp,
    Percentiles upstream,
    long[] statusClasses,
    long clientClosed,
    java.util.List<StatusCodes.Code> errorCodes,
    long upstreamLists,
    NanosHistogram latencyCounts,
    NanosHistogram serverErrorCounts,
    Judgement judgement,
    Stalls stalls,
    java.util.List<Interval> intervals) {

  /**
   * One interval of the log's clock: {@code [startMillis, startMillis + lengthMillis)}, its
   * events' count and percentiles ("100" the exact max of the interval).
   */
  public record Interval(long startMillis, long lengthMillis, long count, Percentiles latency) {}

  public Summary {
    intervals = java.util.List.copyOf(intervals);
    errorCodes = java.util.List.copyOf(errorCodes);
  }

  public static Summary of(Group g, Judgement judgement) {
    return new Summary(
        g.name(),
        g.family(),
        g.count(),
        g.minNanos(),
        g.maxNanos(),
        g.sumNanos(),
        g.count() == 0 ? Percentiles.of(g.latency()) : Percentiles.of(g.latency()).atMost(g.maxNanos()),
        g.timeToSafepoint() == null ? null : Percentiles.of(g.timeToSafepoint()),
        g.upstream() == null ? null : Percentiles.of(g.upstream()),
        g.statusClasses(),
        g.clientClosed(),
        g.errorCodes(),
        g.upstreamLists(),
        g.latency(),
        g.serverErrors(),
        judgement,
        g.stalls(),
        intervalsOf(g));
  }

  /** Per interval of --interval, in time order; empty without one or when they did not fit. */
  private static java.util.List<Interval> intervalsOf(Group g) {
    if (g.intervals() == null) {
      return java.util.List.of();
    }
    java.util.List<Interval> out = new java.util.ArrayList<>(g.intervals().size());
    g.intervals().forEach((start, length, latency, max) ->
        out.add(new Interval(start, length, latency.totalCount(), Percentiles.of(latency).atMost(max))));
    return out;
  }

  /** A group nothing was recorded for: a requirement that no request or pause matched. */
  public static Summary empty(String key, Family family) {
    return of(new Group(key, family), null);
  }

  /**
   * The latency histogram as HdrHistogram's, for what needs its API (charts, .hgrm, arbitrary
   * percentiles and counts below a limit): a new one each call, made from the counts in use.
   */
  public AbstractHistogram histogram() {
    return latencyCounts.toHdrHistogram();
  }

  /** The latencies of 5xx answers as HdrHistogram's (a new one each call); null when none. */
  public AbstractHistogram serverErrors() {
    return serverErrorCounts == null ? null : serverErrorCounts.toHdrHistogram();
  }

  /** The same numbers without the per-interval ones, which only some groups keep. */
  Summary withoutIntervals() {
    return new Summary(key, family, count, minNanos, maxNanos, sumNanos, latency, ttsp, upstream,
        statusClasses, clientClosed, errorCodes, upstreamLists, latencyCounts, serverErrorCounts, judgement,
        stalls, java.util.List.of());
  }

  public Summary withJudgement(Judgement j) {
    return new Summary(key, family, count, minNanos, maxNanos, sumNanos, latency, ttsp, upstream,
        statusClasses, clientClosed, errorCodes, upstreamLists, latencyCounts, serverErrorCounts, j, stalls,
        intervals);
  }
}
