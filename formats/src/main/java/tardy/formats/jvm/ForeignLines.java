package tardy.formats.jvm;

import tardy.events.Ascii;
import tardy.events.Outcome;

/**
 * Lines of another program in a JVM log: a JVM's stdout (-verbose:gc, -Xlog:gc:stdout) holds the
 * application's own log beside the GC's, and a container's log holds both. Such a line is told by
 * how it starts, as no GC or safepoint line of any JDK does: a date and a space, a date and time
 * that no colon ends (JDK 8's date stamp is ended by one), a time of day, a JSON object, a log
 * level, a stack trace. A line that starts otherwise keeps its parser's reason: this names only
 * what is surely not the JVM's.
 */
final class ForeignLines {

  static final Outcome FOREIGN = Outcome.ignored(
      "another program's line (an application's log, JSON, a stack trace): not the JVM's");

  private static final byte[][] PREFIXES = {
      Ascii.bytes("\tat "), Ascii.bytes("\t... "), Ascii.bytes("Exception in thread "),
      Ascii.bytes("Caused by: "), Ascii.bytes("INFO"), Ascii.bytes("WARNING"), Ascii.bytes("WARN"), Ascii.bytes("ERROR"),
      Ascii.bytes("DEBUG"), Ascii.bytes("TRACE"), Ascii.bytes("FATAL"), Ascii.bytes("SEVERE")};

  private ForeignLines() {}

  /**
   * Whether {@code b[from, to)} starts as another program's line does.
   *
   * @param jdk8Stamps whether a date and a T may be a JDK 8 date stamp, which a colon ends
   *     ({@code 2026-11-30T05:30:00.123+0000: 0.209: [GC ...}); a unified-logging message never
   *     starts with one
   */
  static boolean is(byte[] b, int from, int to, boolean jdk8Stamps) {
    if (from >= to) {
      return false;
    }
    if (b[from] == '{' && from + 1 < to && b[from + 1] == '"') {
      return true; // a JSON object: JDK 8's heap print starts {Heap before GC
    }
    if (isDate(b, from, to)) {
      byte after = from + 10 < to ? b[from + 10] : 0;
      if (after != 'T') {
        return after == ' ';
      }
      int space = Ascii.indexOf(b, from, to, (byte) ' ');
      return !jdk8Stamps || space < 0 || b[space - 1] != ':';
    }
    if (isTimeOfDay(b, from, to)) {
      return true;
    }
    for (byte[] prefix : PREFIXES) {
      if (Ascii.startsWith(b, from, to, prefix)) {
        return prefix[0] == '\t' || prefix[prefix.length - 1] == ' '
            || endsWord(b, from + prefix.length, to);
      }
    }
    return false;
  }

  /** {@code 2026-11-30}: four digits, a dash, two, a dash, two. */
  private static boolean isDate(byte[] b, int i, int to) {
    return i + 10 <= to && digits(b, i, 4) && b[i + 4] == '-' && digits(b, i + 5, 2)
        && b[i + 7] == '-' && digits(b, i + 8, 2);
  }

  /** {@code 05:30:00}: two digits, a colon, two, a colon, two. */
  private static boolean isTimeOfDay(byte[] b, int i, int to) {
    return i + 8 <= to && digits(b, i, 2) && b[i + 2] == ':' && digits(b, i + 3, 2)
        && b[i + 5] == ':' && digits(b, i + 6, 2);
  }

  /** A level word ends there: at a space, a colon or a bracket (INFO, WARNING:, ERROR]). */
  private static boolean endsWord(byte[] b, int i, int to) {
    return i == to || b[i] == ' ' || b[i] == ':' || b[i] == ']' || b[i] == '\t';
  }

  private static boolean digits(byte[] b, int from, int n) {
    for (int i = from; i < from + n; i++) {
      if (!Ascii.isDigit(b[i])) {
        return false;
      }
    }
    return true;
  }
}
