package tardy.formats.jvm;

import tardy.events.Ascii;
import tardy.events.Match;
import tardy.events.Sample;
import tardy.events.Times;

/**
 * What the first lines of an input say about JVM logging, for detection: how many lines are
 * unified logging (and how many of those are safepoint lines), and how many are JDK 6-8 lines. A
 * long JVM log may start with GC lines only; those give a weak match, so the input is still
 * recognised as a JVM log of the right generation.
 */
final class JvmSample {

  private static final byte[] COLON_SPACE = Ascii.bytes(": ");
  private static final byte[] GC_ID = Ascii.bytes("GC(");

  int total;
  int unified;
  /** Unified-logging messages logged without decorators ({@code -Xlog:gc*:file=gc.log:none}). */
  int undecorated;
  int singleLineSafepoint;
  int safepointGroupLine;
  int unifiedGcPause;
  /** Unified-logging GC pauses' start lines ({@code GC(n) Pause ...} without a duration). */
  int unifiedPauseStart;
  int jdk8Stopped;
  int jdk8ApplicationTime;
  int jdk8Stamped;
  int jdk8GcEvents;
  /** The header lines a JDK 6-8 JVM begins each log file with (a rotated file may hold no more). */
  int jdk8Header;

  static JvmSample of(Sample sample) {
    JvmSample s = new JvmSample();
    Decorators decorators = new Decorators();
    Jdk8Stamps stamps = new Jdk8Stamps();
    UnifiedGcLine gc = new UnifiedGcLine();
    for (byte[] line : sample.nonBlankLines()) {
      s.count(line, decorators, stamps, gc);
    }
    return s;
  }

  private void count(byte[] line, Decorators decorators, Jdk8Stamps stamps, UnifiedGcLine gc) {
    total++;
    int to = line.length;
    if (decorators.read(line, 0, to)
        && (decorators.unified || isUndecoratedMessage(line, decorators.messageFrom, to))
        && !isQuotedRequest(line, decorators.messageFrom, to)) {
      if (decorators.unified) {
        unified++;
      } else {
        undecorated++;
      }
      int msg = decorators.messageFrom;
      UnifiedGcLine.Shape shape = gc.read(line, msg, to);
      if (shape == UnifiedGcLine.Shape.TIMED || shape == UnifiedGcLine.Shape.CPU) {
        unifiedGcPause++;
      } else if (shape == UnifiedGcLine.Shape.PAUSE_WITHOUT_DURATION && gc.gcId != Times.NONE) {
        unifiedPauseStart++;
      } else if (Ascii.startsWith(line, msg, to, UnifiedParser.SAFEPOINT)) {
        singleLineSafepoint++;
      } else if (Ascii.startsWith(line, msg, to, UnifiedParser.ENTERING_MARKER)
          || Ascii.startsWith(line, msg, to, UnifiedParser.LEAVING_MARKER)
          || Ascii.startsWith(line, msg, to, StoppedTime.MARKER)) {
        safepointGroupLine++;
      }
      return;
    }
    int marker = StoppedTime.find(line, 0, to);
    if (Jdk8GcEvents.opensIn(line, 0, marker >= 0 ? marker : to) && isText(line)) {
      jdk8GcEvents++;
    }
    if (marker >= 0) {
      jdk8Stopped++;
    } else if (Ascii.indexOf(line, 0, to, Jdk8Parser.APPLICATION_TIME_MARKER) >= 0) {
      jdk8ApplicationTime++;
    } else if (startsWithStamp(line, stamps) && !statistics.read(line, 0, to)) {
      jdk8Stamped++;
    } else if (!vmOutputXml && (HeaderLines.is(line, 0, to) || Jdk8Parser.isRotationHeader(line, 0, to))) {
      jdk8Header++;
    }
    vmOutputXml |= Ascii.startsWith(line, 0, to, HOTSPOT_LOG);
  }

  private static final byte[] HOTSPOT_LOG = Ascii.bytes("<hotspot_log ");
  /**
   * Inside {@code -XX:LogFile}'s XML (-XX:+LogVMOutput) the JVM's version lines open its {@code
   * <vm_version>}, not a GC log: a file of safepoint statistics there is no GC log without GC lines.
   */
  private boolean vmOutputXml;
  /** A safepoint statistics row starts with an uptime too, and is no GC line. */
  private final SafepointStatisticsRow statistics = new SafepointStatisticsRow();

  /**
   * A message unified logging prints, at {@code msg}: the line's start when it was logged without
   * decorators ({@code :none}), or after decorators that are words only ({@code :hostname}, {@code
   * pid,tid}), neither a time nor a level: a GC's {@code GC(12) } or a safepoint line. JDK 9-12's
   * {@code Total time for which ...} is not taken: JDK 6-8 print the same text without a stamp.
   */
  private static boolean isUndecoratedMessage(byte[] line, int msg, int to) {
    if (Ascii.startsWith(line, msg, to, GC_ID)) {
      int id = msg + GC_ID.length;
      int close = Ascii.indexOf(line, id, Math.min(to, id + 21), (byte) ')');
      return close > id && close + 1 < to && line[close + 1] == ' '
          && Ascii.parseUnsignedLong(line, id, close) >= 0;
    }
    return Ascii.startsWith(line, msg, to, UnifiedParser.SAFEPOINT)
        || Ascii.startsWith(line, msg, to, UnifiedParser.ENTERING_MARKER);
  }

  /**
   * A quoted request after a bracketed time ({@code [2024-05-06T10:00:00.012Z] "GET / HTTP/1.1"}),
   * as Envoy's access log writes it: no JVM message starts with a quote.
   */
  private static boolean isQuotedRequest(byte[] line, int msg, int to) {
    return msg < to && line[msg] == '"';
  }

  /**
   * Whether a line holds no control character but tabs: a JVM writes text, while random bytes
   * hold a {@code [GC } in one sample of a hundred, and a control character in any line.
   */
  private static boolean isText(byte[] line) {
    for (byte b : line) {
      if (b >= 0 && b < ' ' && b != '\t' && b != '\r') {
        return false;
      }
    }
    return true;
  }

  /** A JDK 6-8 GC line: a datestamp or uptime, then ": ", at the very start. */
  private static boolean startsWithStamp(byte[] line, Jdk8Stamps stamps) {
    if (line.length == 0 || !Ascii.isDigit(line[0])) {
      return false;
    }
    int end = Ascii.indexOf(line, 0, Math.min(line.length, 64), COLON_SPACE);
    if (end < 0) {
      return false;
    }
    stamps.scan(line, 0, end);
    return stamps.uptimeMillis != Times.NONE || stamps.wallMillis != Times.NONE;
  }

  /** The grade for the JDK 6-8 format. */
  Match jdk8() {
    if (jdk8Stopped == 0 && jdk8GcEvents > 0) {
      return 2 * unified >= total ? Match.WEAK : Match.SOLID;
    }
    if (jdk8Stopped == 0) {
      return jdk8ApplicationTime + jdk8Stamped + jdk8Header > 0 ? Match.WEAK : Match.NONE;
    }
    if (2 * unified >= total) {
      return Match.WEAK;
    }
    return jdk8Stopped + jdk8ApplicationTime == total ? Match.FULL : Match.SOLID;
  }

  /**
   * JDK 13+ safepoint lines, no JDK 9-12 group and no GC pause: every pause is complete on its own
   * line.
   */
  boolean singleLineSafepointsOnly() {
    return singleLineSafepoint > 0 && safepointGroupLine == 0 && unifiedGcPause == 0;
  }

  /**
   * The grade for the unified-logging format: any unified-logging log is one, with decorators or
   * without ({@code :none}, where only the messages tell).
   */
  Match unified() {
    int lines = unified + undecorated;
    if (lines == 0) {
      return Match.NONE;
    }
    if (2 * lines < total) {
      return Match.WEAK;
    }
    return lines == total ? Match.FULL : Match.SOLID;
  }
}
