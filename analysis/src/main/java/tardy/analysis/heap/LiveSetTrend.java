package tardy.analysis.heap;

import java.util.Optional;
import tardy.events.Times;
import tardy.record.heap.HeapSeries;

/**
 * The heap after the collections that leave only live objects, and whether it grows: full
 * collections when the run has {@link HeapRun.LiveSet#MIN_SAMPLES} of them, else full and G1
 * mixed ones (a mixed collection also leaves the young survivors and the old regions it did not
 * choose, so it reads a little high). A least-squares line through them says the trend, so one
 * low or high collection does not decide it.
 */
final class LiveSetTrend {

  private LiveSetTrend() {}

  static Optional<HeapRun.LiveSet> of(HeapSeries s, int from, int to, boolean uptime,
      long capacityBytes) {
    int full = 0;
    for (int i = from; i < to; i++) {
      if ((s.flags(i) & HeapSeries.FULL) != 0 && usable(s, i, uptime)) {
        full++;
      }
    }
    int mask = full >= HeapRun.LiveSet.MIN_SAMPLES ? HeapSeries.FULL
        : HeapSeries.FULL | HeapSeries.MIXED;
    long n = 0;
    double sumT = 0, sumB = 0, sumTT = 0, sumTB = 0;
    long firstBytes = 0, lastBytes = 0, firstMillis = 0, lastMillis = 0;
    for (int i = from; i < to; i++) {
      if ((s.flags(i) & mask) == 0 || !usable(s, i, uptime)) {
        continue;
      }
      long t = HeapAnalyzer.time(s, i, uptime);
      long b = s.afterBytes(i);
      if (n == 0) {
        firstBytes = b;
        firstMillis = t;
      }
      lastBytes = b;
      lastMillis = t;
      n++;
      double sec = (t - firstMillis) / 1000.0; // from the first: keeps the sums small
      sumT += sec;
      sumB += b;
      sumTT += sec * sec;
      sumTB += sec * b;
    }
    if (n == 0) {
      return Optional.empty();
    }
    double denominator = n * sumTT - sumT * sumT;
    double slope = n > 1 && denominator > 0 ? (n * sumTB - sumT * sumB) / denominator : 0;
    double intercept = (sumB - slope * sumT) / n;
    double rise = slope * (lastMillis - firstMillis) / 1000.0;
    boolean growing = n >= HeapRun.LiveSet.MIN_SAMPLES && rise > 0
        && rise >= HeapRun.LiveSet.LEAK_GROWTH * Math.max(intercept, 0)
        && rise >= HeapRun.LiveSet.LEAK_OF_CAPACITY * capacityBytes;
    return Optional.of(new HeapRun.LiveSet(mask == HeapSeries.FULL ? "full" : "full or mixed",
        n, firstBytes, lastBytes, firstMillis, lastMillis, slope, growing));
  }

  private static boolean usable(HeapSeries s, int i, boolean uptime) {
    return Times.isSet(s.afterBytes(i)) && Times.isSet(HeapAnalyzer.time(s, i, uptime));
  }
}
