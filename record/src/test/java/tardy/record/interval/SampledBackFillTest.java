package tardy.record.interval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.HashSet;
import java.util.Random;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The time-weighted view (hlog --jhiccup) back-fills a pause as HdrHistogram's
 * recordValueWithExpectedInterval does, in time bounded by the histogram's buckets rather than by
 * pause / resolution: a 30 s pause at --resolution 1ns was 3e10 records, a run that never ended.
 */
class SampledBackFillTest {

  /** The same counts as HdrHistogram's own back-fill, value by value. */
  @Test
  void sameCountsAsHdrHistogramsBackFill() {
    Random random = new Random(28);
    for (int round = 0; round < 300; round++) {
      long resolution = 1 + (long) Math.pow(10, random.nextInt(7)) * (1 + random.nextInt(9));
      long pause = random.nextInt(4) == 0 ? resolution * random.nextInt(5)
          : (long) (random.nextDouble() * 2_000_000L * resolution / (1 + random.nextInt(100)));
      Interval ours = new Interval(new HashSet<>());
      ours.recordSampled(pause, resolution);
      Histogram hdr = new Histogram(3);
      hdr.recordValueWithExpectedInterval(pause, resolution);
      AbstractHistogram got = ours.all();
      assertThat(got.getTotalCount()).as("pause %d at %d", pause, resolution)
          .isEqualTo(hdr.getTotalCount());
      for (int q = 0; q <= 1000; q++) {
        assertThat(got.getValueAtPercentile(q / 10.0)).as("pause %d at %d, p%s", pause,
            resolution, q / 10.0).isEqualTo(hdr.getValueAtPercentile(q / 10.0));
      }
      assertThat(got.getMaxValue()).isEqualTo(hdr.getMaxValue());
    }
  }

  @Test
  void aLongPauseAtTheFinestResolutionIsQuick() {
    Interval interval = new Interval(new HashSet<>());
    long pause = 30_000_000_000L;
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> interval.recordSampled(pause, 1));
    // one sample per nanosecond of the pause: 1, 2, ... pause
    assertThat(interval.all().getTotalCount()).isEqualTo(pause);
  }
}
