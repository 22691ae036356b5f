package tardy.analysis.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import tardy.record.histogram.NanosHistogram;

/**
 * The quantile test on histograms against independent computations over the raw values: an exact
 * permutation distribution (the labels of the pooled values shuffled, the raw pooled quantile
 * found by sorting) and the exact hypergeometric law summed term by term.
 */
class QuantileTestTest {

  /** Values up to 2,047 ns sit in buckets one nanosecond wide: the histogram loses nothing. */
  private static final int EXACT_RANGE = 2000;

  @Test
  void pValueMatchesAPermutationTestOverTheRawValues() {
    SplittableRandom random = new SplittableRandom(30);
    for (int trial = 0; trial < 12; trial++) {
      int n1 = 600 + random.nextInt(900);
      int n2 = 600 + random.nextInt(900);
      double shift = trial % 3 == 0 ? 0 : trial % 3 == 1 ? 1.04 : 1.12;
      long[] before = lognormal(random, n1, 1.0);
      long[] after = lognormal(random, n2, shift);
      for (double percentile : new double[] {50, 90, 99}) {
        QuantileTest.Outcome o = QuantileTest.test(histogram(before), histogram(after), percentile);
        double permuted = permutationP(before, after, percentile, random, 4000);
        String what = "trial " + trial + " p" + percentile + " n=" + n1 + "/" + n2;
        // 4,000 shuffles: the permutation p-value's standard error is at most 0.008. Where a
        // verdict is made (small p) the two agree closely; far from it, the tail quantiles' few
        // values make the law coarse and the continuity correction errs on the side of "same"
        if (permuted < 0.1) {
          assertEquals(permuted, o.pValue(), Math.max(0.03, 0.3 * permuted), what);
        } else {
          assertTrue(o.pValue() >= 0.08, what + ": " + o.pValue() + " vs " + permuted);
        }
        for (double level : new double[] {0.01, 0.05}) {
          if (Math.abs(permuted - level) > 0.02) {
            assertEquals(permuted < level, o.pValue() < level, what + " at " + level);
          }
        }
      }
    }
  }

  @Test
  void directionAndStatisticMatchTheRawCountsAtThePooledQuantile() {
    SplittableRandom random = new SplittableRandom(7);
    long[] before = lognormal(random, 3000, 1.0);
    long[] after = lognormal(random, 3000, 1.15);
    for (double percentile : new double[] {50, 90, 99}) {
      QuantileTest.Outcome o = QuantileTest.test(histogram(before), histogram(after), percentile);
      double exact = hypergeometricTwoSided(before, after, percentile);
      assertTrue(o.sufficient());
      assertTrue(o.slower(), "the after side was drawn 15% slower");
      assertTrue(o.pValue() < 0.01 && exact < 0.01, o.pValue() + " vs exact " + exact);
      QuantileTest.Outcome reverse = QuantileTest.test(histogram(after), histogram(before),
          percentile);
      assertFalse(reverse.slower());
      assertEquals(o.pValue(), reverse.pValue(), 1e-12);
    }
  }

  @Test
  void nearTheLevelTheNormalApproximationAgreesWithTheExactLaw() {
    SplittableRandom random = new SplittableRandom(11);
    for (int trial = 0; trial < 20; trial++) {
      long[] before = lognormal(random, 2000, 1.0);
      long[] after = lognormal(random, 2000, 1.0 + 0.01 * (trial % 5));
      for (double percentile : new double[] {50, 90, 99}) {
        double p = QuantileTest.test(histogram(before), histogram(after), percentile).pValue();
        double exact = hypergeometricTwoSided(before, after, percentile);
        assertEquals(exact, p, Math.max(0.02, 0.25 * exact), "trial " + trial + " p" + percentile);
      }
    }
  }

  @Test
  void tooFewValuesAroundTheQuantileIsInsufficientNotAVerdict() {
    SplittableRandom random = new SplittableRandom(3);
    NanosHistogram small = histogram(lognormal(random, 499, 1.0));
    NanosHistogram large = histogram(lognormal(random, 100_000, 3.0));
    assertFalse(QuantileTest.test(small, large, 99).sufficient());
    assertTrue(Double.isNaN(QuantileTest.test(large, small, 99).pValue()));
    assertTrue(QuantileTest.test(small, large, 90).sufficient());
    assertEquals(10, QuantileTest.minCount(50));
    assertEquals(50, QuantileTest.minCount(90));
    assertEquals(500, QuantileTest.minCount(99));
    assertEquals(5000, QuantileTest.minCount(99.9));
  }

  @Test
  void erfcMatchesKnownTailProbabilities() {
    // P(|Z| >= 1.959964) = 0.05, P(|Z| >= 2.575829) = 0.01, P(|Z| >= 3.290527) = 0.001
    assertEquals(0.05, Normal.twoSidedP(1.959964), 1e-6);
    assertEquals(0.01, Normal.twoSidedP(-2.575829), 1e-7);
    assertEquals(0.001, Normal.twoSidedP(3.290527), 1e-8);
    assertEquals(1.0, Normal.twoSidedP(0), 1e-7);
  }

  /** Latencies around 300 ns with a long right tail, within the exact range, scaled. */
  static long[] lognormal(SplittableRandom random, int n, double scale) {
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      double x = Math.exp(5.0 + 0.6 * gaussian(random)) * scale;
      v[i] = Math.max(1, Math.min(EXACT_RANGE, Math.round(x)));
    }
    return v;
  }

  private static double gaussian(SplittableRandom random) {
    double u1 = random.nextDouble();
    double u2 = random.nextDouble();
    return Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
  }

  static NanosHistogram histogram(long[] values) {
    NanosHistogram h = new NanosHistogram();
    for (long v : values) {
      h.record(v);
    }
    return h;
  }

  /** The pooled quantile's raw value by sorting, and how many of the first side are at or below. */
  private static long[] rawCounts(long[] before, long[] after, double percentile) {
    long[] pooled = new long[before.length + after.length];
    System.arraycopy(before, 0, pooled, 0, before.length);
    System.arraycopy(after, 0, pooled, before.length, after.length);
    long[] sorted = pooled.clone();
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(percentile / 100.0 * sorted.length);
    long v = sorted[Math.max(1, rank) - 1];
    long a = Arrays.stream(before).filter(x -> x <= v).count();
    long k = Arrays.stream(pooled).filter(x -> x <= v).count();
    return new long[] {v, a, k};
  }

  /** Shuffles the side labels; p is the share of shuffles at least as far from the mean. */
  private static double permutationP(long[] before, long[] after, double percentile,
      SplittableRandom random, int shuffles) {
    long[] counts = rawCounts(before, after, percentile);
    long v = counts[0];
    long k = counts[2];
    int n1 = before.length;
    int n = before.length + after.length;
    double mean = (double) n1 * k / n;
    double observed = Math.abs(counts[1] - mean);
    boolean[] below = new boolean[n];
    for (int i = 0; i < n; i++) {
      below[i] = (i < n1 ? before[i] : after[i - n1]) <= v;
    }
    int extreme = 0;
    for (int s = 0; s < shuffles; s++) {
      for (int i = n - 1; i > 0; i--) { // Fisher-Yates
        int j = random.nextInt(i + 1);
        boolean t = below[i];
        below[i] = below[j];
        below[j] = t;
      }
      int a = 0;
      for (int i = 0; i < n1; i++) {
        a += below[i] ? 1 : 0;
      }
      if (Math.abs(a - mean) >= observed - 1e-9) {
        extreme++;
      }
    }
    return (double) extreme / shuffles;
  }

  /** Two-sided exact p: the probability of every count at least as far from the mean. */
  private static double hypergeometricTwoSided(long[] before, long[] after, double percentile) {
    long[] counts = rawCounts(before, after, percentile);
    int n1 = before.length;
    int n = before.length + after.length;
    int k = (int) counts[2];
    double mean = (double) n1 * k / n;
    double observed = Math.abs(counts[1] - mean);
    double p = 0;
    for (int a = Math.max(0, k - (n - n1)); a <= Math.min(k, n1); a++) {
      if (Math.abs(a - mean) >= observed - 1e-9) {
        p += Math.exp(logChoose(n1, a) + logChoose(n - n1, k - a) - logChoose(n, k));
      }
    }
    return Math.min(1, p);
  }

  private static double logChoose(int n, int k) {
    return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
  }

  private static final double[] LOG_FACTORIAL = new double[20_001];

  static {
    for (int i = 2; i < LOG_FACTORIAL.length; i++) {
      LOG_FACTORIAL[i] = LOG_FACTORIAL[i - 1] + Math.log(i);
    }
  }

  private static double logFactorial(int n) {
    return LOG_FACTORIAL[n];
  }
}
