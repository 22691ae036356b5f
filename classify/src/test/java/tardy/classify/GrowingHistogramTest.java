package tardy.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.PackedHistogram;
import org.junit.jupiter.api.Test;

class GrowingHistogramTest {

  private static final int AT_BIRTH =
      GrowingHistogram.DenseBudget.PER_RECORDER - GrowingHistogram.DenseBudget.FOR_BUSY;

  @Test
  void histogramsAreDenseFromBirthUntilTheShareForBusyOnesIsLeft() {
    GrowingHistogram.DenseBudget budget = GrowingHistogram.DenseBudget.perRecorder();
    List<GrowingHistogram> made = new ArrayList<>();
    for (int i = 0; i < AT_BIRTH + 5; i++) {
      made.add(new GrowingHistogram(budget));
    }
    assertThat(made.subList(0, AT_BIRTH)).allSatisfy(h -> assertThat(h.histogram()).isInstanceOf(Histogram.class));
    assertThat(made.subList(AT_BIRTH, made.size())).allSatisfy(h -> assertThat(h.histogram()).isInstanceOf(PackedHistogram.class));
  }

  @Test
  void aPackedHistogramTurnsDenseWhenBusyAndReportsTheSameValues() {
    GrowingHistogram.DenseBudget budget = GrowingHistogram.DenseBudget.perRecorder();
    for (int i = 0; i < AT_BIRTH; i++) {
      new GrowingHistogram(budget);
    }
    GrowingHistogram late = new GrowingHistogram(budget);
    GrowingHistogram reference = new GrowingHistogram(GrowingHistogram.DenseBudget.perRecorder());
    assertThat(late.histogram()).isInstanceOf(PackedHistogram.class);
    Random rnd = new Random(3);
    for (int i = 0; i < GrowingHistogram.BUSY + 100; i++) {
      long nanos = (long) Math.exp(rnd.nextGaussian() * 2 + 14);
      late.record(nanos);
      reference.record(nanos);
    }
    assertThat(late.histogram()).isInstanceOf(Histogram.class);
    assertThat(late.histogram()).isEqualTo(reference.histogram()); // same counts in every bucket
    for (double p : new double[] {50, 90, 99, 99.9, 100}) {
      assertThat(late.histogram().getValueAtPercentile(p)).isEqualTo(reference.histogram().getValueAtPercentile(p));
    }
  }
}
