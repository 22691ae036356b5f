package tardy.analysis.slo;

import java.util.List;
import tardy.analysis.requirements.Slo;

/**
 * One requirement's error budget over its objective's window, ending with the minute of the logs'
 * last request, and the burn-rate alerts replayed over the whole history. Every number is counted
 * from the recorded minutes; renderers only format it.
 *
 * @param requirement the requirement's name
 * @param windowStartMillis the start of the window (whole minutes), epoch ms
 * @param endMillis the end of the window: the end of the minute of the last request
 * @param coveredMillis how much of the window the logs cover, from their first minute with an
 *     event of this objective (or the window's start) to the end
 * @param total events in the window
 * @param bad bad events in the window
 * @param unplaced events without a wall-clock time, in no window
 * @param burnLastHour the burn rate over the last hour: 1 spends the budget in exactly the window
 * @param alerts every time an alert would have fired, in time order, alert by alert
 * @param gaps the stretches of an hour or more without an event, in time order
 * @param failures why the deploy gate fails, in words; empty when it passes
 */
public record ErrorBudget(String requirement, Slo slo, long windowStartMillis, long endMillis,
    long coveredMillis, long total, long bad, long unplaced, double burnLastHour,
    List<AlertSpan> alerts, List<Gap> gaps, List<String> failures) {

  public ErrorBudget {
    alerts = List.copyOf(alerts);
    gaps = List.copyOf(gaps);
    failures = List.copyOf(failures);
  }

  public long good() {
    return total - bad;
  }

  /** Whether the logs cover the whole window. */
  public boolean coversWindow() {
    return coveredMillis >= slo.windowMillis();
  }

  /** The bad events the objective allows over the events of the window: (1 − target) × total. */
  public double allowedBad() {
    return slo.allowedBadShare() * total;
  }

  /** The share of good events; NaN without events. */
  public double goodShare() {
    return total == 0 ? Double.NaN : (double) good() / total;
  }

  /** The share of the budget spent (over 1 when overspent); NaN without events. */
  public double spent() {
    return total == 0 ? Double.NaN : bad / allowedBad();
  }

  /** The share of the budget left (negative when overspent); NaN without events. */
  public double left() {
    return 1 - spent();
  }

  /**
   * How long the budget left lasts at the last hour's burn: left × window / burn; -1 when nothing
   * is left or nothing burns.
   */
  public long millisLeftAtBurn() {
    if (total == 0 || left() <= 0 || burnLastHour <= 0) {
      return -1;
    }
    return (long) (left() * slo.windowMillis() / burnLastHour);
  }

  public boolean noData() {
    return total == 0;
  }

  public boolean fails() {
    return !failures.isEmpty();
  }
}
