package tardy.render;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import tardy.analysis.RateOverTime;
import tardy.analysis.RateOverTime.Slice;

/**
 * What the table says about the request rate over time, in two lines: the median, least and
 * most requests per second over equal slices of the run with when the least and most were, and a
 * strip of one mark per slice. The marks are plain ASCII, from {@code _} (no request) and
 * {@code .} to {@code @} (the busiest slice), so they read the same with {@code --color never},
 * in a terminal that is not UTF-8, in a file or a mail.
 */
public final class RateWords {

  /** No request, then nine levels up to the busiest slice's rate. */
  static final String MARKS = "_.:-=+*#%@";

  private static final DateTimeFormatter CLOCK =
      DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);
  private static final DateTimeFormatter DAY =
      DateTimeFormatter.ofPattern("uuuu-MM-dd", Locale.ROOT);

  private RateWords() {}

  /**
   * "Rate per 2s: median 24.5/s, least 12/s at 21:38:36, most 40/s at 21:38:52 UTC." Times have
   * their date when the slices span more than one day, each its offset when the offset changed.
   */
  public static String line(RateOverTime r) {
    Slice first = r.slices().get(0);
    Slice last = r.slices().get(r.slices().size() - 1);
    boolean oneDay = day(first.startMillis()).equals(day(last.startMillis()));
    boolean oneOffset = PrintedZone.label(first.startMillis())
        .equals(PrintedZone.label(last.startMillis()));
    Slice least = r.least();
    Slice most = r.most();
    return "Rate per " + width(r.sliceMillis()) + ": median "
        + SpanWords.rate(r.medianPerSecond()) + "/s, least "
        + SpanWords.rate(least.perSecond()) + "/s at " + time(least, oneDay, oneOffset) + ", most "
        + SpanWords.rate(most.perSecond()) + "/s at " + time(most, oneDay, oneOffset)
        + (oneOffset ? " " + PrintedZone.label(first.startMillis()) : "") + ".";
  }

  /** "[..:-=+*#%@%#*+=-:._] _ none, @ 40/s": one mark per slice, from the first, and its scale. */
  public static String strip(RateOverTime r) {
    StringBuilder s = new StringBuilder(r.slices().size() + 24).append('[');
    for (int level : r.levels(MARKS.length() - 1)) {
      s.append(MARKS.charAt(level));
    }
    return s.append("] _ none, @ ").append(SpanWords.rate(r.most().perSecond())).append("/s")
        .toString();
  }

  private static String time(Slice s, boolean oneDay, boolean oneOffset) {
    Instant t = Instant.ofEpochMilli(s.startMillis());
    String clock = PrintedZone.in(CLOCK).format(t);
    return (oneDay ? "" : PrintedZone.in(DAY).format(t) + " ") + clock
        + (oneOffset ? "" : " " + PrintedZone.label(s.startMillis()));
  }

  private static String day(long millis) {
    return PrintedZone.in(DAY).format(Instant.ofEpochMilli(millis));
  }

  /** A slice's width as people say it: 2s, 5m, 1h, 2d. */
  static String width(long millis) {
    long s = millis / 1000;
    if (s % 86400 == 0) {
      return s / 86400 + "d";
    }
    if (s % 3600 == 0) {
      return s / 3600 + "h";
    }
    if (s % 60 == 0) {
      return s / 60 + "m";
    }
    return s + "s";
  }
}
