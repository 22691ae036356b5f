package tardy.render.html;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import tardy.analysis.Analysis;
import tardy.analysis.requirements.WindowText;
import tardy.analysis.slo.BudgetHistory;
import tardy.analysis.slo.ErrorBudget;
import tardy.events.Counts;
import tardy.render.Escape;
import tardy.render.PrintedZone;
import tardy.render.SloWords;

/**
 * The page's error budgets, on pages whose requirements state objectives: the table's numbers and
 * lines (alerts, gaps, failures), then per objective its budget left over time with the alerts'
 * spans shaded.
 */
final class ErrorBudgetHtml {

  private ErrorBudgetHtml() {}

  static void write(StringBuilder h, Analysis a) {
    List<ErrorBudget> budgets = a.errorBudgets();
    if (budgets.isEmpty()) {
      return;
    }
    h.append("<h2>Error budgets</h2>\n<table id=\"error-budgets\">\n<thead><tr><th>requirement</th>"
        + "<th>objective</th><th>good</th><th>total</th><th>budget</th><th>spent</th><th>left</th>"
        + "<th>burn 1h</th><th>verdict</th></tr></thead>\n<tbody>\n");
    for (ErrorBudget b : budgets) {
      String verdict = b.fails() ? "fail" : b.noData() ? "no data" : "pass";
      h.append("<tr class=\"row-").append(b.fails() ? "fail" : "pass").append("\"><td>")
          .append(Escape.html(b.requirement())).append("</td><td>")
          .append(Escape.html(b.slo().label())).append("</td><td>")
          .append(Counts.grouped(b.good())).append("</td><td>").append(Counts.grouped(b.total()))
          .append("</td><td>").append(BigDecimal.valueOf(b.allowedBad())
              .setScale(1, RoundingMode.HALF_EVEN).toPlainString())
          .append("</td><td>").append(SloWords.percent(b.spent())).append("</td><td>")
          .append(SloWords.percent(b.left())).append("</td><td>")
          .append(b.noData() ? "-" : SloWords.burn(b.burnLastHour())).append("</td><td class=\"")
          .append(b.fails() ? "fail" : "pass").append("\">").append(verdict).append("</td></tr>\n");
    }
    h.append("</tbody>\n</table>\n");
    for (ErrorBudget b : budgets) {
      h.append("<h3>").append(Escape.html(b.requirement())).append(": ")
          .append(Escape.html(b.slo().label())).append("</h3>\n<ul class=\"budget-lines\">\n");
      for (String line : SloWords.details(b)) {
        h.append("<li").append(line.startsWith("FAIL") ? " class=\"fail\"" : "").append(">")
            .append(Escape.html(line)).append("</li>\n");
      }
      h.append("</ul>\n");
      List<BudgetHistory.Point> points =
          BudgetHistory.of(b, a.objectiveCounts().of(b.requirement()), BudgetChart.POINTS);
      BudgetChart.write(h, b, points);
      if (!points.isEmpty()) {
        h.append("<p class=\"muted\">Budget left over the ")
            .append(Escape.html(WindowText.format(b.slo().windowMillis())))
            .append(" ending at each minute (blue)")
            .append(b.slo().budgetFloor() == null ? "" : ", the floor (dashed)")
            .append(b.alerts().isEmpty() ? "" : "; shaded: the " + Counts.of(b.alerts().size(),
                "alert") + " fired, red a page, amber a ticket").append("; times ").append(Escape.html(PrintedZone.name())).append("</p>\n");
      }
    }
  }
}
