package tardy.render.table;

import java.util.List;
import tardy.analysis.Summary;
import tardy.analysis.BudgetResult;
import tardy.analysis.Judgement;
import tardy.analysis.Verdict;
import tardy.events.Counts;
import tardy.render.CheckWords;
import tardy.render.Durations;
import tardy.render.Escape;
import tardy.render.View;

/**
 * The requirements of a check, one row per requirement with its budgets on indented lines below,
 * failing rows first. At 80 columns names longer than 24 characters shorten, then p99.9 and p50 go.
 */
final class CheckTable {

  private static final List<String> SHOWN = List.of("50", "90", "99", "99.9");

  private CheckTable() {}

  /** @param showFamily whether each name says its family (the analysis holds several) */
  static void write(StringBuilder text, List<Summary> failingFirst, boolean showFamily, View view,
      long resolution) {
    TextTable table = new TextTable("requirement", "category", "count", "p50", "p90",
        "p99", "p99.9", "max", "verdict").dropFirst("p99.9", "p50", "p90", "category").namesAtLeast(24);
    for (Summary s : failingFirst) {
      Judgement j = s.judgement();
      String style = j == null ? null : style(j.verdict());
      table.add(style, row(s, j, showFamily, resolution));
      if (j == null) {
        continue;
      }
      for (BudgetResult b : j.budgets()) {
        table.detail(style(b.verdict()), "    " + CheckWords.budget(b, s.count()));
      }
      if (j.hasApdex()) {
        table.detail(null, "    apdex " + CheckWords.apdex(j));
      }
    }
    text.append("Requirements\n");
    table.write(text, view.colour(), view.width());
    text.append('\n');
  }

  private static String[] row(Summary s, Judgement j, boolean showFamily, long resolution) {
    String[] cells = new String[9];
    cells[0] = Escape.terminal(s.key()) + (showFamily ? " (" + s.family().key() + ")" : "");
    cells[1] = j == null ? "-" : Escape.terminal(j.category());
    cells[2] = Counts.grouped(s.count());
    for (int i = 0; i < SHOWN.size(); i++) {
      cells[3 + i] = s.count() == 0 ? "-" : Durations.format(s.latency().at(SHOWN.get(i)), resolution);
    }
    cells[7] = s.count() == 0 ? "-" : Durations.format(s.latency().at("100"), resolution);
    cells[8] = j == null ? "not judged" : j.verdict().word() + (j.optional() && j.verdict() == Verdict.NO_DATA ? " (optional)" : "");
    return cells;
  }

  private static String style(Verdict v) {
    return switch (v) {
      case FAIL -> "31";
      case INSUFFICIENT -> "33";
      case NO_DATA -> "31";
      case PASS -> "32";
    };
  }
}
