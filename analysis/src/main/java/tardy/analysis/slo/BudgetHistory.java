package tardy.analysis.slo;

import java.util.ArrayList;
import java.util.List;
import tardy.record.objective.MinuteCounts;

/**
 * The share of an objective's budget left at the end of each minute of the logs, over the window
 * that ends there, as a chart draws it: at most a given number of points, evenly spaced, each
 * counted exactly from the minutes (never interpolated), the last minute always among them
 * (so one point more than asked at most).
 */
public final class BudgetHistory {

  private static final long MINUTE = MinuteCounts.MINUTE_MILLIS;

  /**
   * One point: the end of a minute, epoch ms, and the budget left over the window ending there
   * (1 − bad / ((1 − target) × total); negative when overspent, NaN when the window holds no event).
   */
  public record Point(long endMillis, double left) {}

  private BudgetHistory() {}

  /** The points of that budget, from the first minute replayed to the window's end. */
  public static List<Point> of(ErrorBudget b, MinuteCounts counts, int maxPoints) {
    long[] minutes = counts.minutes();
    if (b.noData() || minutes.length == 0) {
      return List.of();
    }
    long endMinute = b.endMillis() / MINUTE - 1;
    long firstMinute = Math.max(minutes[0], endMinute - ErrorBudgets.MAX_REPLAY_MINUTES + 1);
    if (firstMinute > endMinute) {
      return List.of();
    }
    MinuteSeries series = new MinuteSeries(counts, firstMinute, endMinute);
    long windowMinutes = b.slo().windowMillis() / MINUTE;
    double allowed = b.slo().allowedBadShare();
    long n = endMinute - firstMinute + 1;
    long step = Math.max(1, (n - 1 + maxPoints - 2) / Math.max(1, maxPoints - 1));
    List<Point> points = new ArrayList<>();
    for (long m = firstMinute; ; m += step) {
      long at = Math.min(m, endMinute);
      long total = series.total(at, windowMinutes);
      long bad = series.bad(at, windowMinutes);
      points.add(new Point((at + 1) * MINUTE,
          total == 0 ? Double.NaN : 1 - bad / (allowed * total)));
      if (at == endMinute) {
        return points;
      }
    }
  }
}
