package tardy.formats.jvm;

import tardy.events.Ascii;
import tardy.events.Times;

/**
 * Reads the JDK 13+ safepoint line after {@code Safepoint "}: {@code X", Time since last: N ns,
 * Reaching safepoint: N ns[, Cleanup: N ns], At safepoint: N ns[, Leaving safepoint: N ns], Total:
 * N ns[, Threads: N runnable, M total]}. Fields are looked up by label, so the optional ones of
 * 17.0.8+, 21.0.8+ and 25 (and later additions) need no version check; Total is the truth.
 */
final class SafepointLine {

  private static final byte[] REACHING = Ascii.bytes(", Reaching safepoint: ");
  private static final byte[] TOTAL = Ascii.bytes(", Total: ");
  private static final byte[] NS = Ascii.bytes(" ns");

  int kindFrom;
  int kindTo;
  long totalNanos;
  long reachingNanos;
  private int valueEnd; // where the digits read by the last nanosAfter end

  /** Reads from just after the opening quote; false without a closing quote or a Total. */
  boolean read(byte[] b, int from, int to) {
    int quote = Ascii.indexOf(b, from, to, (byte) '"');
    if (quote <= from) {
      return false;
    }
    kindFrom = from;
    kindTo = quote;
    reachingNanos = nanosAfter(b, quote, to, REACHING);
    int totalFrom = quote;
    if (reachingNanos == Ascii.INVALID) {
      reachingNanos = Times.NONE;
    } else {
      totalFrom = valueEnd; // the JVM prints Total after Reaching: no need to scan that part again
    }
    totalNanos = nanosAfter(b, totalFrom, to, TOTAL);
    if (totalNanos == Ascii.INVALID && totalFrom != quote) {
      totalNanos = nanosAfter(b, quote, totalFrom, TOTAL);
    }
    return totalNanos != Ascii.INVALID;
  }

  /** The {@code N} of {@code <label>N ns}, or {@link Ascii#INVALID}. */
  private long nanosAfter(byte[] b, int from, int to, byte[] label) {
    int at = Ascii.indexOf(b, from, to, label);
    if (at < 0) {
      return Ascii.INVALID;
    }
    int value = at + label.length;
    int end = value;
    while (end < to && Ascii.isDigit(b[end])) {
      end++;
    }
    valueEnd = end;
    return Ascii.startsWith(b, end, to, NS) ? Ascii.parseUnsignedLong(b, value, end) : Ascii.INVALID;
  }
}
