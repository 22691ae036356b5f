package tardy.formats.fields;

import tardy.events.Ascii;
import tardy.events.Times;

/**
 * nginx's durations: seconds with milliseconds ({@code 0.123}) as exact nanoseconds, and
 * upstream lists ({@code 0.012, 0.003} for retries, {@code 0.001 : 0.014} for internal redirects,
 * {@code 0.100, -} when one upstream never answered) summed with the number of parts.
 */
public final class Durations {

  /** The last {@link #upstream} result; one instance per parser, so reading allocates nothing. */
  public long upstreamNanos;

  public int upstreamParts;

  /**
   * nginx always prints a decimal point; a bare integer is some other tool's unit (µs, ms), so it
   * is refused rather than guessed.
   */
  public static long seconds(byte[] b, int from, int to) {
    if (to - from == 5 && b[from + 1] == '.') { // "0.062", under ten seconds: read at once
      int s = b[from] - '0';
      int d1 = b[from + 2] - '0';
      int d2 = b[from + 3] - '0';
      int d3 = b[from + 4] - '0';
      if ((s | d1 | d2 | d3) >= 0 && s <= 9 && d1 <= 9 && d2 <= 9 && d3 <= 9) {
        return s * 1_000_000_000L + (d1 * 100 + d2 * 10 + d3) * 1_000_000L;
      }
    }
    if (Ascii.indexOf(b, from, to, (byte) '.') < 0) {
      return Ascii.INVALID;
    }
    return Ascii.parseDecimalNanos(b, from, to, Ascii.SECONDS);
  }

  /** Whether the value is nginx's "no value": {@code -} or nothing. */
  public static boolean absent(byte[] b, int from, int to) {
    return from >= to || to - from == 1 && b[from] == '-';
  }

  /**
   * Sums an upstream list into {@link #upstreamNanos} and {@link #upstreamParts} (NONE and 0 when
   * every part is {@code -}).
   *
   * @return false when a part is not a time: the field is not where the format says, so the line
   *     is not trusted
   */
  public boolean upstream(byte[] b, int from, int to) {
    long sum = 0;
    int parts = 0;
    int i = from;
    while (i <= to) {
      int end = i;
      while (end < to && b[end] != ',' && b[end] != ':') {
        end++;
      }
      int s = Ascii.skipSpaces(b, i, end);
      int e = end;
      while (e > s && b[e - 1] == ' ') {
        e--;
      }
      if (!(e - s == 1 && b[s] == '-')) {
        long nanos = seconds(b, s, e);
        if (nanos == Ascii.INVALID) {
          set(Times.NONE, 0);
          return false;
        }
        sum += nanos;
        parts++;
      }
      i = end + 1;
    }
    set(parts == 0 ? Times.NONE : sum, parts);
    return true;
  }

  private void set(long nanos, int parts) {
    upstreamNanos = nanos;
    upstreamParts = parts;
  }
}
