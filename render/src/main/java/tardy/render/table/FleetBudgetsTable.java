package tardy.render.table;

import tardy.analysis.fleet.FleetView;
import tardy.analysis.slo.ErrorBudget;
import tardy.events.Counts;
import tardy.render.FleetWords;
import tardy.render.View;

/** The fleet view's error budgets as text: per host and objective, the most spent first. */
final class FleetBudgetsTable {

  private FleetBudgetsTable() {}

  static void write(StringBuilder out, FleetView v, View view) {
    if (v.budgets().isEmpty()) {
      return;
    }
    out.append('\n').append(FleetWords.budgetsTitle(v)).append('\n');
    TextTable t = new TextTable(v.column(), "objective", "requests", "bad", "spent", "left",
        "burn 1h", "verdict");
    for (FleetView.Budget b
        : v.budgets().subList(0, Math.min(FleetWords.SHOWN, v.budgets().size()))) {
      ErrorBudget e = b.budget();
      t.add(null, b.host(), e.requirement(), Counts.grouped(e.total()), Counts.grouped(e.bad()),
          FleetWords.percentOrNone(e.spent()), FleetWords.percentOrNone(e.left()),
          e.noData() ? "-" : FleetWords.times(e.burnLastHour()), FleetWords.verdict(b));
    }
    t.write(out, view.colour(), view.width());
    if (v.budgets().size() > FleetWords.SHOWN) {
      out.append(FleetWords.more(v.budgets().size() - FleetWords.SHOWN, "error budgets"))
          .append('\n');
    }
  }
}
