package tardy.record.histogram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * NanosHistogram gives every number HdrHistogram's own Histogram(3) gives for the same values,
 * and within its precision of the values a plain sort finds.
 */
class NanosHistogramTest {

  private static final double[] PERCENTILES =
      {0, 0.1, 1, 25, 50, 66.6, 90, 99, 99.5, 99.9, 99.99, 99.999, 100};

  @Test
  void sameAsHdrHistogramAndTheSortOnManyShapes() {
    SplittableRandom random = new SplittableRandom(42);
    for (int round = 0; round < 300; round++) {
      int n = 1 + random.nextInt(round % 10 == 0 ? 50_000 : 2_000);
      long[] values = new long[n];
      for (int i = 0; i < n; i++) {
        values[i] = value(random, round % SHAPES);
      }
      NanosHistogram ours = newHistogram(round);
      Histogram theirs = new Histogram(Histograms.SIGNIFICANT_DIGITS);
      theirs.setAutoResize(true);
      for (long v : values) {
        ours.record(v);
        theirs.recordValue(v);
      }
      long[] sorted = values.clone();
      Arrays.sort(sorted);
      long[] got = ours.valuesAtPercentiles(PERCENTILES);
      for (int k = 0; k < PERCENTILES.length; k++) {
        double p = PERCENTILES[k];
        assertThat(got[k]).as("p%s of %d values, round %d", p, n, round)
            .isEqualTo(theirs.getValueAtPercentile(p))
            .isEqualTo(ours.valueAtPercentile(p));
        long exact = sorted[(int) Math.max(0, Math.ceil(p / 100 * n) - 1)];
        assertThat((double) got[k]).as("p%s against the sort", p)
            .isCloseTo(exact, org.assertj.core.data.Offset.offset(exact / 1000.0 + 1));
      }
      assertThat(ours.totalCount()).isEqualTo(n);
      assertThat(ours.toHdrHistogram()).isEqualTo(theirs);
    }
  }

  @Test
  void addingGivesWhatRecordingEverythingGives() {
    SplittableRandom random = new SplittableRandom(7);
    NanosHistogram all = NanosHistogram.withMillisFront();
    NanosHistogram sum = new NanosHistogram();
    for (int part = 0; part < 24; part++) {
      NanosHistogram one = newHistogram(part / SHAPES);
      for (int i = random.nextInt(3_000); i > 0; i--) {
        long v = value(random, part % SHAPES);
        one.record(v);
        all.record(v);
      }
      sum.add(one);
      AbstractHistogram decoded = one.toHdrHistogram();
      NanosHistogram fromHdr = new NanosHistogram();
      fromHdr.add(decoded);
      assertThat(fromHdr.toHdrHistogram()).isEqualTo(decoded);
    }
    assertThat(sum.toHdrHistogram()).isEqualTo(all.toHdrHistogram());
    assertThat(sum.valuesAtPercentiles(PERCENTILES)).isEqualTo(all.valuesAtPercentiles(PERCENTILES));
  }

  @Test
  void subtractingAPartAndCountingBelowALimitAreHdrHistogramsToo() {
    SplittableRandom random = new SplittableRandom(11);
    for (int round = 0; round < 60; round++) {
      NanosHistogram ours = newHistogram(round / SHAPES);
      Histogram theirs = new Histogram(Histograms.SIGNIFICANT_DIGITS);
      theirs.setAutoResize(true);
      NanosHistogram part = newHistogram(round / SHAPES + 1);
      for (int i = 1 + random.nextInt(5_000); i > 0; i--) {
        long v = value(random, round % SHAPES);
        ours.record(v);
        theirs.recordValue(v);
        if (random.nextInt(4) == 0) {
          part.record(v);
        }
      }
      NanosHistogram kept = ours.copy();
      long[] limits = {0, 1, 999, 1_000_000, value(random, round % SHAPES), Long.MAX_VALUE / 4};
      for (long limit : limits) {
        assertThat(ours.countAtOrBelow(limit)).as("at or below %d", limit)
            .isEqualTo(theirs.getCountBetweenValues(0, limit));
      }
      ours.subtract(part);
      theirs.subtract(part.toHdrHistogram());
      assertThat(ours.toHdrHistogram()).isEqualTo(theirs);
      assertThat(ours.valuesAtPercentiles(PERCENTILES)).containsExactly(
          Arrays.stream(PERCENTILES).mapToLong(theirs::getValueAtPercentile).toArray());
      assertThat(kept.totalCount()).as("the copy is apart")
          .isEqualTo(ours.totalCount() + part.totalCount());
      assertThatThrownBy(() -> ours.subtract(part)).isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void aFrontOfWholeMillisecondsChangesNoNumberBetweenReads() {
    SplittableRandom random = new SplittableRandom(5);
    NanosHistogram ours = NanosHistogram.withMillisFront();
    Histogram theirs = new Histogram(Histograms.SIGNIFICANT_DIGITS);
    theirs.setAutoResize(true);
    for (int round = 0; round < 40; round++) { // reads between the records settle the front
      for (int i = random.nextInt(2_000); i > 0; i--) {
        long v = value(random, round % 2 == 0 ? WHOLE_MILLISECONDS : random.nextInt(SHAPES));
        ours.record(v);
        theirs.recordValue(v);
      }
      assertThat(ours.totalCount()).isEqualTo(theirs.getTotalCount());
      assertThat(ours.valuesAtPercentiles(PERCENTILES)).as("round %d", round).containsExactly(
          Arrays.stream(PERCENTILES).mapToLong(theirs::getValueAtPercentile).toArray());
      long limit = value(random, WHOLE_MILLISECONDS);
      assertThat(ours.countAtOrBelow(limit)).isEqualTo(theirs.getCountBetweenValues(0, limit));
      assertThat(ours.copy().toHdrHistogram()).isEqualTo(theirs);
    }
  }

  @Test
  void bucketArithmeticIsHdrHistogramsAtEveryMagnitude() {
    Histogram h = new Histogram(Long.MAX_VALUE / 2, Histograms.SIGNIFICANT_DIGITS);
    for (int shift = 0; shift < 62; shift++) {
      for (long v : new long[] {1L << shift, (1L << shift) - 1, (1L << shift) + 1,
          3L << Math.max(0, shift - 2), 2047L << Math.max(0, shift - 11)}) {
        assertThat(NanosHistogram.highestEquivalentValue(v)).as("%d", v)
            .isEqualTo(h.highestEquivalentValue(v));
        assertThat(NanosHistogram.valueFromIndex(NanosHistogram.index(v))).as("%d", v)
            .isEqualTo(h.lowestEquivalentValue(v));
      }
    }
  }

  @Test
  void aRareGroupHoldsAPageNotARange() {
    NanosHistogram rare = new NanosHistogram();
    rare.record(1_234_000_000L);
    rare.record(1_235_000_000L);
    AbstractHistogram dense = rare.toHdrHistogram();
    assertThat(rare.footprintBytes()).isLessThan(4_096)
        .isLessThan(dense.getEstimatedFootprintInBytes() / 10);
    assertThat(new NanosHistogram().valuesAtPercentiles(50, 100)).containsExactly(0, 0);
  }

  private static final int WHOLE_MILLISECONDS = 5;
  private static final int SHAPES = 6;

  /** Without a front and with one, by turns. */
  private static NanosHistogram newHistogram(int turn) {
    return turn % 2 == 0 ? new NanosHistogram() : NanosHistogram.withMillisFront();
  }

  /**
   * Shapes: ms-resolution latencies, µs pauses, a wide log-uniform, tiny values, huge ones, and
   * whole milliseconds on both sides of a front's end.
   */
  private static long value(SplittableRandom r, int shape) {
    return switch (shape) {
      case WHOLE_MILLISECONDS -> r.nextLong(0, 2_000) * 1_000_000L;
      case 0 -> (long) (Math.exp(r.nextDouble() * 9) * 1_000) * 1_000_000L / 1000;
      case 1 -> r.nextLong(1, 5_000_000);
      case 2 -> (long) Math.pow(10, r.nextDouble() * 12);
      case 3 -> r.nextLong(0, 3_000);
      default -> r.nextLong(1L << 40, 1L << 50);
    };
  }
}
