package tardy.render.html;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import tardy.analysis.Analysis;
import tardy.record.InputSummary;
import tardy.record.histogram.Percentiles;
import tardy.analysis.Summary;
import tardy.analysis.BudgetResult;
import tardy.analysis.findings.Finding;
import tardy.events.Counts;
import tardy.render.Durations;
import tardy.render.SpanWords;
import tardy.render.Escape;
import tardy.render.FindingWords;
import tardy.render.Focus;
import tardy.render.IntervalWords;
import tardy.render.Renderer;
import tardy.render.View;
import tardy.events.Family;

/**
 * One self-contained page with everything the table shows: no network, styles inline, and one
 * inline script (sortable tables, a filter box) that the Content Security Policy allows by its
 * SHA-256 hash and nothing else, so a report mailed around cannot run or fetch anything but that.
 * Every text from a log or a requirements file goes through {@link Escape#html}. The page is a
 * list of sections, each a heading and a table or charts; the page reads without the script.
 */
public final class HtmlRenderer implements Renderer {

  /** The script, read once: its hash is part of the policy. */
  static final String SCRIPT = resource("page.js");

  static final String CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:;"
      + " script-src '" + sha256(SCRIPT) + "'; base-uri 'none'; form-action 'none'";

  static final String STYLE = resource("page.css");

  private final View view;

  /** Sections the analysis does not hold (a fleet's), put before the lines' accounting. */
  private final java.util.function.Consumer<StringBuilder> appendix;

  public HtmlRenderer(View view) {
    this(view, h -> { });
  }

  public HtmlRenderer(View view, java.util.function.Consumer<StringBuilder> appendix) {
    this.view = view;
    this.appendix = appendix;
  }

  @Override
  public void render(Analysis a, OutputStream out) throws IOException {
    StringBuilder h = new StringBuilder(32_768);
    boolean check = a.verdict().isPresent();
    Focus focus = Focus.of(a, view);
    String command = !view.command().isEmpty() ? view.command() : check ? "check" : "report";
    String title = "tardy " + command
        + (check ? ": " + a.verdict().get().label().toUpperCase(Locale.ROOT) : "");
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(CSP).append("\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>").append(title).append("</title>\n<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n");
    h.append("<h1>").append(title).append("</h1>\n");
    if (check) { // the verdict first, then what it was made of
      Verdict.check(h, a);
    } else {
      Verdict.report(h, a);
    }
    h.append("<p class=\"muted\">").append(summaryLine(a)).append("</p>\n");
    for (tardy.record.clock.Span span : a.spans()) {
      h.append("<p class=\"muted span\">").append(Escape.html(SpanWords.line(span))).append("</p>\n");
    }
    h.append("<input type=\"search\" id=\"filter\" placeholder=\"Filter by name\" aria-label=\"Filter by name\" hidden>\n");
    long resolution = Durations.resolution(a.kind());
    if (check) {
      h.append("<h2>Requirements</h2>\n");
      Tables.check(h, focus.shown(), firstTotal(a), resolution);
      rest(h, a, focus);
      ErrorBudgetHtml.write(h, a);
    } else {
      for (Family f : a.families()) { // each family its own table and total, never one across
        Focus shown = Focus.of(a, view, f);
        h.append("<h2>").append(f == Family.REQUEST ? "Latency" : Escape.html(f.title())).append("</h2>\n");
        Tables.percentiles(h, f == a.families().get(0) ? "latency" : "latency-" + f.key(),
            f.keyHeader(), shown.shown(), a.totalOf(f).orElseThrow(), Summary::latency, resolution);
        rest(h, a, shown);
        tardy.render.Utf8.drain(h, out);
      }
    }
    tardy.render.Utf8.drain(h, out);
    if (a.timeline().isPresent()) {
      TimelineHtml.write(h, a.timeline().get());
    }
    findings(h, a);
    overview(h, focus, view.sort(), check);
    tardy.render.Utf8.drain(h, out);
    measure(h, a, Focus.of(a, view, Family.SAFEPOINT), Family.SAFEPOINT, "Time to safepoint", "ttsp",
        Summary::ttsp, resolution);
    tardy.render.Utf8.drain(h, out);
    measure(h, a, Focus.of(a, view, Family.REQUEST), Family.REQUEST, "Upstream (backend) time",
        "upstream", Summary::upstream, resolution);
    tardy.render.Utf8.drain(h, out);
    // a histogram table keeps no status: its requests have none, not 0 of each
    if (a.families().contains(Family.REQUEST) && java.util.Arrays.stream(
        a.totalOf(Family.REQUEST).orElseThrow().statusClasses()).sum() > 0) {
      h.append("<h2>Responses by status</h2>\n");
      Tables.statuses(h, Focus.of(a, view, Family.REQUEST).shown(), a.totalOf(Family.REQUEST).orElseThrow());
    }
    if (view.slowest() && a.families().contains(Family.REQUEST)) { // --exemplars
      SlowestHtml.write(h, a, check ? focus.shown() : Focus.of(a, view, Family.REQUEST).shown());
    }
    if (a.stoppedShare().isPresent()) {
      Family stopped = a.stoppedFamily();
      h.append("<p>").append(String.format(Locale.ROOT,
          "Application stopped <strong>%.3f%%</strong> of the logged time (%s in all).",
          100 * a.stoppedShare().get(), Durations.format(a.totalOf(stopped).orElseThrow().sumNanos())))
          .append("</p>\n");
    }
    if (!a.heap().isEmpty()) { // the same sentences as the table's section
      h.append("<h2>Heap and throughput</h2>\n");
      tardy.render.HeapWords.runsShown(a.heap())
          .ifPresent(line -> h.append("<p>").append(Escape.html(line)).append("</p>\n"));
      for (tardy.analysis.heap.HeapRun r : tardy.render.HeapWords.shown(a.heap())) {
        for (String line : tardy.render.HeapWords.lines(r, a.heap().size() > 1)) {
          h.append("<p>").append(Escape.html(line)).append("</p>\n");
        }
        if (HeapChart.drawable(r)) {
          HeapChart.write(h, r, a.heap().size() > 1);
        }
        tardy.render.Utf8.drain(h, out); // a chart per run: a log of thousands of runs is never held whole
      }
      // under the charts, whose pause band holds no stall either
      tardy.render.HeapWords.stalls(tardy.analysis.StallTime.of(a), a.heap().size() > 1)
          .ifPresent(line -> h.append("<p>").append(Escape.html(line)).append("</p>\n"));
    }
    tardy.render.Utf8.drain(h, out);
    charts(h, focus, out);
    for (Family f : a.families()) {
      for (Summary s : IntervalWords.shown(a, f, Focus.of(a, view, f).shown())) {
        IntervalChart.write(h, s);
        tardy.render.Utf8.drain(h, out);
      }
    }
    appendix.accept(h);
    lines(h, a);
    h.append("<footer>").append(Escape.html(a.tool()))
        .append(". Percentiles as HdrHistogram reports them (3 significant digits).</footer>\n");
    h.append("<script>").append(SCRIPT).append("</script>\n</body>\n</html>\n");
    tardy.render.Utf8.write(h, out);
  }

  private static String summaryLine(Analysis a) {
    long groups = a.groups().size();
    String event = a.kind() == Analysis.Kind.PAUSES ? "pause" : a.kind() == Analysis.Kind.MIXED ? "event" : "request";
    String kind = a.kind() == Analysis.Kind.PAUSES ? "pause kind" : "operation";
    return Counts.of(a.totals().stream().mapToLong(Summary::count).sum(), event) + " in "
        + Counts.of(groups, kind) + " from " + Counts.of(a.lines(), "line") + " of "
        + Counts.of(a.inputs().size(), "input");
  }

  private static void rest(StringBuilder h, Analysis a, Focus focus) {
    String rest = focus.rest(a);
    if (!rest.isEmpty()) {
      h.append("<p class=\"muted rest\">… ").append(Escape.html(rest)).append("</p>\n");
    }
  }

  private static void measure(StringBuilder h, Analysis a, Focus focus, Family family, String title,
      String id, Function<Summary, Percentiles> pick, long resolution) {
    if (a.groupsOf(family).stream().anyMatch(s -> pick.apply(s) != null)) {
      h.append("<h2>").append(title).append("</h2>\n");
      Tables.percentiles(h, id, family.keyHeader(), focus.shown(), a.totalOf(family).orElseThrow(),
          pick, resolution);
    }
  }

  /** A check's table shows the total of the analysis's first family. */
  private static Summary firstTotal(Analysis a) {
    return a.totals().isEmpty() ? Summary.empty(tardy.analysis.Analyzer.TOTAL, Family.REQUEST)
        : a.totals().get(0);
  }

  /** The shown groups' curves on one chart, the busiest first. */
  private static void overview(StringBuilder h, Focus focus, tardy.render.Sort sort, boolean check) {
    List<Summary> series = new ArrayList<>();
    for (Summary s : focus.shown()) {
      if (s.count() > 0 && series.size() < PercentileChart.SERIES) {
        series.add(s);
      }
    }
    if (series.size() < 2) {
      return;
    }
    h.append("<h2>Overview</h2>\n<p class=\"muted\">The first ").append(series.size())
        .append(" rows in the report's order (").append(check ? "failing first" : "--sort " + sort.label())
        .append(") on one chart; y on a log scale, so fast and slow ones both show.</p>\n")
        .append(PercentileChart.overview(series)).append('\n');
  }

  /** Likely causes after the numbers, most stopped time first, each with its evidence. */
  private static void findings(StringBuilder h, Analysis a) {
    if (a.findings().isEmpty()) {
      return;
    }
    h.append("<h2>Findings</h2>\n<p class=\"muted\">Likely causes, ")
        .append(FindingWords.order(a.findings()))
        .append("; each is a hypothesis the evidence supports, not a certainty.</p>\n<ol>\n");
    for (Finding f : FindingWords.shown(a.findings())) {
      h.append("<li><strong>").append(Escape.html(FindingWords.headline(f))).append("</strong>")
          .append("<div class=\"muted\">").append(Escape.html(FindingWords.evidence(f)))
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
    FindingWords.notShown(a.findings())
        .ifPresent(line -> h.append("<p class=\"muted\">").append(Escape.html(line)).append("</p>\n"));
  }

  private static void charts(StringBuilder h, Focus focus, OutputStream out) throws IOException {
    h.append("<h2>Latency by percentile</h2>\n<p class=\"muted\">x: percentile on a 1/(1−p) scale,"
        + " so the tail gets the room; each curve ends at the highest percentile its count supports"
        + " (n samples: 1 − 1/n), at the maximum. Dashed: each budget's limit up to its percentile.</p>\n");
    for (Summary s : focus.shown()) {
      h.append("<section data-key=\"").append(Escape.html(s.key())).append("\">\n<h3>")
          .append(Escape.html(s.key())).append("</h3>\n");
      if (s.count() == 0) {
        h.append("<p class=\"muted\">no samples</p>\n</section>\n");
        continue;
      }
      List<BudgetResult> budgets = s.judgement() == null ? List.of() : s.judgement().budgets();
      h.append(PercentileChart.svg(s.key(), s.histogram(), budgets)).append("\n</section>\n");
      tardy.render.Utf8.drain(h, out);
    }
  }

  private static void lines(StringBuilder h, Analysis a) {
    h.append("<h2>Lines</h2>\n<ul class=\"lines\">\n");
    for (InputSummary in : a.inputs()) {
      h.append("<li>").append(Escape.html(in.source())).append(" (").append(Escape.html(in.format()))
          .append("): ").append(Counts.of(in.lines(), "line")).append(" = ")
          .append(Counts.grouped(in.parsed())).append(" parsed + ").append(Counts.grouped(in.ignored()))
          .append(" ignored + ").append(Counts.grouped(in.malformed())).append(" malformed");
      if (!in.reasons().isEmpty()) {
        h.append("\n<ul>\n");
        for (InputSummary.Reason r : in.reasons()) {
          h.append("<li>").append(r.outcome()).append(": ").append(Escape.html(r.reason())).append(": ")
              .append(Counts.grouped(r.count())).append(" (line").append(r.firstLines().size() > 1 ? "s " : " ")
              .append(firstLines(r)).append(")</li>\n");
        }
        h.append("</ul>\n");
      }
      h.append("</li>\n");
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

  private static String firstLines(InputSummary.Reason r) {
    StringBuilder s = new StringBuilder();
    for (long line : r.firstLines()) {
      s.append(s.length() == 0 ? "" : ", ").append(line);
    }
    return r.count() > r.firstLines().size() ? s + ", …" : s.toString();
  }

  private static String resource(String name) {
    try (InputStream in = HtmlRenderer.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The CSP source that allows exactly this script: 'sha256-' and the base64 of its digest. */
  static String sha256(String script) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(script.getBytes(StandardCharsets.UTF_8));
      return "sha256-" + Base64.getEncoder().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }
}
