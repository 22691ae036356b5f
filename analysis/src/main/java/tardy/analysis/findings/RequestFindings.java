package tardy.analysis.findings;

import tardy.record.evidence.Signature;
import tardy.record.evidence.Thresholds;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tardy.record.Group;
import tardy.record.histogram.NanosHistogram;
import tardy.events.Family;
import tardy.events.Times;

/**
 * The access logs' findings, read from what each operation recorded (its latency and upstream
 * histograms, the 499s' waits): nothing more is kept per request. The inverse of time outside the
 * backend, a slow backend, is no finding: the numbers already show it.
 */
final class RequestFindings {

  private static final long MS = 1_000_000;

  private RequestFindings() {}

  static List<Finding> of(List<Group> groups) {
    List<Finding> out = new ArrayList<>();
    for (Group g : groups) {
      if (g.family() != Family.REQUEST) {
        continue;
      }
      outsideBackend(g).ifPresent(out::add);
      clientsGaveUp(g).ifPresent(out::add);
    }
    return out;
  }

  /** The tail of the request time well above the tail of the upstream time, same requests. */
  static Optional<Finding> outsideBackend(Group g) {
    NanosHistogram upstream = g.upstream();
    if (upstream == null) {
      return Optional.empty();
    }
    long with = upstream.totalCount();
    if (with < Thresholds.OUTSIDE_MIN_REQUESTS
        || with * 100 < Thresholds.OUTSIDE_MIN_COVER_PERCENT * g.count()) {
      return Optional.empty();
    }
    long request = Math.min(g.latency().valueAtPercentile(99), g.maxNanos());
    long backend = upstream.valueAtPercentile(99);
    if (request < Thresholds.OUTSIDE_RATIO * backend
        || request - backend < Thresholds.OUTSIDE_MIN_MS * MS) {
      return Optional.empty();
    }
    long outside = Math.max(0, g.sumNanos() - g.upstreamSumNanos());
    double share = g.sumNanos() > 0 ? (double) outside / g.sumNanos() : 0;
    return Optional.of(finding(Signature.TIME_OUTSIDE_BACKEND, g, with, outside, share,
        new Finding.Requests(g.count(), with, request, backend, Times.NONE, Times.NONE,
            Times.NONE, 0, Times.NONE, Times.NONE)));
  }

  /** Enough 499s, with how long their clients waited and where those waits cluster. */
  static Optional<Finding> clientsGaveUp(Group g) {
    NanosHistogram waits = g.clientClosedWaits();
    long closed = g.clientClosed();
    if (waits == null || closed < Thresholds.GAVE_UP_MIN_COUNT
        || closed * 100 < Thresholds.GAVE_UP_MIN_PERCENT * g.count()) {
      return Optional.empty();
    }
    long[] median = waits.valuesAtPercentiles(50, 100);
    Cluster c = Cluster.densest(waits);
    boolean clusters = c.count() * 100 >= Thresholds.CLUSTER_MIN_PERCENT * waits.totalCount()
        && c.fromNanos() >= Thresholds.CLUSTER_MIN_MS * MS;
    return Optional.of(finding(Signature.CLIENTS_GAVE_UP, g, closed, g.clientClosedNanos(),
        (double) closed / g.count(),
        new Finding.Requests(g.count(), Times.NONE, Times.NONE, Times.NONE, closed, median[0],
            median[1], clusters ? c.count() : 0, clusters ? c.fromNanos() : Times.NONE,
            clusters ? c.toNanos() : Times.NONE, Math.min(closed, logged499(g)))));
  }

  /** How many of the group's requests were logged with status 499. */
  private static long logged499(Group g) {
    for (tardy.record.StatusCodes.Code code : g.errorCodes()) {
      if (code.status() == 499) {
        return code.count();
      }
    }
    return 0;
  }

  private static Finding finding(Signature s, Group g, long count, long nanos, double share,
      Finding.Requests requests) {
    return new Finding(s, g.name(), count, nanos, share, List.of(), List.of(), Optional.empty(),
        Optional.of(requests));
  }

  /**
   * The most waits within {@link Thresholds#CLUSTER_WIDTH} of one another, from the histogram's
   * buckets (so bounded by them, not by the requests): the bucket range's lowest and highest
   * value and how many waits it holds; the earliest such range when several hold as many.
   */
  record Cluster(long count, long fromNanos, long toNanos) {

    static Cluster densest(NanosHistogram h) {
      List<long[]> buckets = new ArrayList<>(); // {lowest value, count}
      h.forEachCount((index, count) ->
          buckets.add(new long[] {NanosHistogram.valueFromIndex(index), count}));
      Cluster best = new Cluster(0, Times.NONE, Times.NONE);
      long inWindow = 0;
      int from = 0;
      for (int to = 0; to < buckets.size(); to++) {
        inWindow += buckets.get(to)[1];
        long top = NanosHistogram.highestEquivalentValue(buckets.get(to)[0]);
        while (from < to && top > Thresholds.CLUSTER_WIDTH * buckets.get(from)[0]) {
          inWindow -= buckets.get(from++)[1];
        }
        if (inWindow > best.count()) {
          best = new Cluster(inWindow, buckets.get(from)[0], top);
        }
      }
      return best;
    }
  }
}
