package tardy.classify.budget;

/**
 * One budget judged: the percentile (as in JSON: {@code "90"}, {@code "99.9"}, {@code "100"} for
 * max), its limit, the measured value, the samples it needed, and the verdict.
 */
public record BudgetResult(
    String percentile, long limitNanos, long actualNanos, long requiredSamples, long overLimitCount,
    Verdict verdict) {

  /** How far the measured value is over the limit, 0 when within. */
  public long overNanos() {
    return Math.max(0, actualNanos - limitNanos);
  }

  /** {@code p90}, {@code p99.9} or {@code max}, as the requirements file writes it. */
  public String label() {
    return percentile.equals("100") ? "max" : "p" + percentile;
  }
}
