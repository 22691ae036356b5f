package tardy.formats.jvm;

import tardy.events.Ascii;
import tardy.events.Times;

/**
 * A JVM log line that gives both a wall-clock time and the JVM's uptime: where the JVM's uptime
 * was on the wall clock, so that the pauses of a log that has uptime only can be placed. Unified
 * logging with a time decorator ({@code time}, {@code utctime}, {@code timemillis}) beside an
 * uptime one; JDK 6 to 8 lines stamped {@code 2010-04-20T18:50:11.324+0100: 401.421: }, which a
 * log can hold beside uptime-only ones (JDK 6's CMS stamped its concurrent phases with
 * {@code -XX:+PrintGCDateStamps} and its pauses without). Read with the parsers' own readers of
 * those stamps, so a line is read here as its parser reads it; a unified log's parser hands over
 * the decorators it read. A parser asked for anchors ({@code LineParser.emitAnchors}) reads them
 * here, and a container's wrapper hands its parser the JVM's own line.
 */
final class ClockAnchor {

  private final Decorators decorators = new Decorators();
  private final Jdk8Stamps stamps = new Jdk8Stamps();
  private long wallMillis = Times.NONE;
  private long uptimeMillis = Times.NONE;

  /** Whether {@code b[from, to)} gives both times, then read by {@link #wallMillis}, {@link #uptimeMillis}. */
  boolean read(byte[] b, int from, int to) {
    return read(from < to && b[from] == '[' && decorators.read(b, from, to), decorators, b, from, to);
  }

  /**
   * The same, with the decorators the line's parser has just read ({@code decorated}: whether
   * they were decorators): a unified log's line is not read twice.
   */
  boolean read(boolean decorated, Decorators read, byte[] b, int from, int to) {
    wallMillis = Times.NONE;
    uptimeMillis = Times.NONE;
    if (decorated && read.unified) {
      wallMillis = read.wallMillis;
      uptimeMillis = read.uptimeMillis;
      return Times.isSet(wallMillis) && Times.isSet(uptimeMillis);
    }
    // stamps stand before an event's bracket, also before one printed inside another event
    // ("19027.501: [Full GC 19027.501: [CMS2010-04-21T00:00:37.413+0100: 19027.970: [CMS-…"):
    // a date and an uptime between the same two brackets were printed together
    for (int at = from; at < to; ) {
      int bracket = Ascii.indexOf(b, at, to, (byte) '[');
      int end = bracket < 0 ? to : bracket;
      stamps.scan(b, at, end);
      if (Times.isSet(stamps.wallMillis) && Times.isSet(stamps.uptimeMillis)) {
        wallMillis = stamps.wallMillis;
        uptimeMillis = stamps.uptimeMillis;
        return true;
      }
      at = end + 1;
    }
    return false;
  }

  /** The line's wall-clock time, epoch milliseconds. */
  long wallMillis() {
    return wallMillis;
  }

  /** The JVM's uptime on the line, milliseconds. */
  long uptimeMillis() {
    return uptimeMillis;
  }
}
