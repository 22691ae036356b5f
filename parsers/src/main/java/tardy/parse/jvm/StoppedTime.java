package tardy.parse.jvm;

import tardy.parse.Ascii;
import tardy.parse.Times;

/**
 * Reads the stopped-time text JDK 6 to 12 print, with or without the time to safepoint: {@code
 * Total time for which application threads were stopped: 0.0024133 seconds, Stopping threads took:
 * 0.0002107 seconds}. Shared by the JDK 8 and the unified-logging formats. One instance per parser.
 */
final class StoppedTime {

  static final byte[] MARKER = Ascii.bytes("Total time for which application threads were stopped: ");
  /** The tail of the marker: a line holding it but not the whole marker was damaged. */
  static final byte[] MARKER_TAIL = Ascii.bytes("threads were stopped: ");

  private static final byte[] SECONDS = Ascii.bytes(" seconds");
  private static final byte[] STOPPING = Ascii.bytes(", Stopping threads took: ");

  long totalNanos;
  long timeToSafepointNanos;

  /** Where the marker starts in {@code b[from, to)}, or -1. */
  static int find(byte[] b, int from, int to) {
    return Ascii.indexOf(b, from, to, MARKER);
  }

  /** Whether the line holds a piece of stopped-time text whose start was lost. */
  static boolean isDamaged(byte[] b, int from, int to) {
    return Ascii.indexOf(b, from, to, MARKER_TAIL) >= 0;
  }

  /**
   * Reads the values after the marker, which starts at {@code markerAt}. False when the total, or
   * a time to safepoint that is announced, is not a non-negative decimal number of seconds.
   */
  boolean read(byte[] b, int markerAt, int to) {
    int at = markerAt + MARKER.length;
    int unit = Ascii.indexOf(b, at, to, SECONDS);
    if (unit < 0) {
      return false;
    }
    totalNanos = Ascii.parseDecimalNanos(b, at, unit, Ascii.SECONDS);
    timeToSafepointNanos = Times.NONE;
    if (totalNanos == Ascii.INVALID) {
      return false;
    }
    int after = unit + SECONDS.length;
    if (!Ascii.startsWith(b, after, to, STOPPING)) {
      return true;
    }
    int ttspAt = after + STOPPING.length;
    int ttspUnit = Ascii.indexOf(b, ttspAt, to, SECONDS);
    if (ttspUnit < 0) {
      return false;
    }
    timeToSafepointNanos = Ascii.parseDecimalNanos(b, ttspAt, ttspUnit, Ascii.SECONDS);
    return timeToSafepointNanos != Ascii.INVALID;
  }
}
