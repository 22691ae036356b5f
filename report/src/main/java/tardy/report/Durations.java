package tardy.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/** Nanoseconds for people: three significant digits and a unit, the same in every locale. */
public final class Durations {

  private static final MathContext THREE = new MathContext(3, RoundingMode.HALF_UP);

  private Durations() {}

  /** {@code 42000000} → {@code 42.0ms}; {@code 1500} → {@code 1.50us}; {@code 0} → {@code 0}. */
  public static String format(long nanos) {
    if (nanos == 0) {
      return "0";
    }
    String sign = nanos < 0 ? "-" : "";
    long n = Math.abs(nanos);
    if (n < 1_000) {
      return sign + n + "ns";
    }
    if (n < 1_000_000) {
      return sign + scaled(n, 3) + "us";
    }
    if (n < 1_000_000_000) {
      return sign + scaled(n, 6) + "ms";
    }
    return sign + scaled(n, 9) + "s";
  }

  /**
   * As {@link #format(long)}, for a time logged with the given resolution: nginx logs times in
   * whole milliseconds, so a logged 0 means under 1 ms and prints as {@code <1ms}, not as a bare
   * {@code 0} that a reader would take for no time at all.
   */
  public static String format(long nanos, long resolutionNanos) {
    if (nanos != 0 || resolutionNanos <= 1) {
      return format(nanos);
    }
    return resolutionNanos % 1_000_000 == 0 ? "<" + resolutionNanos / 1_000_000 + "ms"
        : "<" + format(resolutionNanos);
  }

  /** The resolution of the times an analysis holds: milliseconds for access logs. */
  public static long resolution(tardy.classify.Analysis.Kind kind) {
    return kind == tardy.classify.Analysis.Kind.REQUESTS ? 1_000_000L : 1L;
  }

  private static String scaled(long n, int shift) {
    BigDecimal value = BigDecimal.valueOf(n).movePointLeft(shift).round(THREE);
    if (value.precision() < 3 && value.scale() <= 0) {
      return value.setScale(Math.max(0, 3 - value.precision()), RoundingMode.UNNECESSARY)
          .toPlainString();
    }
    return value.toPlainString();
  }
}
