package tardy.render;

import java.math.BigInteger;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import tardy.record.clock.Span;
import tardy.events.Counts;
import tardy.events.Family;

/** What the table and the HTML page say about the time a family's events cover, said once. */
public final class SpanWords {

  private static final DateTimeFormatter SECONDS =
      // uuuu, the proleptic year: yyyy (of the era) wrote the year 0000 a log may hold as 0001
      DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter MILLIS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSS", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final BigInteger HUNDRED = BigInteger.valueOf(100);

  private SpanWords() {}

  /**
   * "Requests: 2026-11-23 21:38:36 to 21:39:36 UTC (61.0s), 1,500 with a time, 24.6/s." The
   * second date is left out when it is the first's; the rate when the span is under a second.
   */
  public static String line(Span s) {
    String first = time(s.firstMillis(), s.resolutionMillis());
    String last = time(s.lastMillis(), s.resolutionMillis());
    if (first.regionMatches(0, last, 0, 11)) {
      last = last.substring(11);
    }
    String firstZone = PrintedZone.label(s.firstMillis());
    String lastZone = PrintedZone.label(s.lastMillis());
    if (!firstZone.equals(lastZone)) { // the offset changed between them (summer time): say both
      first = first + " " + firstZone;
    }
    return name(s.family()) + ": " + first + " to " + last + " " + lastZone + " ("
        + Durations.formatMillis(s.coveredMillis()) + "), " + Counts.grouped(s.events())
        + " with a time" + (s.rated() ? ", " + rate(s.perSecond()) + "/s" : "") + ".";
  }

  private static String name(Family family) {
    return switch (family) {
      case REQUEST -> "Requests";
      case SAFEPOINT -> "Safepoints";
      case GC_PAUSE -> "GC pauses";
      case STALL -> "Stalls";
    };
  }

  /** A logged time in the printed zone (UTC), to the millisecond when the log has milliseconds. */
  public static String time(long epochMillis, int resolutionMillis) {
    return PrintedZone.in(resolutionMillis >= 1000 ? SECONDS : MILLIS)
        .format(Instant.ofEpochMilli(epochMillis));
  }

  /** Three significant digits at most, as people read a rate: 24.6, 1,230, 0.05. */
  public static String rate(double perSecond) {
    if (perSecond >= 1000) {
      return Counts.grouped(Math.round(perSecond));
    }
    return threeDigits(perSecond);
  }

  /**
   * A rate from 0 to 1000, rounded half up to three significant digits from its exact binary value,
   * trailing zeros dropped: what BigDecimal's {@code new BigDecimal(x).round(new MathContext(3))
   * .stripTrailingZeros().toPlainString()} prints, without BigDecimal, whose class initialiser
   * squares 5 up to 5^65536 on Java 25: tens of milliseconds of a short run.
   */
  private static String threeDigits(double x) {
    if (!(x > 0)) {
      return "0";
    }
    long bits = Double.doubleToRawLongBits(x);
    int exponent = (int) (bits >>> 52);
    long mantissa = bits & (1L << 52) - 1;
    if (exponent == 0) {
      exponent = 1; // subnormal
    } else {
      mantissa |= 1L << 52;
    }
    int shift = 1075 - exponent; // x = mantissa / 2^shift, and shift > 42 as x < 2^10
    BigInteger m = BigInteger.valueOf(mantissa);
    int decimals = 0; // x × 10^decimals is from 100 to 1000: its integer part the three digits
    BigInteger scaled = m;
    while (scaled.shiftRight(shift).compareTo(HUNDRED) < 0) {
      decimals++;
      scaled = scaled.multiply(BigInteger.TEN);
    }
    long digits = scaled.shiftRight(shift).longValueExact();
    if (scaled.testBit(shift - 1)) { // what is cut off is half a unit or more
      digits++;
    }
    while (digits % 10 == 0) {
      digits /= 10;
      decimals--;
    }
    String d = Long.toString(digits);
    if (decimals <= 0) {
      return d + "0".repeat(-decimals);
    }
    if (d.length() > decimals) {
      return d.substring(0, d.length() - decimals) + "." + d.substring(d.length() - decimals);
    }
    return "0." + "0".repeat(decimals - d.length()) + d;
  }
}
