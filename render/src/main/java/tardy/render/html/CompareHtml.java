package tardy.render.html;

import java.io.IOException;
import java.io.OutputStream;
import tardy.analysis.Verdict;
import tardy.analysis.compare.BudgetCheck;
import tardy.analysis.compare.Change;
import tardy.analysis.compare.Comparison;
import tardy.analysis.compare.OperationChange;
import tardy.render.Durations;
import tardy.render.Escape;
import tardy.render.compare.CompareWords;

/**
 * A comparison as one page: per operation on both sides, its percentiles before and after with
 * each test, and both distributions on one percentile chart (log scale). No script.
 */
public final class CompareHtml {

  private static final String CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:;"
      + " base-uri 'none'; form-action 'none'";

  private CompareHtml() {}

  public static void render(Comparison c, OutputStream out) throws IOException {
    StringBuilder h = new StringBuilder(32_768);
    String title = "tardy compare" + c.verdict().map(v -> ": " + v.word()).orElse("");
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(CSP)
        .append("\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>").append(title).append("</title>\n<style>\n")
        .append(HtmlRenderer.STYLE).append("</style>\n</head>\n<body>\n");
    h.append("<h1>").append(title).append("</h1>\n");
    if (c.verdict().isPresent()) {
      h.append("<div class=\"verdict ").append(c.verdict().get().label()).append("\" role=\"status\">\n")
          .append("<p class=\"verdict-line\">").append(c.verdict().get() == Verdict.FAIL
              ? "FAIL: a regression budget failed" : "PASS: no regression budget failed")
          .append("</p>\n<ul>\n");
      for (BudgetCheck k : c.budgets()) {
        h.append("<li>").append(CompareWords.budget(k, Escape::html)).append("</li>\n");
      }
      h.append("</ul>\n</div>\n");
    }
    h.append("<p class=\"muted\">Each percentile's change tested at level ")
        .append(CompareWords.alpha(c)).append(" (quantile test; requests taken as independent).</p>\n");
    for (OperationChange op : c.operations()) {
      h.append("<h2>").append(Escape.html(op.family().title())).append(": ")
          .append(Escape.html(op.key())).append("</h2>\n");
      if (op.presence() != OperationChange.Presence.BOTH) {
        h.append("<p>").append(op.presence().word()).append(": ").append(op.beforeCount())
            .append(" before, ").append(op.afterCount()).append(" after</p>\n");
        continue;
      }
      h.append("<p class=\"muted\">").append(op.beforeCount()).append(" before, ")
          .append(op.afterCount()).append(" after</p>\n<table>\n<tr><th></th><th>before</th>"
              + "<th>after</th><th>change</th><th></th><th>test</th></tr>\n");
      for (Change ch : op.changes()) {
        h.append("<tr><td>").append(ch.name()).append("</td><td>")
            .append(Durations.format(ch.beforeNanos())).append("</td><td>")
            .append(Durations.format(ch.afterNanos())).append("</td><td>")
            .append(CompareWords.delta(ch)).append("</td><td>").append(CompareWords.relative(ch))
            .append("</td><td>").append(CompareWords.verdict(ch)).append("</td></tr>\n");
      }
      h.append("</table>\n").append(PercentileChart.pair(op.key(), op.before().histogram(),
          op.after().histogram())).append('\n');
    }
    h.append("</body>\n</html>\n");
    tardy.render.Utf8.write(h, out);
  }
}
