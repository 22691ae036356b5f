package tardy.report.hdr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The numbers of an interval line are what HdrHistogram's {@code %.3f} makes of them. */
class IntervalLineTest {

  @Test
  void maximaInMillisecondsAsTheFormatterRoundsThem() {
    SplittableRandom random = new SplittableRandom(11);
    for (long nanos = 0; nanos < 200_000; nanos++) {
      check(nanos);
    }
    for (int i = 0; i < 200_000; i++) {
      long nanos = random.nextLong(1L << random.nextInt(1, 50));
      check(nanos);
      check(nanos / 1000 * 1000 + 500); // every tie
      check(nanos / 1000 * 1000 + 499);
      check(nanos / 1000 * 1000 + 501);
    }
    check(Long.MAX_VALUE);
  }

  private static void check(long nanos) {
    assertThat(IntervalLine.milliseconds(nanos)).as("%d ns", nanos)
        .isEqualTo(String.format(Locale.US, "%.3f", nanos / 1_000_000.0));
  }

  @Test
  void startsAndLengthsInSecondsAsTheFormatterRoundsThem() {
    SplittableRandom random = new SplittableRandom(13);
    long[] lengths = {1, 7, 500, 1_000, 5_000, 60_000, 3_600_000};
    for (int i = 0; i < 200_000; i++) {
      long fromBase = random.nextLong(1L << random.nextInt(1, 56));
      long length = lengths[i % lengths.length];
      double start = fromBase / 1000.0;
      double end = (fromBase + length) / 1000.0;
      assertThat(IntervalLine.seconds(fromBase, start)).as("%d ms", fromBase)
          .isEqualTo(String.format(Locale.US, "%.3f", start));
      assertThat(IntervalLine.intervalLength(length, end - start)).as("%d + %d ms", fromBase, length)
          .isEqualTo(String.format(Locale.US, "%.3f", end - start));
    }
  }
}
