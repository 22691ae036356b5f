package tardy.render.compare;

import java.math.BigDecimal;
import java.math.RoundingMode;
import tardy.analysis.compare.BudgetCheck;
import tardy.analysis.compare.Change;
import tardy.analysis.compare.Comparison;
import tardy.render.Durations;

/** The words and numbers of a comparison as people read them, the same in every format. */
public final class CompareWords {

  private CompareWords() {}

  /** {@code +25.0%}, {@code -3.10%}; empty when before is 0. */
  public static String relative(Change c) {
    double r = c.relative();
    if (Double.isNaN(r)) {
      return "";
    }
    BigDecimal percent = BigDecimal.valueOf(r * 100).round(new java.math.MathContext(3,
        RoundingMode.HALF_UP));
    String text = percent.stripTrailingZeros().scale() < 0 ? percent.toBigInteger().toString()
        : percent.toPlainString();
    return (r > 0 ? "+" : "") + text + "%";
  }

  /** {@code +3.00ms}, {@code -120us}, {@code 0}. */
  public static String delta(Change c) {
    long d = c.deltaNanos();
    return (d > 0 ? "+" : "") + Durations.format(d);
  }

  /** {@code p=0.0031}, {@code p<0.0001}; empty when not tested. */
  public static String p(double p) {
    if (Double.isNaN(p)) {
      return "";
    }
    if (p < 0.0001) {
      return "p<0.0001";
    }
    return "p=" + BigDecimal.valueOf(p).setScale(4, RoundingMode.HALF_UP).toPlainString();
  }

  /** A p-value with four decimals as JSON and CSV write it; empty/null when not tested. */
  public static BigDecimal pValue(double p) {
    return Double.isNaN(p) ? null : BigDecimal.valueOf(p).setScale(6, RoundingMode.HALF_UP);
  }

  /** The relative change as a fraction with six decimals; null when before is 0. */
  public static BigDecimal relativeFraction(Change c) {
    double r = c.relative();
    return Double.isNaN(r) ? null : BigDecimal.valueOf(r).setScale(6, RoundingMode.HALF_UP);
  }

  /** {@code slower (p=0.0031)}, {@code insufficient: under 500 on a side}, {@code not tested}. */
  public static String verdict(Change c) {
    return switch (c.verdict()) {
      case SLOWER, FASTER -> c.verdict().word() + " (" + p(c.pValue()) + ")";
      case SAME -> "same (" + p(c.pValue()) + ")";
      case INSUFFICIENT -> "insufficient";
      case UNTESTED -> "";
    };
  }

  /** The significance level as written: {@code 0.01}. */
  /**
   * A side read from a histogram table: {@code histogram table samples/fleet --where
   * host=web-01: 3 rows of 1 partition}, where logs say their inputs and lines.
   */
  public static String table(tardy.analysis.compare.TableSlice t) {
    StringBuilder s = new StringBuilder("histogram table ").append(tardy.render.Escape.terminal(t.table()));
    for (String w : t.where()) {
      s.append(" --where ").append(tardy.render.Escape.terminal(w));
    }
    return s.append(": ").append(t.rows()).append(t.rows() == 1 ? " row" : " rows").append(" of ")
        .append(t.partitions()).append(t.partitions() == 1 ? " partition" : " partitions")
        .toString();
  }

  public static String alpha(Comparison c) {
    return BigDecimal.valueOf(c.alpha()).stripTrailingZeros().toPlainString();
  }

  /** One budget's line: {@code FAIL  GET /api  p99 +31.0% (+12.0ms), budget 10%: slower (p<0.0001)}. */
  public static String budget(BudgetCheck k, java.util.function.UnaryOperator<String> escape) {
    Change c = k.change();
    String outcome = switch (k.outcome()) {
      case FAIL -> "FAIL";
      case WITHIN -> "PASS";
      case NO_REGRESSION -> "PASS";
      case INSUFFICIENT -> "INSUFFICIENT";
    };
    String why = switch (k.outcome()) {
      case FAIL -> "significantly slower, more than the budget allows";
      case WITHIN -> "significantly slower, within the budget";
      case NO_REGRESSION -> c.verdict() == Change.Significance.FASTER
          ? "significantly faster" : "no significant change: not held to the budget";
      case INSUFFICIENT -> "too few values on a side to say";
    };
    return outcome + "  " + escape.apply(k.operation().key()) + "  " + k.budget().name() + " "
        + Durations.format(c.beforeNanos()) + " → " + Durations.format(c.afterNanos()) + " ("
        + delta(c) + (relative(c).isEmpty() ? "" : ", " + relative(c)) + "), max_increase "
        + k.budget().text() + ": " + why + (Double.isNaN(c.pValue()) ? "" : " (" + p(c.pValue()) + ")");
  }
}
