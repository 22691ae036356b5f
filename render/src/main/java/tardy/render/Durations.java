package tardy.render;

/** Nanoseconds for people: three significant digits and a unit, the same in every locale. */
public final class Durations {

  /** 10^0 to 10^18, every power of ten a long holds. */
  private static final long[] POWERS_OF_TEN = new long[19];

  static {
    POWERS_OF_TEN[0] = 1;
    for (int i = 1; i < POWERS_OF_TEN.length; i++) {
      POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
    }
  }

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
   * A duration in milliseconds, as {@link #format(long)} writes it in nanoseconds, without the
   * overflow of a long past 292 years: times a log's broken clock put centuries apart (a year 0001
   * beside 2026) are spans too, and their length is written true.
   */
  public static String formatMillis(long millis) {
    if (millis >= -MAX_NANOS_AS_MILLIS && millis <= MAX_NANOS_AS_MILLIS) {
      return format(millis * 1_000_000L);
    }
    return (millis < 0 ? "-" : "") + scaled(millis == Long.MIN_VALUE ? Long.MAX_VALUE
        : Math.abs(millis), 3) + "s";
  }

  private static final long MAX_NANOS_AS_MILLIS = Long.MAX_VALUE / 1_000_000L;

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
  public static long resolution(tardy.analysis.Analysis.Kind kind) {
    return kind == tardy.analysis.Analysis.Kind.REQUESTS ? 1_000_000L : 1L;
  }

  /**
   * {@code n} (at least 1000) divided by 10^{@code shift}, rounded half up to three significant
   * digits and written out without an exponent: {@code 12345, 3} → {@code 12.3}, {@code 999999, 3}
   * → {@code 1000}. In whole numbers, not BigDecimal: on Java 25 BigDecimal's class initialiser
   * squares 5 up to 5^65536 before its first use, tens of milliseconds of a short run.
   */
  private static String scaled(long n, int shift) {
    int digits = 4;
    while (digits < POWERS_OF_TEN.length && n >= POWERS_OF_TEN[digits]) {
      digits++;
    }
    long unit = POWERS_OF_TEN[digits - 3];
    long kept = n / unit; // the first three digits, 100 to 999
    if (n % unit >= unit / 2) {
      kept++;
    }
    int exponent = digits - 3 - shift; // the value is kept × 10^exponent, exponent -2 or more
    if (kept == 1000) {
      kept = 100;
      exponent++;
    }
    StringBuilder s = new StringBuilder(12);
    if (exponent >= 0) {
      s.append(kept);
      for (int i = 0; i < exponent; i++) {
        s.append('0');
      }
    } else if (exponent == -1) {
      s.append(kept / 10).append('.').append(kept % 10);
    } else {
      s.append(kept / 100).append('.').append(kept / 10 % 10).append(kept % 10);
    }
    return s.toString();
  }
}
