package tardy.render.html;

import tardy.analysis.fleet.FleetView;
import tardy.analysis.slo.ErrorBudget;
import tardy.events.Counts;
import tardy.render.Escape;
import tardy.render.FleetWords;

/** The fleet view's error budgets on the page: per host and objective, the most spent first. */
final class FleetBudgetsHtml {

  private FleetBudgetsHtml() {}

  static void write(StringBuilder h, FleetView v) {
    if (v.budgets().isEmpty()) {
      return;
    }
    h.append("<h3>").append(Escape.html(FleetWords.budgetsTitle(v)))
        .append("</h3>\n<table id=\"fleet-budgets\">\n<thead><tr><th>")
        .append(Escape.html(v.column())).append("</th><th>objective</th><th>requests</th>"
            + "<th>bad</th><th>spent</th><th>left</th><th>burn 1h</th><th>verdict</th></tr>"
            + "</thead>\n<tbody>\n");
    for (FleetView.Budget b
        : v.budgets().subList(0, Math.min(FleetWords.SHOWN, v.budgets().size()))) {
      ErrorBudget e = b.budget();
      h.append(e.fails() ? "<tr class=\"row-fail\"><td>" : "<tr><td>")
          .append(Escape.html(b.host())).append("</td><td>")
          .append(Escape.html(e.requirement())).append("</td><td>")
          .append(Counts.grouped(e.total())).append("</td><td>")
          .append(Counts.grouped(e.bad())).append("</td><td>")
          .append(FleetWords.percentOrNone(e.spent())).append("</td><td>")
          .append(FleetWords.percentOrNone(e.left())).append("</td><td>")
          .append(e.noData() ? "-" : FleetWords.times(e.burnLastHour())).append("</td><td>")
          .append(FleetWords.verdict(b)).append("</td></tr>\n");
    }
    h.append("</tbody>\n</table>\n");
    if (v.budgets().size() > FleetWords.SHOWN) {
      h.append("<p class=\"muted\">").append(Escape.html(
          FleetWords.more(v.budgets().size() - FleetWords.SHOWN, "error budgets")))
          .append("</p>\n");
    }
  }
}
