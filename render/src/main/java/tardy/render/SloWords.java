package tardy.render;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import tardy.analysis.slo.AlertSpan;
import tardy.analysis.slo.ErrorBudget;
import tardy.analysis.slo.Gap;
import tardy.analysis.requirements.WindowText;
import tardy.events.Counts;

/** The words every rendering of an error budget uses: shares, lengths of time, alert spans. */
public final class SloWords {

  private static final DateTimeFormatter MINUTE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);

  private SloWords() {}

  /** {@code 44.4%}; {@code -} for NaN. */
  public static String percent(double share) {
    if (Double.isNaN(share)) {
      return "-";
    }
    return BigDecimal.valueOf(share * 100).setScale(1, RoundingMode.HALF_EVEN).toPlainString() + "%";
  }

  /** {@code 14.4}, two decimals at most. */
  public static String burn(double burn) {
    return BigDecimal.valueOf(burn).setScale(2, RoundingMode.HALF_EVEN).stripTrailingZeros()
        .toPlainString();
  }

  /** {@code 3d 4h}, {@code 5h 12m}, {@code 43m}: two units at most, minutes the finest. */
  public static String length(long millis) {
    long minutes = millis / 60_000;
    long days = minutes / 1440;
    long hours = minutes % 1440 / 60;
    long mins = minutes % 60;
    if (days > 0) {
      return days + "d" + (hours > 0 ? " " + hours + "h" : "");
    }
    if (hours > 0) {
      return hours + "h" + (mins > 0 ? " " + mins + "m" : "");
    }
    return mins + "m";
  }

  /** {@code 2026-11-02 10:05} (UTC, as the table's title says). */
  public static String time(long epochMillis) {
    return MINUTE.format(Instant.ofEpochMilli(epochMillis));
  }

  /** The end of a span: its time of day alone when on the start's day. */
  private static String until(long fromMillis, long toMillis) {
    String from = time(fromMillis);
    String to = time(toMillis);
    return from.substring(0, 10).equals(to.substring(0, 10)) ? to.substring(11) : to;
  }

  /** What a reader must know besides the numbers, one line each. */
  public static java.util.List<String> details(ErrorBudget b) {
    java.util.List<String> lines = new java.util.ArrayList<>();
    if (b.total() > 0 && !b.coversWindow()) {
      lines.add("logs cover " + length(b.coveredMillis()) + " of the "
          + WindowText.format(b.slo().windowMillis()) + " window: the budget is for what they"
          + " cover");
    }
    if (b.total() > 0) {
      long left = b.millisLeftAtBurn();
      lines.add(b.bad() + " bad of " + Counts.grouped(b.total()) + "; allowed "
          + BigDecimal.valueOf(b.allowedBad()).setScale(1, RoundingMode.HALF_EVEN).toPlainString()
          + (left >= 0 ? "; left lasts " + length(left) + " at the last hour's burn of "
              + burn(b.burnLastHour()) : "; burn over the last hour " + burn(b.burnLastHour())));
    }
    if (b.unplaced() > 0) {
      lines.add(Counts.of(b.unplaced(), "request") + " without a wall-clock time: in no window");
    }
    for (AlertSpan s : b.alerts()) {
      lines.add("alert " + s.alert().label() + ": " + time(s.firedMillis()) + " → "
          + (s.firingAtEnd() ? "still firing at the end"
              : until(s.firedMillis(), s.clearedMillis()) + " ("
                  + length(s.clearedMillis() - s.firedMillis()) + ")")
          + ", peak burn " + burn(s.peakBurn()));
    }
    if (b.total() > 0 && b.alerts().isEmpty()) {
      lines.add("no alert fired over the logs (" + b.slo().alerts().size() + " replayed)");
    }
    for (Gap g : b.gaps()) {
      lines.add("gap: no request " + time(g.fromMillis()) + " → "
          + until(g.fromMillis(), g.toMillis()) + " (" + length(g.millis())
          + "): logs missing, idle or down, or a clock jump");
    }
    for (String f : b.failures()) {
      lines.add("FAIL: " + f);
    }
    return lines;
  }
}
