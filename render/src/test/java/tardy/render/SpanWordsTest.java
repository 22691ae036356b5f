package tardy.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SpanWordsTest {

  /** The years a log may hold, 0000 to 9999, each written as the log wrote it (0000 was 0001). */
  @Test
  void timesAtTheEdgesOfTheYearsKeepTheirYear() {
    long yearZero = java.time.OffsetDateTime.parse("0000-01-01T14:00:00Z").toInstant().toEpochMilli();
    assertThat(SpanWords.time(yearZero, 1000)).isEqualTo("0000-01-01 14:00:00");
    assertThat(SpanWords.time(yearZero + 5, 1)).isEqualTo("0000-01-01 14:00:00.005");
    long last = java.time.OffsetDateTime.parse("9999-12-31T23:59:59Z").toInstant().toEpochMilli();
    assertThat(SpanWords.time(last, 1000)).isEqualTo("9999-12-31 23:59:59");
  }

  @Test
  void ratesHaveThreeSignificantDigitsAtMost() {
    assertThat(SpanWords.rate(1500 * 1000.0 / 61_000)).isEqualTo("24.6");
    assertThat(SpanWords.rate(1230.4)).isEqualTo("1,230");
    assertThat(SpanWords.rate(0.05)).isEqualTo("0.05");
    assertThat(SpanWords.rate(2)).isEqualTo("2");
    assertThat(SpanWords.rate(999.5)).isEqualTo("1000");
    assertThat(SpanWords.rate(100)).isEqualTo("100");
  }

  /** A tie in decimal is rarely one in binary: 24.65 is stored as 24.6499…, and prints as 24.6. */
  @Test
  void roundsTheExactBinaryValueNotItsShortestDecimal() {
    assertThat(SpanWords.rate(24.65)).isEqualTo("24.6");
    assertThat(SpanWords.rate(1.125)).isEqualTo("1.13"); // exact in binary: a true tie, half up
    assertThat(SpanWords.rate(0.0625)).isEqualTo("0.0625");
  }

  /** Against BigDecimal, the way the rates were written before. */
  @Test
  void sameTextAsBigDecimal() {
    List<Double> rates = new ArrayList<>();
    for (int events = 1; events <= 400; events++) {
      for (long millis = 1000; millis <= 400_000; millis += 997) {
        rates.add(events * 1000.0 / millis);
      }
    }
    SplittableRandom random = new SplittableRandom(42);
    for (int i = 0; i < 200_000; i++) {
      rates.add(Math.pow(10, random.nextDouble(-12, 3)));
      rates.add(random.nextInt(1, 100_000) / 100.0 + random.nextInt(0, 2) * 0.005);
    }
    for (double r : new double[] {Double.MIN_VALUE, 1e-300, 0.001, 0.0995, 0.1, 0.9995, 1, 9.995,
        99.95, 99.949999, 999.4999999, 999.5, Math.nextDown(1000.0)}) {
      rates.add(r);
    }
    for (double r : rates) {
      if (r > 0 && r < 1000) {
        String exact = new BigDecimal(r).round(new MathContext(3)).stripTrailingZeros().toPlainString();
        assertThat(SpanWords.rate(r)).as("%s", r).isEqualTo(exact);
      }
    }
  }
}
