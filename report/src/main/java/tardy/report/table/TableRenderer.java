package tardy.report.table;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import tardy.classify.Analysis;
import tardy.classify.InputSummary;
import tardy.classify.Percentiles;
import tardy.classify.Summary;
import tardy.report.CheckWords;
import tardy.report.Durations;
import tardy.report.Escape;
import tardy.report.Renderer;
import tardy.report.TerminalStyle;
import tardy.parse.Family;

/** The terminal view: one row per group, readable in 100 columns, then the accounting of lines. */
public final class TableRenderer implements Renderer {

  static final int KEY_WIDTH = 40;

  private final TerminalStyle style;

  public TableRenderer(TerminalStyle style) {
    this.style = style;
  }

  @Override
  public void render(Analysis a, OutputStream out) throws IOException {
    StringBuilder text = new StringBuilder();
    if (a.verdict().isPresent()) {
      CheckTable.write(text, a.groupsFailingFirst(), a.families().size() > 1, style.colour());
    } else {
      for (Family f : a.families()) {
        section(text, f == Family.REQUEST ? "Latency" : f.title(), f, a, Summary::latency);
      }
    }
    if (a.groupsOf(Family.SAFEPOINT).stream().anyMatch(s -> s.ttsp() != null)) {
      section(text, "Time to safepoint", Family.SAFEPOINT, a, Summary::ttsp);
    }
    if (a.groupsOf(Family.REQUEST).stream().anyMatch(s -> s.upstream() != null)) {
      section(text, "Upstream (backend) time", Family.REQUEST, a, Summary::upstream);
    }
    if (a.families().contains(Family.REQUEST)) {
      statuses(text, a);
    }
    if (a.stoppedShare().isPresent()) {
      Family stopped = a.families().contains(Family.SAFEPOINT) ? Family.SAFEPOINT : Family.GC_PAUSE;
      text.append(String.format(Locale.ROOT, "Application stopped %.3f%% of the logged time (%s in all%s).%n%n",
          100 * a.stoppedShare().get(), Durations.format(a.totalOf(stopped).orElseThrow().sumNanos()),
          stopped == Family.SAFEPOINT ? "" : ", GC pauses"));
    }
    accounting(text, a);
    for (String note : a.notes()) {
      text.append("Note: ").append(note).append('\n');
    }
    if (a.verdict().isPresent()) { // last, where a reader of a long run looks first
      String line = CheckWords.verdict(a, Escape::terminal);
      boolean failed = a.verdict().get() == tardy.classify.budget.Verdict.FAIL;
      text.append('\n').append(style.colour() ? "\u001b[1;" + (failed ? "31" : "32") + "m" + line + "\u001b[0m" : line)
          .append('\n');
    }
    out.write(text.toString().getBytes(StandardCharsets.UTF_8));
  }

  /** One table of one family: its groups and its own total. */
  private void section(StringBuilder text, String title, Family family, Analysis a,
      Function<Summary, Percentiles> pick) {
    List<String> header = new ArrayList<>(List.of(family.keyHeader(), "count"));
    for (String label : Percentiles.LABELS) {
      header.add(label.equals("100") ? "max" : "p" + label);
    }
    TextTable table = new TextTable(KEY_WIDTH, header.toArray(String[]::new));
    List<Summary> rows = new ArrayList<>(a.groupsOf(family));
    a.totalOf(family).ifPresent(rows::add);
    for (Summary s : rows) {
      Percentiles p = pick.apply(s);
      if (p == null || s.count() == 0) {
        continue;
      }
      List<String> cells = new ArrayList<>(List.of(Escape.terminal(s.key()), count(s.count())));
      for (Percentiles.Point point : p.points()) {
        cells.add(Durations.format(point.nanos()));
      }
      table.add(null, cells.toArray(String[]::new));
    }
    text.append(title).append('\n');
    table.write(text, style.colour());
    text.append('\n');
  }

  /** Status classes per operation; 499 (the client gave up) apart, as it is censored latency. */
  private void statuses(StringBuilder text, Analysis a) {
    TextTable table = new TextTable(KEY_WIDTH, "operation", "1xx", "2xx", "3xx", "4xx", "5xx",
        "499 (in 4xx)");
    List<Summary> rows = new ArrayList<>(a.groupsOf(Family.REQUEST));
    a.totalOf(Family.REQUEST).ifPresent(rows::add);
    for (Summary s : rows) {
      long[] c = s.statusClasses();
      table.add(c[5] > 0 ? "33" : null, Escape.terminal(s.key()), count(c[1]), count(c[2]),
          count(c[3]), count(c[4]), count(c[5]), count(s.clientClosed()));
    }
    text.append("Responses by status\n");
    table.write(text, style.colour());
    text.append('\n');
  }

  static String count(long n) {
    return CheckWords.count(n);
  }

  static void accounting(StringBuilder text, Analysis a) {
    text.append("Lines\n");
    for (InputSummary in : a.inputs()) {
      text.append(String.format(Locale.ROOT, "  %s (%s): %s lines = %s parsed + %s ignored + %s malformed%n",
          Escape.terminal(in.source()), in.format(), count(in.lines()), count(in.parsed()),
          count(in.ignored()), count(in.malformed())));
      for (InputSummary.Reason r : in.reasons()) {
        text.append(String.format(Locale.ROOT, "    %-9s %s: %s (line%s %s)%n", r.outcome(),
            Escape.terminal(r.reason()), count(r.count()), r.firstLines().size() > 1 ? "s" : "",
            lines(r)));
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
