package tardy.analysis;

import tardy.analysis.requirements.Budget;

/**
 * One budget judged: the percentile (as in JSON: {@code "90"}, {@code "99.9"}, {@code "100"} for
 * max), its limit, the measured value, the samples it needed, how many recorded values lie over
 * the limit (within HdrHistogram's precision of 3 significant digits), and the verdict.
 */
public record BudgetResult(
    String percentile, long limitNanos, long actualNanos, long requiredSamples, long overLimitCount,
    Verdict verdict) {

  /** How far the measured value is over the limit; 0 unless the budget failed. */
  public long overNanos() {
    return verdict == Verdict.FAIL ? Math.max(0, actualNanos - limitNanos) : 0;
  }

  /** The percentile as a number, for charts. */
  public double percentileValue() {
    return new java.math.BigDecimal(percentile).doubleValue();
  }

  /** {@code p90}, {@code p99.9} or {@code max}, as the requirements file writes it. */
  public String label() {
    return percentile.equals(Budget.MAX) ? "max" : "p" + percentile;
  }
}
