package tardy.render.table;

import tardy.analysis.fleet.FleetView;
import tardy.events.Counts;
import tardy.render.Durations;
import tardy.render.FleetWords;
import tardy.render.View;

/**
 * The fleet view as text, after the report: the hosts most different from the fleet, then the
 * budgets each host fails, the most over first.
 */
public final class FleetTable {

  private FleetTable() {}

  public static void write(StringBuilder out, FleetView v, View view) {
    out.append('\n').append(FleetWords.title(v)).append('\n');
    Wrap.words(out, FleetWords.measure(v), view.width(), "", "");
    TextTable hosts = new TextTable(v.column(), "count", "compared", "above", "share",
        "most above", "its p99", "peers p99").dropFirst("its p99", "peers p99", "compared");
    for (FleetView.Host h : v.hosts().subList(0, Math.min(FleetWords.SHOWN, v.hosts().size()))) {
      FleetView.GroupDiff worst = h.groups().isEmpty() ? null : h.groups().get(0);
      hosts.add(null, h.value(), Counts.grouped(h.count()), Counts.grouped(h.compared()),
          Counts.grouped(h.above()), FleetWords.percent(h.share()),
          worst == null ? "-" : worst.name() + " " + FleetWords.percent(worst.share()),
          worst == null ? "-" : Durations.format(worst.hostP99Nanos()),
          worst == null ? "-" : Durations.format(worst.peersP99Nanos()));
    }
    hosts.write(out, view.colour(), view.width());
    if (v.hosts().size() > FleetWords.SHOWN) {
      out.append(FleetWords.more(v.hosts().size() - FleetWords.SHOWN, "values")).append('\n');
    }
    if (!v.compared()) {
      out.append(FleetWords.nothingCompared(v)).append('\n');
    }
    FleetBudgetsTable.write(out, v, view);
    if (v.failures().isEmpty()) {
      if (v.judged() && !v.anyFails()) {
        out.append(FleetWords.noFailure(v)).append('\n');
      }
      return;
    }
    out.append('\n').append("Budgets failed by ").append(v.column())
        .append(", the most over first\n");
    TextTable failed = new TextTable(v.column(), "operation", "budget", "limit", "measured",
        "over", "count");
    for (FleetView.Failure f
        : v.failures().subList(0, Math.min(FleetWords.SHOWN, v.failures().size()))) {
      failed.add(null, f.host(), f.name(), f.budget(), Durations.format(f.limitNanos()),
          Durations.format(f.actualNanos()), FleetWords.times(f.over()), Counts.grouped(f.count()));
    }
    failed.write(out, view.colour(), view.width());
    if (v.failures().size() > FleetWords.SHOWN) {
      out.append(FleetWords.more(v.failures().size() - FleetWords.SHOWN, "budgets failed"))
          .append('\n');
    }
  }
}
