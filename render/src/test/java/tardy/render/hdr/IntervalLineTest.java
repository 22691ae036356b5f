package tardy.render.hdr;

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

  /** Whole lines: the bytes HdrHistogram's own log writer writes for the same histogram. */
  @Test
  void linesAreHistogramLogWritersBytes() throws java.io.IOException {
    SplittableRandom random = new SplittableRandom(19);
    IntervalLine line = new IntervalLine();
    for (int i = 0; i < 20_000; i++) {
      tardy.record.histogram.NanosHistogram h = new tardy.record.histogram.NanosHistogram();
      for (int n = random.nextInt(4); n >= 0; n--) {
        h.record(random.nextLong(1L << random.nextInt(1, 45)));
      }
      if (i % 7 == 0) {
        h.record(random.nextLong(2_000) * 1000 + 500); // a tie in milliseconds
      }
      tardy.record.interval.EncodedHistogram encoded = encode(h);
      long base = random.nextBoolean() ? 0 : random.nextLong(1L << 41);
      long start = base + random.nextLong(1L << random.nextInt(1, 40));
      long length = 1 + random.nextLong(60_000);
      String tag = random.nextInt(3) == 0 ? null : "Op" + random.nextInt(50);

      java.io.ByteArrayOutputStream ours = new java.io.ByteArrayOutputStream();
      line.write(ours, tag == null ? null : IntervalLine.tagPrefix(tag), start, length, base,
          encoded);
      java.io.ByteArrayOutputStream theirs = new java.io.ByteArrayOutputStream();
      org.HdrHistogram.HistogramLogWriter writer = new org.HdrHistogram.HistogramLogWriter(
          new java.io.PrintStream(theirs, false, java.nio.charset.StandardCharsets.UTF_8));
      writer.setBaseTime(base);
      org.HdrHistogram.AbstractHistogram hdr = encoded.toHistogram();
      hdr.setStartTimeStamp(start);
      hdr.setEndTimeStamp(start + length);
      hdr.setTag(tag);
      writer.outputIntervalHistogram(hdr);
      assertThat(ours.toString(java.nio.charset.StandardCharsets.US_ASCII)).as("line %d", i)
          .isEqualTo(theirs.toString(java.nio.charset.StandardCharsets.UTF_8));
    }
  }

  /** The encoding tardy's timelines make, through a one-interval timeline's writer path. */
  private static tardy.record.interval.EncodedHistogram encode(tardy.record.histogram.NanosHistogram h) {
    return tardy.record.interval.EncodedHistogram.of(h);
  }
}
