package tardy.analysis.requirements;

import java.util.Map;

/**
 * The length of an objective's window or of a burn-rate alert's: whole minutes, written {@code
 * 5m}, {@code 6h}, {@code 30d} or {@code 4w}. Not {@link DurationText}: latencies stop at a
 * day, windows start at minutes, and counts are kept per minute.
 */
public final class WindowText {

  /** Longer windows are refused: no objective looks back further than a year. */
  public static final long MAX_MILLIS = 366L * 86_400_000L;

  private static final Map<Character, Long> UNIT_MILLIS = Map.of(
      'm', 60_000L, 'h', 3_600_000L, 'd', 86_400_000L, 'w', 604_800_000L);

  private WindowText() {}

  /** @throws IllegalArgumentException naming what is wrong */
  public static long parse(String text) {
    int n = text.length();
    Long unit = n >= 2 ? UNIT_MILLIS.get(text.charAt(n - 1)) : null;
    String digits = n >= 2 ? text.substring(0, n - 1) : "";
    if (unit == null || digits.isEmpty() || digits.length() > 6
        || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new IllegalArgumentException("'" + text + "' is not a window: write whole minutes,"
          + " hours, days or weeks, e.g. 5m, 6h, 30d, 4w");
    }
    long millis = Long.parseLong(digits) * unit;
    if (millis == 0) {
      throw new IllegalArgumentException("'" + text + "' is not a window: it must be more than 0");
    }
    if (millis > MAX_MILLIS) {
      throw new IllegalArgumentException("'" + text + "' is longer than the maximum of 366d");
    }
    return millis;
  }

  /** The largest whole unit up to days: 30d, 6h, 90m. */
  public static String format(long millis) {
    if (millis % 86_400_000L == 0) {
      return millis / 86_400_000L + "d";
    }
    if (millis % 3_600_000L == 0) {
      return millis / 3_600_000L + "h";
    }
    return millis / 60_000L + "m";
  }
}
