package tardy.formats.jvm;

import tardy.events.Ascii;
import tardy.events.Outcome;
import tardy.events.Times;

/**
 * Reads the stopped-time text JDK 6 to 12 print, with or without the time to safepoint: {@code
 * Total time for which application threads were stopped: 0.0024133 seconds, Stopping threads took:
 * 0.0002107 seconds}. Shared by the JDK 8 and the unified-logging formats. One instance per parser.
 */
final class StoppedTime {

  /** PrintGCApplicationConcurrentTime's lines, which both formats meet and ignore. */
  static final Outcome APPLICATION_TIME =
      Outcome.ignored("application time (threads running between pauses)");

  /** A line holding the marker's start cut short: {@link #headWithoutTail}. */
  static final Outcome CUT_SHORT = Outcome.malformed(
      "stopped-time text cut short (damaged or interleaved line): not counted as a pause");

  static final Outcome BAD_DURATION =
      Outcome.malformed("stopped-time line without a readable non-negative duration in seconds");

  static final byte[] MARKER = Ascii.bytes("Total time for which application threads were stopped: ");
  /** The tail of the marker: a line holding it but not the whole marker was damaged. */
  static final byte[] MARKER_TAIL = Ascii.bytes("were stopped: ");

  /** The marker's first word and a half: what a line cut inside the marker still holds. */
  private static final byte[] MARKER_HEAD = Ascii.bytes("Total tim");

  /** What {@link #find} gives for a line holding the marker's tail but not the whole marker. */
  static final int DAMAGED = -2;

  private static final byte[] SECONDS = Ascii.bytes(" seconds");
  private static final byte[] STOPPING = Ascii.bytes(", Stopping threads took: ");

  long totalNanos;
  long timeToSafepointNanos;

  /**
   * Where the marker starts in {@code b[from, to)}; else {@link #DAMAGED} when the line holds a
   * piece of stopped-time text whose start was lost, or -1. One scan, for the marker's tail.
   */
  static int find(byte[] b, int from, int to) {
    int found = -1;
    for (int tail = Ascii.indexOf(b, from, to, MARKER_TAIL); tail >= 0;
        tail = Ascii.indexOf(b, tail + 1, to, MARKER_TAIL)) {
      int start = tail - (MARKER.length - MARKER_TAIL.length);
      if (start >= from && Ascii.regionMatches(b, start, MARKER)) {
        return start;
      }
      found = DAMAGED;
    }
    return found;
  }

  /**
   * Whether {@code b[from, to)} holds the start of the marker cut short, where a word starts ({@code
   * 5.493: Total tim/: 0.0000246 seconds}, as a real JDK 8 log holds it): stopped-time text whose
   * end was lost, which {@link #find} does not see. For lines no other reading took.
   */
  static boolean headWithoutTail(byte[] b, int from, int to) {
    // JDK 8's stamps come before the text, and their end is not known here: any word's start
    for (int at = Ascii.indexOf(b, from, to, MARKER_HEAD); at >= 0;
        at = Ascii.indexOf(b, at + 1, to, MARKER_HEAD)) {
      if (at == from || b[at - 1] == ' ') {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a message that starts at {@code msg} (a unified-logging line's, after its decorators)
   * starts with the marker cut short: the whole marker is read before this is asked.
   */
  static boolean startsCutShort(byte[] b, int msg, int to) {
    return Ascii.startsWith(b, msg, to, MARKER_HEAD);
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
