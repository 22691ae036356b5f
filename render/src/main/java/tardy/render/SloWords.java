package tardy.render;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import tardy.analysis.slo.AlertSpan;
import tardy.analysis.slo.AlertWatch;
import tardy.analysis.slo.BurnRates;
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
    return PrintedZone.in(MINUTE).format(Instant.ofEpochMilli(epochMillis));
  }

  /** The end of a span: its time of day alone when on the start's day. */
  private static String until(long fromMillis, long toMillis) {
    String from = time(fromMillis);
    String to = time(toMillis);
    return from.substring(0, 10).equals(to.substring(0, 10)) ? to.substring(11) : to;
  }

  /** {@code alert 1h/5m ×14.4 page: 2026-10-01 09:14 → 09:58 (44m), peak burn 21.3}. */
  public static String span(AlertSpan s) {
    return "alert " + s.alert().label() + ": " + time(s.firedMillis()) + " → "
        + (s.firingAtEnd() ? "still firing at the end"
            : until(s.firedMillis(), s.clearedMillis()) + " ("
                + length(s.clearedMillis() - s.firedMillis()) + ")")
        + ", peak burn " + burn(s.peakBurn());
  }

  /**
   * An alert's start or end as a live check says it: {@code ALERT FIRED: Checkout 1h/5m ×14.4
   * page at 2026-10-01 09:14 UTC}, {@code ALERT CLEARED: … at 09:58 UTC (fired 09:14, 44m, peak
   * burn 21.3)}.
   */
  public static String change(AlertWatch.Change c) {
    AlertSpan s = c.span();
    String what = Escape.terminal(c.requirement()) + " " + s.alert().label() + " at ";
    if (c.fired()) {
      return "ALERT FIRED: " + what + time(s.firedMillis()) + " " + PrintedZone.label(s.firedMillis());
    }
    return "ALERT CLEARED: " + what + time(s.clearedMillis()) + " "
        + PrintedZone.label(s.clearedMillis()) + " (fired "
        + until(s.clearedMillis(), s.firedMillis()) + ", " + length(s.clearedMillis()
        - s.firedMillis()) + ", peak burn " + burn(s.peakBurn()) + ")";
  }

  /**
   * A budget as a live view shows it: {@code Checkout 99% under 300ms over 30d: left 83.2%, burn
   * 1h 0.41 5m 0.1 · 6h 0.3 30m 0.2 · … FIRING 1h/5m ×14.4 page}.
   */
  public static String live(ErrorBudget b, java.util.List<BurnRates.Now> burns) {
    StringBuilder line = new StringBuilder(Escape.terminal(b.requirement())).append(' ')
        .append(b.slo().label()).append(": ");
    if (b.noData()) {
      return line.append("no request yet").toString();
    }
    line.append("left ").append(percent(b.left())).append(", burn");
    String sep = " ";
    StringBuilder firing = new StringBuilder();
    for (BurnRates.Now n : burns) {
      line.append(sep).append(WindowText.format(n.alert().longMillis())).append(' ')
          .append(burn(n.longBurn())).append(' ').append(WindowText.format(n.alert().shortMillis()))
          .append(' ').append(burn(n.shortBurn()));
      sep = " · ";
      if (n.firing()) {
        firing.append(firing.length() == 0 ? " FIRING " : ", ").append(n.alert().label());
      }
    }
    return line.append(firing).toString();
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
      lines.add(span(s));
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
