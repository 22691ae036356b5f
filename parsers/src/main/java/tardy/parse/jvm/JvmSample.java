package tardy.parse.jvm;

import tardy.parse.Ascii;
import tardy.parse.Match;
import tardy.parse.Sample;
import tardy.parse.Times;

/**
 * What the first lines of an input say about JVM logging, for detection: how many lines are
 * unified logging (and how many of those are safepoint lines), and how many are JDK 6-8 lines. A
 * long JVM log may start with GC lines only; those give a weak match, so the input is still
 * recognised as a JVM log of the right generation.
 */
final class JvmSample {

  private static final byte[] COLON_SPACE = Ascii.bytes(": ");

  int total;
  int unified;
  int unifiedSafepoint;
  int singleLineSafepoint;
  int safepointGroupLine;
  int jdk8Stopped;
  int jdk8ApplicationTime;
  int jdk8Stamped;

  static JvmSample of(Sample sample) {
    JvmSample s = new JvmSample();
    Decorators decorators = new Decorators();
    Jdk8Stamps stamps = new Jdk8Stamps();
    for (byte[] line : sample.nonBlankLines()) {
      s.count(line, decorators, stamps);
    }
    return s;
  }

  private void count(byte[] line, Decorators decorators, Jdk8Stamps stamps) {
    total++;
    int to = line.length;
    if (decorators.read(line, 0, to) && decorators.unified) {
      unified++;
      int msg = decorators.messageFrom;
      if (Ascii.startsWith(line, msg, to, SafepointParser.SAFEPOINT)) {
        singleLineSafepoint++;
      } else if (Ascii.startsWith(line, msg, to, SafepointParser.ENTERING_MARKER)
          || Ascii.startsWith(line, msg, to, SafepointParser.LEAVING_MARKER)
          || Ascii.startsWith(line, msg, to, StoppedTime.MARKER)) {
        safepointGroupLine++;
      }
      unifiedSafepoint = singleLineSafepoint + safepointGroupLine;
      return;
    }
    int marker = StoppedTime.find(line, 0, to);
    if (marker >= 0) {
      jdk8Stopped++;
    } else if (Ascii.indexOf(line, 0, to, Jdk8StoppedParser.APPLICATION_TIME_MARKER) >= 0) {
      jdk8ApplicationTime++;
    } else if (startsWithStamp(line, stamps)) {
      jdk8Stamped++;
    }
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
    if (jdk8Stopped == 0) {
      return jdk8ApplicationTime + jdk8Stamped > 0 ? Match.WEAK : Match.NONE;
    }
    if (2 * unified >= total) {
      return Match.WEAK;
    }
    return jdk8Stopped + jdk8ApplicationTime == total ? Match.FULL : Match.SOLID;
  }

  /** JDK 13+ safepoint lines and no JDK 9-12 group: every pause is named on its own line. */
  boolean singleLineSafepointsOnly() {
    return singleLineSafepoint > 0 && safepointGroupLine == 0;
  }

  /** The grade for the unified-logging safepoint format. */
  Match unifiedSafepoints() {
    if (unified == 0) {
      return Match.NONE;
    }
    if (unifiedSafepoint == 0 || 2 * unified < total) {
      return Match.WEAK;
    }
    return unified == total ? Match.FULL : Match.SOLID;
  }
}
