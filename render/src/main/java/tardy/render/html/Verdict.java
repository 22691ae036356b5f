package tardy.render.html;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import tardy.analysis.Analysis;
import tardy.analysis.BudgetResult;
import tardy.analysis.Summary;
import tardy.analysis.slo.ErrorBudget;
import tardy.events.Counts;
import tardy.events.Family;
import tardy.render.CheckWords;
import tardy.render.Durations;
import tardy.render.Escape;
import tardy.render.SloWords;

/**
 * What a reader needs before the details, at the top of the page: a check's verdict with each
 * failing budget and by how much it failed, or a report's worst rows, the highest p99 of each
 * family.
 */
final class Verdict {

  /** Failing budgets listed at most; the table below has them all. */
  static final int FAILURES = 10;

  /** Rows named per family in a report's summary. */
  static final int WORST = 3;

  private Verdict() {}

  static void check(StringBuilder h, Analysis a) {
    h.append("<div class=\"verdict ").append(a.verdict().get().label()).append("\" role=\"status\">\n")
        .append("<p class=\"verdict-line\">").append(CheckWords.verdict(a, Escape::html)).append("</p>\n");
    List<String> failures = new ArrayList<>();
    java.util.Set<String> failed = java.util.Set.copyOf(a.judged().failed());
    for (Summary s : a.groups()) {
      if (s.judgement() != null) {
        for (BudgetResult b : s.judgement().budgets()) {
          // a failed requirement's budgets that did not pass: over the limit, or without samples
          if (b.verdict() == tardy.analysis.Verdict.FAIL
              || failed.contains(s.key()) && b.verdict() != tardy.analysis.Verdict.PASS) {
            failures.add(s.key() + ": " + CheckWords.budget(b, s.count()));
          }
        }
      }
    }
    for (ErrorBudget b : a.errorBudgets()) {
      for (String line : SloWords.details(b)) {
        if (b.fails() && line.startsWith("FAIL")) {
          failures.add(b.requirement() + " (error budget): " + line.substring(line.indexOf(':') + 1).strip());
        }
      }
    }
    if (!failures.isEmpty()) {
      h.append("<ul class=\"failures\">\n");
      for (String f : failures.subList(0, Math.min(FAILURES, failures.size()))) {
        h.append("<li>").append(Escape.html(f)).append("</li>\n");
      }
      if (failures.size() > FAILURES) {
        h.append("<li>… and ").append(failures.size() - FAILURES).append(" more in the table below</li>\n");
      }
      h.append("</ul>\n");
    }
    h.append("</div>\n");
  }

  /**
   * Per family, the rows with the highest p99 (the busiest first among equals); the GC pauses
   * not beside safepoints, which hold them.
   */
  static void report(StringBuilder h, Analysis a) {
    StringBuilder rows = new StringBuilder();
    List<Family> shown = a.families().stream() // each GC pause is inside a safepoint, whose rows name the stop
        .filter(f -> f != Family.GC_PAUSE || !a.families().contains(Family.SAFEPOINT)).toList();
    for (Family f : shown) {
      List<Summary> worst = a.groupsOf(f).stream().filter(s -> s.count() > 0)
          .sorted(Comparator.comparingLong((Summary s) -> s.latency().at("99")).reversed()
              .thenComparing(Comparator.comparingLong(Summary::count).reversed()))
          .limit(WORST).toList();
      for (Summary s : worst) {
        rows.append("<li>").append(shown.size() > 1 ? "<span class=\"muted\">" + Escape.html(f.title())
            + ":</span> " : "").append(Escape.html(s.key())).append(": p99 <strong>")
            .append(Durations.format(s.latency().at("99"))).append("</strong>, max ")
            .append(Durations.format(s.latency().at("100"))).append(" (")
            .append(Counts.of(s.count(), f == Family.REQUEST ? "request" : f == Family.STALL ? "stall" : "pause")).append(")</li>\n");
      }
    }
    if (rows.length() > 0) {
      h.append("<div class=\"worst\" role=\"status\">\n<p><strong>Worst rows</strong> (the highest p99")
          .append(shown.size() > 1 ? " of each family" : "").append(")</p>\n<ul>\n")
          .append(rows).append("</ul>\n</div>\n");
    }
  }
}
