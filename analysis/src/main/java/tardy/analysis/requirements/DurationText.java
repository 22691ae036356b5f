package tardy.analysis.requirements;


import java.math.BigDecimal;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tardy.events.Limits;

/**
 * Durations as the requirements file writes them: {@code 100ns}, {@code 250us}, {@code 250ms},
 * {@code 1.5s}, {@code 2m}, {@code 1h}. Parsed exactly (decimal arithmetic, no double), so
 * {@code 0.1s} is 100,000,000 ns and not one nanosecond less. At most a day ({@link
 * Limits#DURATION_NANOS}): longer is no latency budget, and arithmetic on it (Apdex's 4T) must
 * not overflow.
 */
public final class DurationText {

  private static final Pattern SHAPE = Pattern.compile("([0-9]{1,19}(?:\\.[0-9]{1,9})?)(ns|us|ms|s|m|h)");

  private static final Map<String, Long> UNIT_NANOS = Map.of(
      "ns", 1L, "us", 1_000L, "ms", 1_000_000L, "s", 1_000_000_000L, "m", 60_000_000_000L,
      "h", 3_600_000_000_000L);

  private DurationText() {}

  /**
   * @return the duration in nanoseconds, more than 0
   * @throws IllegalArgumentException with a message naming what is wrong
   */
  public static long parse(String text) {
    Matcher m = SHAPE.matcher(text);
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "'" + text + "' is not a duration: write a number and a unit (ns, us, ms, s, m, h),"
              + " e.g. 250ms or 1.5s");
    }
    BigDecimal nanos = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(UNIT_NANOS.get(m.group(2))));
    if (nanos.signum() == 0) {
      throw new IllegalArgumentException("'" + text + "' is not a limit: it must be more than 0");
    }
    if (nanos.compareTo(BigDecimal.ONE) < 0 || nanos.stripTrailingZeros().scale() > 0) {
      throw new IllegalArgumentException("'" + text + "' is finer than a nanosecond");
    }
    if (nanos.compareTo(BigDecimal.valueOf(Limits.DURATION_NANOS)) > 0) {
      throw new IllegalArgumentException("'" + text + "' is longer than the maximum of 24h");
    }
    return nanos.longValueExact();
  }
}
