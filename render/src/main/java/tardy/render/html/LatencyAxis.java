package tardy.render.html;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * A latency axis with its ticks: linear from 0 in steps of 1, 2 or 5 times a power of ten, or
 * log10 between two powers of ten where the values span too much for a linear axis to show the
 * small ones (a p50 of 8 ms beside a max of 1 s is a flat line at the bottom).
 *
 * @param log whether the axis is log10
 * @param low the bottom: 0 (linear), or log10 of a power of ten
 * @param high the top: a whole number of steps (linear), or log10 of a power of ten
 * @param ticks the values, in nanoseconds, that get a grid line and a label
 */
record LatencyAxis(boolean log, double low, double high, List<Long> ticks) {

  /** From this ratio of the largest to the smallest value on, the axis is log10. */
  static final long LOG_FROM = 20;

  /** Linear or log, whichever shows values from {@code bottom} to {@code top}. */
  static LatencyAxis fitting(long bottom, long top) {
    return top >= LOG_FROM * Math.max(1, bottom) ? log(bottom, top) : linear(top);
  }

  static LatencyAxis linear(long top) {
    long step = niceStep(Math.max(1, top) / 4.0);
    long yMax = step * (long) Math.ceil(Math.max(1, top) * 1.05 / step);
    List<Long> ticks = new ArrayList<>();
    for (long y = 0; y <= yMax; y += step) {
      ticks.add(y);
    }
    return new LatencyAxis(false, 0, yMax, ticks);
  }

  /** Decades from the one holding {@code bottom} to the one above {@code top}; 2 and 5 between when few. */
  static LatencyAxis log(long bottom, long top) {
    long low = 1;
    while (low * 10 <= Math.max(1, bottom)) {
      low *= 10;
    }
    long high = low;
    while (high < top) {
      high *= 10;
    }
    high = Math.max(high, low * 10);
    boolean few = high / low <= 100;
    List<Long> ticks = new ArrayList<>();
    for (long y = low; y <= high; y *= 10) {
      ticks.add(y);
      if (few && y < high) {
        ticks.add(2 * y);
        ticks.add(5 * y);
      }
    }
    return new LatencyAxis(true, Math.log10(low), Math.log10(high), ticks);
  }

  /** Where {@code nanos} lies: 0 at the bottom, 1 at the top. */
  double fraction(double nanos) {
    double v = log ? Math.log10(Math.max(nanos, Math.pow(10, low))) : nanos;
    return (v - low) / (high - low);
  }

  /** 1, 2 or 5 times a power of ten, at least {@code raw}. */
  static long niceStep(double raw) {
    long magnitude = 1;
    while (magnitude * 10 <= raw) {
      magnitude *= 10;
    }
    for (long m : new long[] {1, 2, 5, 10}) {
      if (m * magnitude >= raw) {
        return m * magnitude;
      }
    }
    return 10 * magnitude;
  }

  /**
   * A tick's label, as short as its value allows: {@code 250ms}, {@code 2.5ms}, {@code 1.5s},
   * {@code 20us}; ticks are round, so no digits are lost.
   */
  static String label(long nanos) {
    if (nanos == 0) {
      return "0";
    }
    if (nanos >= 1_000_000_000) {
      return plain(nanos, 9) + "s";
    }
    if (nanos >= 1_000_000) {
      return plain(nanos, 6) + "ms";
    }
    if (nanos >= 1_000) {
      return plain(nanos, 3) + "us";
    }
    return nanos + "ns";
  }

  private static String plain(long nanos, int scale) {
    return BigDecimal.valueOf(nanos, scale).stripTrailingZeros().toPlainString();
  }
}
