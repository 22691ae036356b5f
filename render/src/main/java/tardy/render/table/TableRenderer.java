package tardy.render.table;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import tardy.analysis.Analysis;
import tardy.analysis.RateOverTime;
import tardy.record.InputSummary;
import tardy.record.histogram.Percentiles;
import tardy.analysis.Summary;
import tardy.analysis.findings.Finding;
import tardy.events.Counts;
import tardy.render.CheckWords;
import tardy.render.Durations;
import tardy.render.Escape;
import tardy.render.FindingWords;
import tardy.render.Focus;
import tardy.render.IntervalWords;
import tardy.render.RateWords;
import tardy.render.Renderer;
import tardy.render.SpanWords;
import tardy.render.StatusCodeWords;
import tardy.render.View;
import tardy.events.Family;
import tardy.events.RecordFormat;

/**
 * The terminal view: one section per measure (latency, time to safepoint, backend time, status
 * classes), each one row per shown group and the total, then the accounting of lines and the
 * notes. A section is a title and a table, so a later one (per interval) is one more method.
 */
public final class TableRenderer implements Renderer {

  /** The percentile columns a narrow terminal loses, in this order; count, p99 and max stay. */
  static final String[] DROP_ORDER = {"p99.99", "p90", "p99.9", "p50"};

  private final View view;

  public TableRenderer(View view) {
    this.view = view;
  }

  @Override
  public void render(Analysis a, OutputStream out) throws IOException {
    StringBuilder text = new StringBuilder();
    long resolution = Durations.resolution(a.kind());
    if (a.verdict().isPresent()) {
      Focus focus = Focus.of(a, view);
      if (a.kind() != Analysis.Kind.NONE || !focus.shown().isEmpty()) { // not for GC cycles alone
        CheckTable.write(text, focus.shown(), a.families().size() > 1, view, resolution);
      }
      ErrorBudgetTable.write(text, a.errorBudgets(), view);
      HeapBudgetTable.write(text, a.heapBudgets(), view);
      rest(text, a, focus);
    } else {
      for (Family f : a.families()) { // each family its own table and total, never one across
        Focus focus = Focus.of(a, view, f);
        section(text, f == Family.REQUEST ? "Latency" : f.title(), f, a, focus, Summary::latency);
        rest(text, a, focus); // under the table, where the eye is
      }
    }
    if (a.groupsOf(Family.SAFEPOINT).stream().anyMatch(s -> s.ttsp() != null)) {
      section(text, "Time to safepoint", Family.SAFEPOINT, a, Focus.of(a, view, Family.SAFEPOINT),
          Summary::ttsp);
    }
    if (a.groupsOf(Family.REQUEST).stream().anyMatch(s -> s.upstream() != null)) {
      section(text, "Upstream (backend) time", Family.REQUEST, a,
          Focus.of(a, view, Family.REQUEST), Summary::upstream);
    }
    // a histogram table keeps no status: its requests have none, not 0 of each
    if (a.families().contains(Family.REQUEST) && a.totalOf(Family.REQUEST)
        .map(t -> java.util.Arrays.stream(t.statusClasses()).sum() > 0).orElse(false)) {
      statuses(text, a, Focus.of(a, view, Family.REQUEST));
    }
    if (view.slowest() && a.families().contains(Family.REQUEST)) { // report --exemplars
      SlowestTable.write(text, a, a.verdict().isPresent() ? Focus.of(a, view)
          : Focus.of(a, view, Family.REQUEST), view);
    }
    for (Family f : a.families()) {
      IntervalTable.write(text, IntervalWords.shown(a, f, Focus.of(a, view, f).shown()),
          resolution, view.colour(), view.width());
    }
    if (a.timeline().isPresent()) {
      java.util.Set<String> shown = new java.util.HashSet<>();
      Focus operations = a.verdict().isPresent() ? Focus.of(a, view) : Focus.of(a, view, Family.REQUEST);
      operations.shown().forEach(s -> shown.add(s.key()));
      TimelineTable.write(text, a.timeline().get(), shown, a.judged().failed(), view);
    }
    if (a.stoppedShare().isPresent()) {
      Family stopped = a.stoppedFamily();
      paragraph(text, String.format(Locale.ROOT, "Application stopped %.3f%% of the logged time (%s in all%s).",
          100 * a.stoppedShare().get(), Durations.format(a.totalOf(stopped).orElseThrow().sumNanos()),
          stopped == Family.SAFEPOINT ? "" : ", GC pauses"), "");
      text.append('\n');
    }
    heap(text, a, out);
    findings(text, a, out);
    if (!a.spans().isEmpty()) {
      text.append("Time\n");
      for (tardy.record.clock.Span span : a.spans()) {
        paragraph(text, SpanWords.line(span), "  ");
        RateOverTime.of(span).ifPresent(rate -> {
          paragraph(text, RateWords.line(rate), "  ");
          paragraph(text, RateWords.strip(rate), "  ");
        });
      }
      text.append('\n');
    }
    if (!a.inputs().isEmpty()) { // none read from a histogram table: it has no lines
      accounting(text, a, view.width());
    }
    for (String note : a.notes()) {
      paragraph(text, note, "Note: ");
    }
    if (a.verdict().isPresent()) { // last, where a reader of a long run looks first
      String line = CheckWords.verdict(a, Escape::terminal);
      boolean failed = a.verdict().get() == tardy.analysis.Verdict.FAIL;
      StringBuilder wrapped = new StringBuilder();
      Wrap.words(wrapped, line, view.width(), "", "  ");
      String verdict = wrapped.toString().stripTrailing();
      text.append('\n').append(view.colour()
          ? "\u001b[1;" + (failed ? "31" : "32") + "m" + verdict + "\u001b[0m" : verdict).append('\n');
    }
    tardy.render.Utf8.write(text, out);
  }

  private void paragraph(StringBuilder text, String words, String first) {
    Wrap.words(text, words, view.width(), first, " ".repeat(first.length()));
  }

  /** One table of one family: its shown groups and its own total. */
  private void section(StringBuilder text, String title, Family family, Analysis a, Focus focus,
      Function<Summary, Percentiles> pick) {
    List<String> header = new ArrayList<>(List.of(family.keyHeader(), "count"));
    for (String label : Percentiles.LABELS) {
      header.add(label.equals("100") ? "max" : "p" + label);
    }
    TextTable table = new TextTable(header.toArray(String[]::new)).dropFirst(DROP_ORDER);
    List<Summary> rows = new ArrayList<>(focus.shown());
    a.totalOf(family).ifPresent(rows::add);
    long resolution = Durations.resolution(a.kind());
    for (Summary s : rows) {
      Percentiles p = pick.apply(s);
      if (p == null || s.count() == 0) {
        continue;
      }
      // the samples behind the percentiles: an upstream time or a time to safepoint is not in
      // every event of the group
      long n = p == s.latency() ? s.count() : p.count();
      List<String> cells = new ArrayList<>(List.of(Escape.terminal(s.key()), count(n)));
      for (Percentiles.Point point : p.points()) {
        cells.add(Durations.format(point.nanos(), resolution));
      }
      table.add(null, cells.toArray(String[]::new));
    }
    text.append(title).append('\n');
    table.write(text, view.colour(), view.width());
    text.append('\n');
  }

  private void rest(StringBuilder text, Analysis a, Focus focus) {
    String rest = focus.rest(a);
    if (!rest.isEmpty()) {
      text.setLength(text.length() - 1); // into the table's paragraph
      paragraph(text, rest, "… ");
      text.append('\n');
    }
  }

  /**
   * Status classes per operation; apart, the requests whose client went away before the answer
   * (nginx's 499, HAProxy's C and c states, Envoy's DC), whatever status they were logged with:
   * their latency is censored; then the error codes, those that say what went wrong first.
   */
  private void statuses(StringBuilder text, Analysis a, Focus focus) {
    TextTable table = new TextTable("operation", "1xx", "2xx", "3xx", "4xx", "5xx",
        "client abort", "codes").dropFirst("1xx", "client abort", "codes");
    List<Summary> rows = new ArrayList<>(focus.shown());
    a.totalOf(Family.REQUEST).ifPresent(rows::add);
    for (Summary s : rows) {
      long[] c = s.statusClasses();
      table.add(c[5] > 0 ? "33" : null, Escape.terminal(s.key()), count(c[1]), count(c[2]),
          count(c[3]), count(c[4]), count(c[5]), count(s.clientClosed()),
          StatusCodeWords.ranked(s.errorCodes(), StatusCodeWords.SHOWN));
    }
    text.append("Responses by status\n");
    table.write(text, view.colour(), view.width());
    text.append('\n');
  }

  /** What the GC pauses say of the heap and the throughput, run by run; only when they logged a heap. */
  private void heap(StringBuilder text, Analysis a, OutputStream out) throws IOException {
    if (a.heap().isEmpty()) {
      return;
    }
    text.append("Heap and throughput\n");
    tardy.render.HeapWords.runsShown(a.heap())
        .ifPresent(line -> Wrap.words(text, line, view.width(), "  ", "    "));
    for (tardy.analysis.heap.HeapRun r : tardy.render.HeapWords.shown(a.heap())) {
      for (String line : tardy.render.HeapWords.lines(r, a.heap().size() > 1)) {
        Wrap.words(text, line, view.width(), "  ", "    ");
      }
      tardy.render.Utf8.drain(text, out); // a log of thousands of runs is never held whole
    }
    tardy.render.HeapWords.stalls(tardy.analysis.StallTime.of(a), a.heap().size() > 1)
        .ifPresent(line -> Wrap.words(text, Escape.terminal(line), view.width(), "  ", "    "));
    text.append('\n');
  }

  /** Likely causes, most stopped time first: the evidence, the worst few, what to consider. */
  private void findings(StringBuilder text, Analysis a, OutputStream out) throws IOException {
    if (a.findings().isEmpty()) {
      return;
    }
    text.append("Findings (likely causes, ").append(FindingWords.order(a.findings()))
        .append(")\n");
    String indent = "    ";
    int n = 0;
    for (Finding f : FindingWords.shown(a.findings())) {
      paragraph(text, Escape.terminal(FindingWords.headline(f)),
          String.format(Locale.ROOT, "%2d. ", ++n));
      Wrap.words(text, FindingWords.evidence(f), view.width(), indent, indent);
      if (!f.operations().isEmpty()) {
        StringBuilder ops = new StringBuilder("by operation:");
        for (int i = 0; i < f.operations().size(); i++) {
          ops.append(i == 0 ? " " : "; ")
              .append(Escape.terminal(FindingWords.operation(f.operations().get(i))));
        }
        Wrap.words(text, ops.toString(), view.width(), indent, indent + "  ");
      }
      for (Finding.Example e : f.worst().subList(0, Math.min(3, f.worst().size()))) {
        Wrap.words(text, Escape.terminal(FindingWords.where(e)) + ": "
            + Escape.terminal(FindingWords.example(e)), view.width(), indent, indent + "  ");
      }
      Wrap.words(text, FindingWords.remedy(f.signature()), view.width(), indent, indent + "  ");
      tardy.render.Utf8.drain(text, out);
    }
    FindingWords.notShown(a.findings())
        .ifPresent(line -> Wrap.words(text, line, view.width(), "    ", "    "));
    text.append('\n');
  }

  static String count(long n) {
    return Counts.grouped(n);
  }

  static void accounting(StringBuilder text, Analysis a, int width) {
    text.append("Lines\n");
    for (InputSummary in : a.inputs()) {
      // a recording's accounting counts events, one reason per event type: a hundred of them
      boolean records = RecordFormat.named(in.format());
      String unit = records ? "event" : "line";
      // concatenated, not formatted: the formatter's first use is a tenth of a short run
      Wrap.words(text, Escape.terminal(in.source()) + " (" + in.format() + "): "
          + Counts.of(in.lines(), unit) + " = " + count(in.parsed()) + " parsed + "
          + count(in.ignored()) + " ignored + " + count(in.malformed()) + " malformed",
          width, "  ", "    ");
      long otherTypes = 0;
      long otherEvents = 0;
      for (InputSummary.Reason r : in.reasons()) {
        if (records && RecordFormat.isOtherType(r.reason())) {
          otherTypes++;
          otherEvents += r.count();
          continue;
        }
        Wrap.words(text, String.format(Locale.ROOT, "%-9s %s: %s (%s%s %s)", r.outcome(),
            Escape.terminal(r.reason()), count(r.count()), unit,
            r.firstLines().size() > 1 ? "s" : "", lines(r)), width, "    ", "      ");
      }
      if (otherTypes > 0) {
        Wrap.words(text, "ignored   " + count(otherEvents) + " events of " + count(otherTypes)
            + " types without pauses (--format json lists each type)", width, "    ", "      ");
      }
    }
    text.append('\n');
  }


  private static String lines(InputSummary.Reason r) {
    StringBuilder s = new StringBuilder();
    for (long line : r.firstLines()) {
      s.append(s.length() == 0 ? "" : ", ").append(line);
    }
    return r.count() > r.firstLines().size() ? s + ", …" : s.toString();
  }
}
