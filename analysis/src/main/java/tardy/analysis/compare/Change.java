package tardy.analysis.compare;

/**
 * One percentile of one operation on both sides.
 *
 * @param label as in JSON: {@code "50"}, {@code "99.9"}, {@code "100"} for max
 * @param beforeNanos the percentile before; 0 when the side has no value
 * @param afterNanos the same after
 * @param pValue the quantile test's two-sided p-value; NaN when not tested (max, insufficient)
 * @param verdict what the test says of the change
 */
public record Change(String label, long beforeNanos, long afterNanos, double pValue,
    Significance verdict) {

  /** What the test says of a change. */
  public enum Significance {
    /** Significantly slower after. */
    SLOWER,
    /** Significantly faster after. */
    FASTER,
    /** No significant change at the level asked. */
    SAME,
    /** Too few values on a side to say. */
    INSUFFICIENT,
    /** Not tested: the max is one value, no test holds it. */
    UNTESTED;

    public String word() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  public long deltaNanos() {
    return afterNanos - beforeNanos;
  }

  /** The change relative to before, as a fraction (0.1 is +10%); NaN when before is 0. */
  public double relative() {
    return beforeNanos == 0 ? Double.NaN : (double) deltaNanos() / beforeNanos;
  }

  public boolean significant() {
    return verdict == Significance.SLOWER || verdict == Significance.FASTER;
  }

  /** {@code p99}, {@code p99.9} or {@code max}. */
  public String name() {
    return label.equals("100") ? "max" : "p" + label;
  }
}
