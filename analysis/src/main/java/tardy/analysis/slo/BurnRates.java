package tardy.analysis.slo;

import java.util.ArrayList;
import java.util.List;
import tardy.analysis.requirements.BurnAlert;
import tardy.record.objective.MinuteCounts;

/**
 * An objective's burn rates now, over each alert's long and short windows ending with the minute
 * of the budget's end, as a live view shows them beside the budget left.
 */
public final class BurnRates {

  private static final long MINUTE = MinuteCounts.MINUTE_MILLIS;

  /** One alert's two windows' burn rates now, and whether it fires at the end. */
  public record Now(BurnAlert alert, double longBurn, double shortBurn, boolean firing) {}

  private BurnRates() {}

  /** Per alert of the objective, in its order; empty without data. */
  public static List<Now> of(ErrorBudget b, MinuteCounts counts) {
    long[] minutes = counts.minutes();
    if (b.noData() || minutes.length == 0) {
      return List.of();
    }
    long endMinute = b.endMillis() / MINUTE - 1;
    long longest = 0;
    for (BurnAlert a : b.slo().alerts()) {
      longest = Math.max(longest, a.longMillis() / MINUTE);
    }
    long first = Math.max(minutes[0], endMinute - longest + 1);
    MinuteSeries s = new MinuteSeries(counts, Math.min(first, endMinute), endMinute);
    double allowed = b.slo().allowedBadShare();
    List<Now> out = new ArrayList<>();
    for (BurnAlert a : b.slo().alerts()) {
      long l = a.longMillis() / MINUTE;
      long sh = a.shortMillis() / MINUTE;
      boolean firing = b.alerts().stream().anyMatch(x -> x.alert().equals(a) && x.firingAtEnd());
      out.add(new Now(a, ErrorBudgets.burn(s.total(endMinute, l), s.bad(endMinute, l), allowed),
          ErrorBudgets.burn(s.total(endMinute, sh), s.bad(endMinute, sh), allowed), firing));
    }
    return out;
  }
}
