package tardy.report;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import tardy.classify.Span;
import tardy.parse.Counts;
import tardy.parse.Family;

/** What the table and the HTML page say about the time a family's events cover, said once. */
public final class SpanWords {

  private static final DateTimeFormatter SECONDS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter MILLIS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS", Locale.ROOT).withZone(ZoneOffset.UTC);

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
    return name(s.family()) + ": " + first + " to " + last + " UTC ("
        + Durations.format(s.coveredMillis() * 1_000_000L) + "), " + Counts.grouped(s.events())
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

  /** A logged time in UTC, to the millisecond when the log has milliseconds. */
  public static String time(long epochMillis, int resolutionMillis) {
    return (resolutionMillis >= 1000 ? SECONDS : MILLIS).format(Instant.ofEpochMilli(epochMillis));
  }

  /** Three significant digits at most, as people read a rate: 24.6, 1,230, 0.0500. */
  public static String rate(double perSecond) {
    if (perSecond >= 1000) {
      return Counts.grouped(Math.round(perSecond));
    }
    return new java.math.BigDecimal(perSecond).round(new java.math.MathContext(3))
        .stripTrailingZeros().toPlainString();
  }
}
