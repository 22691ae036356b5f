package tardy.formats.jvm;

import tardy.events.Ascii;

/**
 * Lines of another program in a JVM log: a JVM's stdout (-verbose:gc, -Xlog:gc:stdout) holds the
 * application's own log beside the GC's, and a container's log holds both. Such a line is told by
 * how it starts, as no GC or safepoint line of any JDK does: a date and a space, a date and time
 * that no colon ends (JDK 8's date stamp is ended by one), a time of day, a JSON object, a log
 * level, a stack trace. A line that starts otherwise keeps its parser's reason: this names only
 * what is surely not the JVM's.
 */
final class ForeignLines {

  private static final byte[][] PREFIXES = {
      Ascii.bytes("\tat "), Ascii.bytes("\t... "), Ascii.bytes("Exception in thread "),
      Ascii.bytes("Caused by: "), Ascii.bytes("INFO"), Ascii.bytes("WARNING"), Ascii.bytes("WARN"),
      Ascii.bytes("ERROR"), Ascii.bytes("DEBUG"), Ascii.bytes("TRACE"), Ascii.bytes("FATAL"),
      Ascii.bytes("SEVERE")};
  private static final byte[] DATE = Ascii.bytes("9999-99-99");
  private static final byte[] TIME_OF_DAY = Ascii.bytes("99:99:99");

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
    if (Ascii.startsWithShape(b, from, to, DATE)) {
      byte after = from + 10 < to ? b[from + 10] : 0;
      if (after != 'T') {
        return after == ' ';
      }
      int space = Ascii.indexOf(b, from, to, (byte) ' ');
      return !jdk8Stamps || space < 0 || b[space - 1] != ':';
    }
    if (Ascii.startsWithShape(b, from, to, TIME_OF_DAY)) {
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

  /** A level word ends there: at a space, a colon or a bracket (INFO, WARNING:, ERROR]). */
  private static boolean endsWord(byte[] b, int i, int to) {
    return i == to || b[i] == ' ' || b[i] == ':' || b[i] == ']' || b[i] == '\t';
  }
}
