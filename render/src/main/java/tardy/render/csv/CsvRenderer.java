package tardy.render.csv;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import tardy.analysis.Analysis;
import tardy.record.histogram.Percentiles;
import tardy.analysis.Summary;
import tardy.analysis.BudgetResult;
import tardy.analysis.Judgement;
import tardy.analysis.heap.HeapRun;
import tardy.analysis.slo.ErrorBudget;
import tardy.events.Family;
import tardy.render.Escape;
import tardy.render.StatusCodeWords;
import tardy.render.Renderer;

/**
 * One row per group and budget (a group without budgets: one row), for spreadsheets and scripts;
 * with {@code --interval}, then one row per group and interval, its start in {@code
 * interval_start_ms} (empty on the whole group's rows). When the requirements state objectives,
 * the error budgets' columns and rows follow ({@link ErrorBudgetCsv}); when GC pauses logged the
 * heap, the JVM runs' heap columns and rows after them ({@link HeapCsv}); without, nothing
 * changes.
 * Durations are integer nanoseconds as in JSON. The column names are a public format.
 *
 * <p>Names come from logs and requirements files: a cell a spreadsheet would run as a formula
 * ({@code =}, {@code +}, {@code -}, {@code @} first) gets a leading {@code '}; numbers are written
 * as numbers and are never negative, so they are left alone.
 */
public final class CsvRenderer implements Renderer {

  /** The percentiles with a column of their own; max is the exact max_ns. */
  private static final List<String> PERCENTILES =
      Percentiles.LABELS.stream().filter(l -> !l.equals("100")).toList();

  public static final List<String> COLUMNS = columns();

  private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder()
      .setRecordSeparator("\n")
      .setHeader(COLUMNS.toArray(String[]::new))
      .get();

  /** The columns, then the error budgets' ({@link ErrorBudgetCsv}), then the heap's ({@link HeapCsv}). */
  private static CSVFormat format(boolean budgets, boolean heap, boolean stalls) {
    List<String> header = new ArrayList<>(COLUMNS);
    if (budgets) {
      header.addAll(ErrorBudgetCsv.COLUMNS);
    }
    if (heap) {
      header.addAll(HeapCsv.COLUMNS);
    }
    if (stalls) {
      header.add(HeapCsv.STALLS_COLUMN);
    }
    return FORMAT.builder().setHeader(header.toArray(String[]::new)).get();
  }

  private static List<String> columns() {
    List<String> c = new ArrayList<>(List.of("key", "family", "category", "verdict", "count", "min_ns"));
    for (String p : PERCENTILES) {
      c.add("p" + p + "_ns");
    }
    c.addAll(List.of("max_ns", "apdex", "apdex_t_ns", "budget", "limit_ns", "actual_ns", "over_ns",
        "over_limit_count", "required_samples", "budget_verdict", "error_codes", "interval_start_ms"));
    return List.copyOf(c);
  }

  @Override
  public void render(Analysis a, OutputStream out) throws IOException {
    Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
    boolean budgets = !a.errorBudgets().isEmpty(); // their columns only where there are some
    boolean heap = !a.heap().isEmpty();
    boolean stalls = !tardy.analysis.StallTime.of(a).isEmpty(); // only beside a heap
    CSVPrinter printer = new CSVPrinter(writer, budgets || heap
        ? format(budgets, heap, stalls) : FORMAT);
    int before = budgets ? COLUMNS.size() + ErrorBudgetCsv.COLUMNS.size() : COLUMNS.size();
    int width = before + (heap ? HeapCsv.COLUMNS.size() : 0) + (stalls ? 1 : 0);
    for (Summary s : a.groups()) {
      Judgement j = s.judgement();
      if (j == null || j.budgets().isEmpty()) {
        print(printer, HeapCsv.stalledTime(row(s, j, null), s, stalls, width), width);
      } else {
        for (BudgetResult b : j.budgets()) {
          print(printer, HeapCsv.stalledTime(row(s, j, b), s, stalls, width), width);
        }
      }
    }
    for (Summary s : a.groups()) {
      intervals(printer, s, width);
    }
    for (Summary total : a.totals()) {
      intervals(printer, total, width);
    }
    for (ErrorBudget b : a.errorBudgets()) {
      for (List<Object> r : ErrorBudgetCsv.rows(b, COLUMNS.size(), COLUMNS.indexOf("key"),
          COLUMNS.indexOf("verdict"))) {
        print(printer, r, width);
      }
    }
    for (HeapRun r : a.heap()) {
      print(printer, HeapCsv.row(r, before, COLUMNS.indexOf("family"), Family.GC_PAUSE.key()),
          width);
    }
    printer.flush();
  }

  /** A group's rows per interval: its count and percentiles there; max the interval's exact max. */
  private static void intervals(CSVPrinter printer, Summary s, int width) throws IOException {
    for (Summary.Interval i : s.intervals()) {
      List<Object> r = new ArrayList<>(COLUMNS.size());
      r.addAll(List.of(text(s.key()), s.family().key(), "", "", i.count(), ""));
      for (String p : PERCENTILES) {
        r.add(i.latency().at(p));
      }
      r.add(i.latency().at("100"));
      for (int c = r.size(); c < COLUMNS.size() - 1; c++) {
        r.add("");
      }
      r.add(i.startMillis());
      print(printer, r, width);
    }
  }

  private static List<Object> row(Summary s, Judgement j, BudgetResult b) {
    List<Object> r = new ArrayList<>(COLUMNS.size());
    r.add(text(s.key()));
    r.add(s.family().key());
    r.add(j == null ? "" : text(j.category()));
    r.add(j == null ? "" : j.verdict().label());
    r.add(s.count());
    r.add(s.count() == 0 ? 0 : s.minNanos());
    for (String p : PERCENTILES) {
      r.add(s.latency().at(p));
    }
    r.add(s.count() == 0 ? 0 : s.maxNanos());
    r.add(j == null || !j.hasApdex() ? "" : BigDecimal.valueOf(j.apdex()).toPlainString());
    r.add(j == null || !j.hasApdex() ? "" : j.apdexTargetNanos());
    if (b == null) {
      for (int i = 0; i < 7; i++) {
        r.add("");
      }
    } else {
      r.addAll(List.of(b.label(), b.limitNanos(), b.actualNanos(), b.overNanos(),
          b.overLimitCount(), b.requiredSamples(), b.verdict().label()));
    }
    r.add(StatusCodeWords.all(s.errorCodes())); // before the interval's start, which stays last
    r.add("");
    return r;
  }

  /** A row, its missing cells empty up to the header's width. */
  private static void print(CSVPrinter printer, List<Object> row, int width) throws IOException {
    while (row.size() < width) {
      row.add("");
    }
    printer.printRecord(row);
  }

  /** Control characters escaped, and a formula's first character defused. */
  static String text(String s) {
    String t = Escape.terminal(s);
    if (!t.isEmpty() && "=+-@\t\r".indexOf(t.charAt(0)) >= 0) {
      return "'" + t;
    }
    return t;
  }
}
