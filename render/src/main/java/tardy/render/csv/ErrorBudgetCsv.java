package tardy.render.csv;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import tardy.analysis.slo.AlertSpan;
import tardy.analysis.slo.ErrorBudget;

/**
 * The error budgets in the CSV, when the requirements state objectives: columns after the usual
 * ones, and after the usual rows one row per objective ({@code slo_row} {@code budget}) and one
 * per time an alert fired ({@code alert}), keyed by the requirement's name; the usual rows leave
 * these columns empty and these rows leave the usual ones empty but {@code key} and {@code
 * verdict}. Times are epoch ms, shares plain decimals (0.25 is 25 %).
 */
final class ErrorBudgetCsv {

  static final List<String> COLUMNS = List.of("slo_row", "objective", "window_start_ms", "end_ms",
      "covered_ms", "total", "good", "bad", "allowed_bad", "spent_share", "left_share",
      "burn_last_hour", "time_left_ms", "alert", "alert_long_ms", "alert_short_ms", "alert_burn",
      "alert_severity", "fired_ms", "cleared_ms", "peak_burn");

  private ErrorBudgetCsv() {}

  /** The budget's row, then one row per alert span, each {@code width} usual cells first. */
  static List<List<Object>> rows(ErrorBudget b, int width, int keyColumn, int verdictColumn) {
    List<List<Object>> rows = new ArrayList<>();
    List<Object> r = usual(b, width, keyColumn, verdictColumn);
    r.add("budget");
    r.add(CsvRenderer.text(b.slo().label()));
    if (b.noData()) {
      r.addAll(List.of("", "", ""));
    } else {
      r.addAll(List.of(b.windowStartMillis(), b.endMillis(), b.coveredMillis()));
    }
    r.addAll(List.of(b.total(), b.good(), b.bad(), plain(b.allowedBad()), plain(b.spent()),
        plain(b.left()), b.noData() ? "" : plain(b.burnLastHour()),
        b.millisLeftAtBurn() < 0 ? "" : b.millisLeftAtBurn()));
    for (int i = 0; i < 8; i++) {
      r.add("");
    }
    rows.add(r);
    for (AlertSpan s : b.alerts()) {
      List<Object> a = usual(b, width, keyColumn, -1);
      a.add("alert");
      a.add(CsvRenderer.text(b.slo().label()));
      for (int i = 0; i < 11; i++) {
        a.add("");
      }
      a.addAll(List.of(s.alert().label(), s.alert().longMillis(), s.alert().shortMillis(),
          s.alert().burnText(), s.alert().page() ? "page" : "ticket", s.firedMillis(),
          s.firingAtEnd() ? "" : s.clearedMillis(), plain(s.peakBurn())));
      rows.add(a);
    }
    return rows;
  }

  private static List<Object> usual(ErrorBudget b, int width, int keyColumn, int verdictColumn) {
    List<Object> r = new ArrayList<>(width + COLUMNS.size());
    for (int i = 0; i < width; i++) {
      r.add("");
    }
    r.set(keyColumn, CsvRenderer.text(b.requirement()));
    if (verdictColumn >= 0) {
      r.set(verdictColumn, b.fails() ? "fail" : b.noData() ? "no_data" : "pass");
    }
    return r;
  }

  /** Plain decimal, never an exponent; empty for NaN. */
  private static String plain(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? "" : BigDecimal.valueOf(v).toPlainString();
  }
}
