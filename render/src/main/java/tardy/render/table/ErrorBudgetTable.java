package tardy.render.table;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import tardy.analysis.slo.ErrorBudget;
import tardy.events.Counts;
import tardy.render.Escape;
import tardy.render.SloWords;
import tardy.render.View;

/**
 * The error budget of each requirement with an objective, its alerts and gaps on indented lines
 * below. Shown after the requirements, only when the file states objectives.
 */
final class ErrorBudgetTable {

  private ErrorBudgetTable() {}

  static void write(StringBuilder text, List<ErrorBudget> budgets, View view) {
    if (budgets.isEmpty()) {
      return;
    }
    TextTable table = new TextTable("requirement", "objective", "good",
        "total", "budget", "spent", "left", "burn 1h", "verdict")
        .dropFirst("burn 1h", "budget", "good", "objective").namesAtLeast(24);
    for (ErrorBudget b : budgets) {
      String verdict = b.fails() ? "FAIL" : b.noData() ? "NO DATA" : "PASS";
      String style = b.fails() ? "31" : "32";
      table.add(style, Escape.terminal(b.requirement()), b.slo().label(),
          Counts.grouped(b.good()), Counts.grouped(b.total()),
          BigDecimal.valueOf(b.allowedBad()).setScale(1, RoundingMode.HALF_EVEN).toPlainString(),
          SloWords.percent(b.spent()), SloWords.percent(b.left()),
          b.noData() ? "-" : SloWords.burn(b.burnLastHour()), verdict);
      for (String line : SloWords.details(b)) {
        table.detail(line.startsWith("FAIL") ? "31" : null, "    " + line);
      }
    }
    text.append("Error budgets (times in ").append(tardy.render.PrintedZone.name()).append(")\n");
    table.write(text, view.colour(), view.width());
    text.append('\n');
  }
}
