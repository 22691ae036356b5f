package tardy.analysis.slo;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tardy.analysis.requirements.BurnAlert;
import tardy.analysis.requirements.Requirement;
import tardy.analysis.requirements.Slo;
import tardy.analysis.requirements.WindowText;
import tardy.events.Counts;
import tardy.record.objective.MinuteCounts;
import tardy.record.objective.ObjectiveCounts;

/**
 * Computes each objective's error budget from its good and bad events per minute, and replays
 * its burn-rate alerts minute by minute over the whole history, as a rule evaluated once a
 * minute would have fired them.
 *
 * <p>The window ends with the minute of the logs' last request (not the clock of the machine
 * that reads them: old logs judge the time they cover). A burn rate is the bad share of a window
 * over the share the objective allows; a window without events burns at 0, so an alert neither
 * fires nor stays firing on no data, as a Prometheus rule on an absent series does not. Early in
 * the logs a window reaches back before their start and counts what there is.
 */
public final class ErrorBudgets {

  private static final long MINUTE = MinuteCounts.MINUTE_MILLIS;
  private static final long HOUR_MINUTES = 60;

  /** A gap shorter than this is traffic's own unevenness; from an hour on, alerts saw nothing. */
  static final long GAP_MINUTES = 60;

  /** The history replayed at most, in minutes: beyond, the clock is broken rather than the log long. */
  static final long MAX_REPLAY_MINUTES = 2 * WindowText.MAX_MILLIS / MINUTE;

  private ErrorBudgets() {}

  /**
   * The budget of every requirement with an objective, in file order.
   *
   * @param lastRequestMillis the wall-clock time of the logs' last request; empty when none had
   *     one
   */
  public static List<ErrorBudget> of(List<Requirement> requirements, ObjectiveCounts counts,
      Optional<Long> lastRequestMillis) {
    List<ErrorBudget> out = new ArrayList<>();
    for (Requirement r : requirements) {
      if (r.slo().isPresent()) {
        out.add(of(r, r.slo().get(), counts.of(r.name()), lastRequestMillis));
      }
    }
    return out;
  }

  static ErrorBudget of(Requirement r, Slo slo, MinuteCounts counts,
      Optional<Long> lastRequestMillis) {
    long[] minutes = counts.minutes();
    if (minutes.length == 0 || lastRequestMillis.isEmpty()) {
      String why = counts.unplacedCount() > 0
          ? "no data: " + Counts.of(counts.unplacedCount(), "request") + " without a wall-clock"
              + " time, which no window can hold"
          : "no data: no request matched it";
      return new ErrorBudget(r.name(), slo, 0, 0, 0, 0, 0, counts.unplacedCount(), 0, List.of(),
          List.of(), r.optional() ? List.of() : List.of(why));
    }
    long endMinute = Math.max(Math.floorDiv(lastRequestMillis.get(), MINUTE),
        minutes[minutes.length - 1]);
    long windowMinutes = slo.windowMillis() / MINUTE;
    long firstMinute = Math.max(minutes[0], endMinute - MAX_REPLAY_MINUTES + 1);
    MinuteSeries series = new MinuteSeries(counts, firstMinute, endMinute);
    long windowStartMinute = endMinute - windowMinutes + 1;
    long total = series.total(endMinute, windowMinutes);
    long bad = series.bad(endMinute, windowMinutes);
    long coveredMinutes = endMinute - Math.max(windowStartMinute, minutes[0]) + 1;
    double allowed = slo.allowedBadShare();
    double burnHour = burn(series.total(endMinute, HOUR_MINUTES),
        series.bad(endMinute, HOUR_MINUTES), allowed);
    List<AlertSpan> alerts = new ArrayList<>();
    for (BurnAlert a : slo.alerts()) {
      alerts.addAll(replay(series, a, slo));
    }
    List<String> failures = new ArrayList<>();
    double left = total == 0 ? Double.NaN : 1 - bad / (allowed * total);
    if (total == 0) {
      if (!r.optional()) {
        failures.add("no data: no request in the window");
      }
    } else if (slo.budgetFloor() != null && new BurnThreshold(BigDecimal.valueOf(100)
        .subtract(slo.budgetFloor()).movePointLeft(2), slo.target()).exceeded(bad, total)) {
      // left < floor ⇔ spent > 1 − floor, decided exactly as a burn of the whole window
      failures.add("budget left " + percent(left) + " is under the floor of "
          + slo.budgetFloor().stripTrailingZeros().toPlainString() + "%");
    } else if (slo.budgetFloor() == null && new BurnThreshold(BigDecimal.ONE, slo.target())
        .exceeded(bad, total)) {
      failures.add("budget overspent: " + percent(1 - left) + " of it spent");
    }
    for (AlertSpan s : alerts) {
      if (s.firingAtEnd() && s.alert().page()) {
        failures.add("fast-burn alert " + s.alert().label() + " firing at the end of the logs");
      }
    }
    return new ErrorBudget(r.name(), slo, windowStartMinute * MINUTE, (endMinute + 1) * MINUTE,
        coveredMinutes * MINUTE, total, bad, counts.unplacedCount(), burnHour, alerts,
        gaps(series), failures);
  }

  /** The burn rate of a window: its bad share over the share allowed; 0 without events. */
  static double burn(long total, long bad, double allowed) {
    return total == 0 ? 0 : (double) bad / total / allowed;
  }

  /**
   * Every span the alert fires: evaluated at the end of each minute, it fires while both windows
   * burn faster than its rate (strictly, as the workbook's rules compare), decided exactly.
   */
  static List<AlertSpan> replay(MinuteSeries s, BurnAlert a, Slo slo) {
    long longMinutes = a.longMillis() / MINUTE;
    long shortMinutes = a.shortMillis() / MINUTE;
    BurnThreshold over = new BurnThreshold(a.burn(), slo.target());
    double allowed = slo.allowedBadShare();
    List<AlertSpan> spans = new ArrayList<>();
    long firedAt = -1;
    double peak = 0;
    for (long m = s.firstMinute(); m <= s.lastMinute(); m++) {
      long longTotal = s.total(m, longMinutes);
      long longBad = s.bad(m, longMinutes);
      boolean firing = over.exceeded(longBad, longTotal)
          && over.exceeded(s.bad(m, shortMinutes), s.total(m, shortMinutes));
      if (firing) {
        peak = firedAt < 0 ? burn(longTotal, longBad, allowed)
            : Math.max(peak, burn(longTotal, longBad, allowed));
        firedAt = firedAt < 0 ? (m + 1) * MINUTE : firedAt;
      } else if (firedAt >= 0) {
        spans.add(new AlertSpan(a, firedAt, (m + 1) * MINUTE, peak));
        firedAt = -1;
      }
    }
    if (firedAt >= 0) {
      spans.add(new AlertSpan(a, firedAt, -1, peak));
    }
    return spans;
  }

  /** The stretches of {@link #GAP_MINUTES} or more without an event, in time order. */
  static List<Gap> gaps(MinuteSeries s) {
    List<Gap> gaps = new ArrayList<>();
    long emptyFrom = -1;
    for (long m = s.firstMinute(); m <= s.lastMinute() + 1; m++) {
      boolean empty = m <= s.lastMinute() && s.total(m, 1) == 0;
      if (empty && emptyFrom < 0) {
        emptyFrom = m;
      } else if (!empty && emptyFrom >= 0) {
        if (m - emptyFrom >= GAP_MINUTES) {
          gaps.add(new Gap(emptyFrom * MINUTE, m * MINUTE));
        }
        emptyFrom = -1;
      }
    }
    return gaps;
  }

  static String percent(double share) {
    return trim(Math.round(share * 1000) / 10.0) + "%";
  }

  private static String trim(double v) {
    return new java.math.BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
  }
}
