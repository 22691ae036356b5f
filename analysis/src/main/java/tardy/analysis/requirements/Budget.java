package tardy.analysis.requirements;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.regex.Pattern;

/**
 * One budget: the value at a percentile (or the largest value) must not exceed a limit.
 *
 * @param percentile as in JSON: {@code "90"}, {@code "99.9"}, {@code "100"} for max
 * @param limitNanos more than 0
 */
public record Budget(String percentile, long limitNanos) {

  /** The percentile of {@code max}: the largest value recorded. */
  public static final String MAX = "100";

  private static final Pattern KEY = Pattern.compile("p([0-9]{2})(\\.[0-9]{1,3})?");
  private static final BigDecimal LOWEST = BigDecimal.valueOf(50);
  private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

  /**
   * The percentile of a budget key: {@code p90} → {@code "90"}, {@code p99.90} → {@code "99.9"},
   * {@code max} → {@code "100"}.
   *
   * @throws IllegalArgumentException when the key is none of {@code p50} … {@code p99.999}, max
   */
  public static String percentileOf(String key) {
    if (key.equals("max")) {
      return MAX;
    }
    if (!KEY.matcher(key).matches()) {
      throw new IllegalArgumentException(
          "unknown budget '" + key + "': write p50 … p99.999 (up to three decimals) or max");
    }
    BigDecimal p = new BigDecimal(key.substring(1));
    if (p.compareTo(LOWEST) < 0) {
      throw new IllegalArgumentException(
          "budget '" + key + "' is below p50: budgets are for the tail, p50 … p99.999 or max");
    }
    return p.stripTrailingZeros().toPlainString();
  }

  public boolean isMax() {
    return percentile.equals(MAX);
  }

  /** The percentile as HdrHistogram takes it. */
  public double percentileValue() {
    return new BigDecimal(percentile).doubleValue();
  }

  /**
   * The samples a percentile needs to mean anything: ⌈100 / (100 − p)⌉, so p90 needs 10, p99 100,
   * p99.9 1,000; max needs 1.
   */
  public long requiredSamples() {
    if (isMax()) {
      return 1;
    }
    BigDecimal tail = HUNDRED.subtract(new BigDecimal(percentile));
    return HUNDRED.divide(tail, 0, RoundingMode.CEILING).longValueExact();
  }

  /** {@code p90}, {@code p99.9} or {@code max}, as the requirements file writes it. */
  public String label() {
    return isMax() ? "max" : "p" + percentile;
  }
}
