package tardy.render.html;

import tardy.analysis.fleet.FleetView;
import tardy.events.Counts;
import tardy.render.Durations;
import tardy.render.Escape;
import tardy.render.FleetWords;

/** The fleet view on the page: two small tables, the table output's. */
public final class FleetHtml {

  private FleetHtml() {}

  public static void write(StringBuilder h, FleetView v) {
    h.append("<h2>").append(Escape.html(FleetWords.title(v))).append("</h2>\n<p class=\"muted\">")
        .append(Escape.html(FleetWords.measure(v))).append("</p>\n")
        .append("<table id=\"fleet\">\n<thead><tr><th>").append(Escape.html(v.column()))
        .append("</th><th>count</th><th>compared</th><th>above</th><th>share</th>"
            + "<th>most above</th><th>its p99</th><th>peers p99</th></tr></thead>\n<tbody>\n");
    for (FleetView.Host host : v.hosts().subList(0, Math.min(FleetWords.SHOWN, v.hosts().size()))) {
      FleetView.GroupDiff worst = host.groups().isEmpty() ? null : host.groups().get(0);
      h.append("<tr><td>").append(Escape.html(host.value())).append("</td><td>")
          .append(Counts.grouped(host.count())).append("</td><td>")
          .append(Counts.grouped(host.compared())).append("</td><td>")
          .append(Counts.grouped(host.above())).append("</td><td>")
          .append(FleetWords.percent(host.share())).append("</td><td>")
          .append(worst == null ? "-" : Escape.html(worst.name()) + " "
              + FleetWords.percent(worst.share())).append("</td><td>")
          .append(worst == null ? "-" : Durations.format(worst.hostP99Nanos())).append("</td><td>")
          .append(worst == null ? "-" : Durations.format(worst.peersP99Nanos()))
          .append("</td></tr>\n");
    }
    h.append("</tbody>\n</table>\n");
    if (v.hosts().size() > FleetWords.SHOWN) {
      h.append("<p class=\"muted\">").append(Escape.html(
          FleetWords.more(v.hosts().size() - FleetWords.SHOWN, "values"))).append("</p>\n");
    }
    if (!v.compared()) {
      h.append("<p>").append(Escape.html(FleetWords.nothingCompared(v))).append("</p>\n");
    }
    FleetBudgetsHtml.write(h, v);
    if (v.failures().isEmpty()) {
      if (v.judged() && !v.anyFails()) {
        h.append("<p>").append(Escape.html(FleetWords.noFailure(v))).append("</p>\n");
      }
      return;
    }
    h.append("<h3>Budgets failed by ").append(Escape.html(v.column()))
        .append(", the most over first</h3>\n<table id=\"fleet-failures\">\n<thead><tr><th>")
        .append(Escape.html(v.column())).append("</th><th>operation</th><th>budget</th>"
            + "<th>limit</th><th>measured</th><th>over</th><th>count</th></tr></thead>\n<tbody>\n");
    for (FleetView.Failure f
        : v.failures().subList(0, Math.min(FleetWords.SHOWN, v.failures().size()))) {
      h.append("<tr class=\"row-fail\"><td>").append(Escape.html(f.host())).append("</td><td>")
          .append(Escape.html(f.name())).append("</td><td>").append(Escape.html(f.budget()))
          .append("</td><td>").append(Durations.format(f.limitNanos())).append("</td><td>")
          .append(Durations.format(f.actualNanos())).append("</td><td>")
          .append(FleetWords.times(f.over())).append("</td><td>")
          .append(Counts.grouped(f.count())).append("</td></tr>\n");
    }
    h.append("</tbody>\n</table>\n");
    if (v.failures().size() > FleetWords.SHOWN) {
      h.append("<p class=\"muted\">").append(Escape.html(
          FleetWords.more(v.failures().size() - FleetWords.SHOWN, "budgets failed")))
          .append("</p>\n");
    }
  }
}
