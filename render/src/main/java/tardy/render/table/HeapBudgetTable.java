package tardy.render.table;

import java.util.List;
import tardy.analysis.HeapBudgetResult;
import tardy.analysis.Verdict;
import tardy.render.HeapBudgetWords;
import tardy.render.View;

/** The heap budgets of a check, one row per budget and JVM run; shown only when the file has some. */
final class HeapBudgetTable {

  private HeapBudgetTable() {}

  static void write(StringBuilder text, List<HeapBudgetResult> results, View view) {
    if (results.isEmpty()) {
      return;
    }
    TextTable table = new TextTable("heap budget", "run", "limit",
        "actual", "verdict");
    for (HeapBudgetResult r : results) {
      boolean fails = r.verdict() == Verdict.FAIL || r.verdict() == Verdict.NO_DATA;
      table.add(fails ? "31" : "32", r.budget(), HeapBudgetWords.run(r),
          HeapBudgetWords.limit(r), HeapBudgetWords.actual(r), r.verdict().word());
      if (r.verdict() == Verdict.NO_DATA) {
        table.detail("31", "    " + HeapBudgetWords.noData(r));
      }
    }
    text.append("Heap budgets\n");
    table.write(text, view.colour(), view.width());
    text.append('\n');
  }
}
