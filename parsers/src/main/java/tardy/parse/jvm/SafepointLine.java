package tardy.parse.jvm;

import tardy.parse.Ascii;
import tardy.parse.Times;

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

  /** Reads from just after the opening quote; false without a closing quote or a Total. */
  boolean read(byte[] b, int from, int to) {
    int quote = Ascii.indexOf(b, from, to, (byte) '"');
    if (quote <= from) {
      return false;
    }
    kindFrom = from;
    kindTo = quote;
    totalNanos = nanosAfter(b, quote, to, TOTAL);
    reachingNanos = nanosAfter(b, quote, to, REACHING);
    if (reachingNanos == Ascii.INVALID) {
      reachingNanos = Times.NONE;
    }
    return totalNanos != Ascii.INVALID;
  }

  /** The {@code N} of {@code <label>N ns}, or {@link Ascii#INVALID}. */
  private static long nanosAfter(byte[] b, int from, int to, byte[] label) {
    int at = Ascii.indexOf(b, from, to, label);
    if (at < 0) {
      return Ascii.INVALID;
    }
    int value = at + label.length;
    int unit = Ascii.indexOf(b, value, to, NS);
    return unit < 0 ? Ascii.INVALID : Ascii.parseUnsignedLong(b, value, unit);
  }
}
