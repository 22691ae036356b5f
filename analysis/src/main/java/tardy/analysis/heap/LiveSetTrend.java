package tardy.analysis.heap;

import java.util.Optional;
import java.util.function.IntToLongFunction;
import tardy.events.Times;
import tardy.record.heap.HeapSeries;

/**
 * The heap after the collections that leave only live objects, and whether it grows: full
 * collections when the run has {@link HeapRun.LiveSet#MIN_SAMPLES} of them, else full and G1
 * mixed ones (a mixed collection also leaves the young survivors and the old regions it did not
 * choose, so it reads a little high). A robust line through them says the trend ({@link #slope}).
 */
final class LiveSetTrend {

  private LiveSetTrend() {}

  static Optional<HeapRun.LiveSet> of(HeapSeries s, int from, int to, boolean uptime,
      long capacityBytes) {
    return of(s, from, to, uptime, capacityBytes, s::afterBytes);
  }

  /**
   * The same through {@code after}, the bytes after each collection that are read: the heap, or
   * the old generation (its floor).
   */
  static Optional<HeapRun.LiveSet> of(HeapSeries s, int from, int to, boolean uptime,
      long capacityBytes, IntToLongFunction after) {
    int full = 0;
    for (int i = from; i < to; i++) {
      if ((s.flags(i) & HeapSeries.FULL) != 0 && usable(s, i, uptime, after)) {
        full++;
      }
    }
    int mask = full >= HeapRun.LiveSet.MIN_SAMPLES ? HeapSeries.FULL
        : HeapSeries.FULL | HeapSeries.MIXED;
    int n = 0;
    long[] millis = new long[to - from];
    long[] bytes = new long[to - from];
    for (int i = from; i < to; i++) {
      if ((s.flags(i) & mask) != 0 && usable(s, i, uptime, after)) {
        millis[n] = HeapAnalyzer.time(s, i, uptime);
        bytes[n] = after.applyAsLong(i);
        n++;
      }
    }
    return of(millis, bytes, n, mask == HeapSeries.FULL ? "full" : "full or mixed", capacityBytes);
  }

  /**
   * The trend through {@code n} collections, {@code bytes} after each at {@code millis}, named
   * {@code from}; empty without any.
   */
  static Optional<HeapRun.LiveSet> of(long[] millis, long[] bytes, int n, String from,
      long capacityBytes) {
    if (n == 0) {
      return Optional.empty();
    }
    double slope = slope(millis, bytes, n);
    double[] intercepts = new double[n];
    for (int i = 0; i < n; i++) {
      intercepts[i] = bytes[i] - slope * (millis[i] - millis[0]) / 1000.0;
    }
    double start = median(intercepts, n);
    double rise = slope * (millis[n - 1] - millis[0]) / 1000.0;
    boolean growing = n >= HeapRun.LiveSet.MIN_SAMPLES && rise > 0
        && rise >= HeapRun.LiveSet.LEAK_GROWTH * Math.max(start, 0)
        && rise >= HeapRun.LiveSet.LEAK_OF_CAPACITY * capacityBytes;
    return Optional.of(new HeapRun.LiveSet(from, n, bytes[0], bytes[n - 1], millis[0],
        millis[n - 1], slope, growing, Math.round(Math.max(start, 0))));
  }

  /**
   * Bytes per second: the median of the slopes from each collection to the one half the
   * collections later (those apart in time), so that a few collections far off the line (a full
   * collection as the JVM exits, with nothing live) do not turn it, as they turn a least-squares
   * line; 0 with fewer than two collections apart in time.
   */
  static double slope(long[] millis, long[] bytes, int n) {
    int half = Math.max(1, n / 2);
    double[] slopes = new double[n];
    int k = 0;
    for (int i = 0; i + half < n; i++) {
      long dt = millis[i + half] - millis[i];
      if (dt > 0) {
        slopes[k++] = (bytes[i + half] - bytes[i]) * 1000.0 / dt;
      }
    }
    return k == 0 ? 0 : median(slopes, k);
  }

  private static double median(double[] values, int n) {
    double[] sorted = java.util.Arrays.copyOf(values, n);
    java.util.Arrays.sort(sorted);
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private static boolean usable(HeapSeries s, int i, boolean uptime, IntToLongFunction after) {
    return Times.isSet(after.applyAsLong(i)) && Times.isSet(HeapAnalyzer.time(s, i, uptime));
  }
}
