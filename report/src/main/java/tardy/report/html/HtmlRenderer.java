package tardy.report.html;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import tardy.classify.Analysis;
import tardy.classify.InputSummary;
import tardy.classify.Summary;
import tardy.classify.budget.BudgetResult;
import tardy.classify.budget.Judgement;
import tardy.classify.findings.Finding;
import tardy.report.CheckWords;
import tardy.report.Durations;
import tardy.report.Escape;
import tardy.report.FindingWords;
import tardy.report.Renderer;

/**
 * One self-contained page: no script at all, no network, styles inline, and a Content Security
 * Policy that forbids anything else, so a report mailed around cannot run or fetch anything.
 * Every text from a log or a requirements file goes through {@link Escape#html}.
 */
public final class HtmlRenderer implements Renderer {

  static final String CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

  private static final List<String> SHOWN = List.of("50", "90", "99", "99.9");

  private static final String STYLE = """
      body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;margin:24px auto;max-width:1100px;padding:0 16px}
      h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 6px}
      .verdict{padding:12px 16px;border-radius:6px;margin:8px 0 20px;font-size:18px;font-weight:600}
      .verdict.fail{background:#ffebe9;color:#82071e;border:1px solid #ff8182}
      .verdict.pass{background:#dafbe1;color:#116329;border:1px solid #4ac26b}
      table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
      th,td{padding:5px 8px;border-bottom:1px solid #d0d7de;text-align:right;vertical-align:top}
      th{background:#f6f8fa;font-weight:600;white-space:nowrap}th:first-child,td:first-child{text-align:left}
      td.budgets,th.budgets{text-align:left}td.budgets{font-size:13px}td.apdex,td.num{white-space:nowrap}td.cat{text-align:left}
      .fail{color:#cf222e}.pass{color:#1a7f37}.insufficient{color:#9a6700}.muted{color:#656d76}
      tr.row-fail td:first-child{border-left:4px solid #cf222e}tr.row-pass td:first-child{border-left:4px solid #1a7f37}
      tr.row-insufficient td:first-child{border-left:4px solid #d4a72c}
      svg{display:block;margin:4px 0 8px;background:#fff}
      svg .grid{stroke:#eaeef2;stroke-width:1}svg .axis{font-size:11px;fill:#656d76}
      svg .curve{fill:none;stroke:#0969da;stroke-width:2}
      svg text.budget{font-size:12px;stroke:none}svg line.budget{stroke-width:2;stroke-dasharray:6 4}
      svg .budget.fail{stroke:#cf222e;fill:#cf222e}svg .budget.pass{stroke:#1a7f37;fill:#1a7f37}
      svg .budget.insufficient{stroke:#9a6700;fill:#9a6700}
      svg text.budget.fail,svg text.budget.pass,svg text.budget.insufficient{stroke:none}
      ul{margin:4px 0;padding-left:20px}footer{margin-top:28px;font-size:12px;color:#656d76}
      """;

  @Override
  public void render(Analysis a, OutputStream out) throws IOException {
    StringBuilder h = new StringBuilder(16_384);
    boolean check = a.verdict().isPresent();
    String title = check ? "tardy check: " + a.verdict().get().label().toUpperCase(Locale.ROOT) : "tardy report";
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(CSP).append("\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>").append(title).append("</title>\n<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n");
    h.append("<h1>").append(title).append("</h1>\n");
    if (check) {
      h.append("<p class=\"verdict ").append(a.verdict().get().label()).append("\">")
          .append(CheckWords.verdict(a, Escape::html)).append("</p>\n");
    }
    table(h, a, check);
    if (a.timeline().isPresent()) {
      TimelineHtml.write(h, a.timeline().get());
    }
    findings(h, a);
    charts(h, a);
    lines(h, a);
    h.append("<footer>").append(Escape.html(a.tool()))
        .append(". Percentiles as HdrHistogram reports them (3 significant digits).</footer>\n</body>\n</html>\n");
    out.write(h.toString().getBytes(StandardCharsets.UTF_8));
  }

  private static void table(StringBuilder h, Analysis a, boolean check) {
    h.append("<table>\n<thead><tr><th>").append(check ? "requirement" : "operation").append("</th>");
    if (check) {
      h.append("<th>category</th>");
    }
    h.append("<th>count</th><th>p50</th><th>p90</th><th>p99</th><th>p99.9</th><th>max</th>");
    if (check) {
      h.append("<th class=\"budgets\">budgets</th><th>apdex</th><th>verdict</th>");
    }
    h.append("</tr></thead>\n<tbody>\n");
    for (Summary s : check ? a.groupsFailingFirst() : a.groups()) {
      Judgement j = s.judgement();
      h.append(j == null ? "<tr>" : "<tr class=\"row-" + j.verdict().label() + "\">")
          .append("<td>").append(Escape.html(s.key())).append("</td>");
      if (check) {
        h.append("<td class=\"cat\">").append(j == null ? "<span class=\"muted\">-</span>" : Escape.html(j.category())).append("</td>");
      }
      h.append("<td>").append(CheckWords.count(s.count())).append("</td>");
      for (String p : SHOWN) {
        h.append("<td>").append(s.count() == 0 ? "-" : Durations.format(s.latency().at(p))).append("</td>");
      }
      h.append("<td>").append(s.count() == 0 ? "-" : Durations.format(s.latency().at("100"))).append("</td>");
      if (check) {
        judgement(h, s, j);
      }
      h.append("</tr>\n");
    }
    h.append("</tbody>\n</table>\n");
  }

  private static void judgement(StringBuilder h, Summary s, Judgement j) {
    if (j == null) {
      h.append("<td class=\"budgets muted\">not judged</td><td></td><td class=\"muted\">-</td>");
      return;
    }
    h.append("<td class=\"budgets\">");
    for (BudgetResult b : j.budgets()) {
      h.append("<div class=\"").append(b.verdict().label()).append("\">")
          .append(Escape.html(CheckWords.budget(b, s.count()))).append("</div>");
    }
    h.append("</td><td class=\"apdex\">").append(Escape.html(CheckWords.apdex(j))).append("</td><td class=\"")
        .append(j.verdict().label()).append("\"><strong>")
        .append(j.verdict().label().toUpperCase(Locale.ROOT)).append("</strong></td>");
  }

  /** Likely causes after the numbers, most stopped time first, each with its evidence. */
  private static void findings(StringBuilder h, Analysis a) {
    if (a.findings().isEmpty()) {
      return;
    }
    h.append("<h2>Findings</h2>\n<p class=\"muted\">Likely causes, most stopped time first;"
        + " each is a hypothesis the evidence supports, not a certainty.</p>\n<ol>\n");
    for (Finding f : a.findings()) {
      h.append("<li><strong>").append(Escape.html(FindingWords.headline(f))).append("</strong>")
          .append("<div class=\"muted\">").append(Escape.html(FindingWords.evidence(f.signature())))
          .append("</div>");
      if (!f.operations().isEmpty()) {
        h.append("<div>by operation: ");
        for (int i = 0; i < f.operations().size(); i++) {
          h.append(i == 0 ? "" : "; ").append(Escape.html(FindingWords.operation(f.operations().get(i))));
        }
        h.append("</div>");
      }
      if (!f.worst().isEmpty()) {
        h.append("<ul>");
        for (Finding.Example e : f.worst()) {
          h.append("<li><code>").append(Escape.html(FindingWords.where(e))).append("</code>: ")
              .append(Escape.html(FindingWords.example(e))).append("</li>");
        }
        h.append("</ul>");
      }
      h.append("<div>").append(Escape.html(FindingWords.remedy(f.signature()))).append("</div></li>\n");
    }
    h.append("</ol>\n");
  }

  private static void charts(StringBuilder h, Analysis a) {
    h.append("<h2>Latency by percentile</h2>\n<p class=\"muted\">x: percentile on a 1/(1−p) scale,"
        + " so the tail gets the room; dashed: each budget's limit up to its percentile.</p>\n");
    for (Summary s : a.verdict().isPresent() ? a.groupsFailingFirst() : a.groups()) {
      h.append("<section>\n<h2>").append(Escape.html(s.key())).append("</h2>\n");
      if (s.count() == 0) {
        h.append("<p class=\"muted\">no samples</p>\n</section>\n");
        continue;
      }
      List<BudgetResult> budgets = s.judgement() == null ? List.of() : s.judgement().budgets();
      h.append(PercentileChart.svg(s.key(), s.histogram(), budgets)).append("\n</section>\n");
    }
  }

  private static void lines(StringBuilder h, Analysis a) {
    h.append("<h2>Lines</h2>\n<ul>\n");
    for (InputSummary in : a.inputs()) {
      h.append("<li>").append(Escape.html(in.source())).append(" (").append(Escape.html(in.format()))
          .append("): ").append(CheckWords.count(in.lines())).append(" lines = ")
          .append(CheckWords.count(in.parsed())).append(" parsed + ").append(CheckWords.count(in.ignored()))
          .append(" ignored + ").append(CheckWords.count(in.malformed())).append(" malformed</li>\n");
    }
    h.append("</ul>\n");
    if (!a.notes().isEmpty()) {
      h.append("<h2>Notes</h2>\n<ul>\n");
      for (String note : a.notes()) {
        h.append("<li>").append(Escape.html(note)).append("</li>\n");
      }
      h.append("</ul>\n");
    }
  }
}
