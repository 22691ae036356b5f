package tardy.analysis.compare;

import tardy.record.histogram.NanosHistogram;

/**
 * Whether two histograms differ at one quantile: the quantile test (Mood's median test carried to
 * any quantile). The pooled sample's q-quantile bucket v is found; under the hypothesis that both
 * sides draw from one distribution, which side each of the pooled values at or below v came from
 * is a random draw, so the count of "before" values at or below v is hypergeometric. Its normal
 * approximation, with a continuity correction, gives a two-sided p-value.
 *
 * <p>Why this test: it asks the question a percentile budget asks (is p99 higher?), not whether
 * the distributions differ somewhere; it needs only counts at or below one bucket, so histogram
 * buckets lose nothing the test uses (ties at v are part of its exact conditional law); it makes
 * no assumption about the distribution's shape; and it is deterministic, so the same inputs give
 * the same verdict. It assumes requests are independent draws, which logs under load violate
 * (requests queued behind one pause are slow together): see docs/compare.md.
 */
public final class QuantileTest {

  /** Each side needs this many values expected on each side of the quantile for a verdict. */
  public static final double MIN_EXPECTED = 5;

  /**
   * @param pValue two-sided; NaN when insufficient
   * @param slower whether the after side holds fewer values at or below the pooled quantile
   * @param sufficient whether both sides hold enough values around the quantile to judge
   */
  public record Outcome(double pValue, boolean slower, boolean sufficient) {}

  private QuantileTest() {}

  /** Values a side needs for a verdict at {@code percentile}: p50 10, p90 50, p99 500, p99.9 5,000. */
  public static long minCount(double percentile) {
    double q = percentile / 100.0;
    return (long) Math.ceil(MIN_EXPECTED / Math.min(q, 1 - q) - 1e-9);
  }

  public static Outcome test(NanosHistogram before, NanosHistogram after, double percentile) {
    long n1 = before.totalCount();
    long n2 = after.totalCount();
    long need = minCount(percentile);
    if (n1 < need || n2 < need) {
      return new Outcome(Double.NaN, false, false);
    }
    long total = n1 + n2;
    // the rank of the pooled quantile, as HdrHistogram counts it: at least one value
    long rank = Math.max(1, (long) Math.ceil(percentile / 100.0 * total - 1e-9));
    int quantileIndex = pooledIndexAtRank(before, after, rank);
    long beforeBelow = countAtOrBelow(before, quantileIndex);
    long afterBelow = countAtOrBelow(after, quantileIndex);
    long below = beforeBelow + afterBelow;
    long above = total - below;
    if (below == 0 || above == 0) { // every value in one bucket's range: nothing tells them apart
      return new Outcome(1.0, false, true);
    }
    double mean = (double) n1 * below / total;
    double variance = (double) n1 * n2 / total * below / total * above / (total - 1);
    // the continuity correction: a count is an integer, and without it the tail quantiles' few
    // values gave p-values below the exact law's (0.057 for 0.079)
    double distance = Math.max(0, Math.abs(beforeBelow - mean) - 0.5);
    double z = distance / Math.sqrt(variance);
    return new Outcome(Normal.twoSidedP(z), beforeBelow > mean, true);
  }

  /** The histogram index of the pooled {@code rank}-th smallest value. */
  static int pooledIndexAtRank(NanosHistogram a, NanosHistogram b, long rank) {
    java.util.TreeMap<Integer, Long> pooled = new java.util.TreeMap<>();
    a.forEachCount((index, count) -> pooled.merge(index, count, Long::sum));
    b.forEachCount((index, count) -> pooled.merge(index, count, Long::sum));
    long seen = 0;
    for (var e : pooled.entrySet()) {
      seen += e.getValue();
      if (seen >= rank) {
        return e.getKey();
      }
    }
    return pooled.lastKey();
  }

  static long countAtOrBelow(NanosHistogram h, int index) {
    long[] sum = new long[1];
    h.forEachCount((i, count) -> {
      if (i <= index) {
        sum[0] += count;
      }
    });
    return sum[0];
  }
}
