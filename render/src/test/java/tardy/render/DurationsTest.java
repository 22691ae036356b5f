package tardy.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import tardy.analysis.Analysis;

class DurationsTest {

  @Test
  void subMillisecondValuesKeepTheirUnit() {
    assertThat(Durations.format(850_000)).isEqualTo("850us");
    assertThat(Durations.format(12_345)).isEqualTo("12.3us");
    assertThat(Durations.format(999)).isEqualTo("999ns");
  }

  @Test
  void roundsHalfUpToThreeDigitsAndCarriesIntoTheNextPowerOfTen() {
    assertThat(Durations.format(1_000)).isEqualTo("1.00us");
    assertThat(Durations.format(1_004)).isEqualTo("1.00us");
    assertThat(Durations.format(1_005)).isEqualTo("1.01us");
    assertThat(Durations.format(99_949)).isEqualTo("99.9us");
    assertThat(Durations.format(99_950)).isEqualTo("100us");
    assertThat(Durations.format(999_499)).isEqualTo("999us");
    assertThat(Durations.format(999_500)).isEqualTo("1000us");
    assertThat(Durations.format(-42_000_000)).isEqualTo("-42.0ms");
    assertThat(Durations.format(3_600_000_000_000L)).isEqualTo("3600s");
    assertThat(Durations.format(Long.MAX_VALUE)).isEqualTo("9220000000s");
  }

  /**
   * Milliseconds are written as their nanoseconds are, up to 292 years and past them, where the
   * nanoseconds no longer fit a long (a span from a year 0001 to 9999 is 315,537,811,200 s).
   */
  @Test
  void millisecondsPastWhatNanosecondsHoldAreWrittenTrue() {
    assertThat(Durations.formatMillis(61_000)).isEqualTo(Durations.format(61_000_000_000L))
        .isEqualTo("61.0s");
    long most = Long.MAX_VALUE / 1_000_000L;
    assertThat(Durations.formatMillis(most)).isEqualTo(Durations.format(most * 1_000_000L));
    assertThat(Durations.formatMillis(-most)).isEqualTo(Durations.format(-most * 1_000_000L));
    long span = 315_537_811_200_000L; // 0001-01-01 to 9999-12-31, in ms
    assertThat(Durations.formatMillis(span)).isEqualTo("316000000000s");
    for (long millis : new long[] {most + 1, span, 2 * span, Long.MAX_VALUE, Long.MIN_VALUE + 1}) {
      String exact = new BigDecimal(millis).divide(BigDecimal.valueOf(1000))
          .round(new MathContext(3, RoundingMode.HALF_UP)).toPlainString();
      assertThat(Durations.formatMillis(millis)).as("%d ms", millis).isEqualTo(exact + "s");
    }
    assertThat(Durations.formatMillis(Long.MIN_VALUE)).isEqualTo("-9220000000000000s");
  }

  /** Against BigDecimal's own rounding, the way the durations were written before. */
  @Test
  void sameTextAsBigDecimalRoundingToThreeSignificantDigits() {
    List<Long> values = new ArrayList<>();
    for (long n = 0; n <= 1_100_000; n++) {
      values.add(n);
    }
    for (long p = 1_000; p > 0 && p <= Long.MAX_VALUE / 10; p *= 10) {
      for (long unit = 1; unit <= p / 100; unit *= 10) { // every place a digit is rounded at
        for (long k : new long[] {p - 1, p, p + 1, 10 * p - 1, 10 * p - unit / 2, 10 * p - unit / 2 - 1,
            p + unit / 2, p + unit / 2 - 1, 5 * p + unit / 2, 5 * p + unit / 2 - 1}) {
          values.add(k);
        }
      }
    }
    SplittableRandom random = new SplittableRandom(42);
    for (int i = 0; i < 200_000; i++) {
      long n = random.nextLong(Long.MAX_VALUE) >>> random.nextInt(63);
      values.add(n);
      values.add(-n);
    }
    values.add(Long.MAX_VALUE);
    values.add(-Long.MAX_VALUE);
    for (long n : values) {
      assertThat(Durations.format(n)).as("%d ns", n).isEqualTo(withBigDecimal(n));
    }
  }

  private static String withBigDecimal(long nanos) {
    if (nanos == 0) {
      return "0";
    }
    String sign = nanos < 0 ? "-" : "";
    long n = Math.abs(nanos);
    if (n < 1_000) {
      return sign + n + "ns";
    }
    int shift = n < 1_000_000 ? 3 : n < 1_000_000_000 ? 6 : 9;
    BigDecimal value = BigDecimal.valueOf(n).movePointLeft(shift)
        .round(new MathContext(3, RoundingMode.HALF_UP));
    if (value.precision() < 3 && value.scale() <= 0) {
      value = value.setScale(Math.max(0, 3 - value.precision()), RoundingMode.UNNECESSARY);
    }
    return sign + value.toPlainString() + (shift == 3 ? "us" : shift == 6 ? "ms" : "s");
  }

  @Test
  void aZeroFromAMillisecondLogSaysUnderOneMillisecond() {
    long ms = Durations.resolution(Analysis.Kind.REQUESTS);
    assertThat(Durations.format(0, ms)).isEqualTo("<1ms");
    assertThat(Durations.format(2_000_000, ms)).isEqualTo("2.00ms");
    assertThat(Durations.format(0, Durations.resolution(Analysis.Kind.PAUSES))).isEqualTo("0");
  }
}
