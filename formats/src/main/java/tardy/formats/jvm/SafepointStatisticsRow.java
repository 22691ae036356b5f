package tardy.formats.jvm;

import tardy.events.Ascii;

/**
 * One row of JDK 6-10's {@code -XX:+PrintSafepointStatistics}: {@code 32.079: Exit [ 17 0 2 ]
 * [ 0 0 0 0 352 ] 0}, the uptime when the safepoint began, the VM operation (a name that may hold
 * spaces: {@code no vm operation}), the threads (total, initially running, waiting to block),
 * the times in whole milliseconds, each cut down (spin and block, both inside sync; sync, the time
 * to reach the safepoint; cleanup; the operation) and, from JDK 7, the page traps.
 */
final class SafepointStatisticsRow {

  private static final int THREAD_COUNTS = 3;
  private static final int TIMES = 5;
  private static final int SYNC = 2;
  private static final int CLEANUP = 3;
  private static final int VMOP = 4;

  long uptimeMillis;
  int kindFrom;
  int kindTo;
  long syncMillis;
  long stoppedMillis; // sync, cleanup and the operation
  private final long[] numbers = new long[TIMES];
  private int at; // where the last bracket read ended

  /** Whether a line starts as a row does, an uptime and a colon: a row that fails to read is then malformed. */
  static boolean looksLikeRow(byte[] b, int from, int to) {
    int i = Ascii.skipSpaces(b, from, to);
    int digits = i;
    while (i < to && Ascii.isDigit(b[i])) {
      i++;
    }
    return i > digits && i < to && (b[i] == '.' || b[i] == ',')
        && Ascii.indexOf(b, i, to, (byte) '[') > 0 && Ascii.indexOf(b, i, Math.min(to, i + 12), (byte) ':') > 0;
  }

  boolean read(byte[] b, int from, int to) {
    int i = Ascii.skipSpaces(b, from, to);
    int colon = Ascii.indexOf(b, i, Math.min(to, i + 24), (byte) ':');
    if (colon < 0 || colon + 1 >= to || b[colon + 1] != ' ') {
      return false;
    }
    long uptimeNanos = Ascii.parseDecimalNanos(b, i, colon, Ascii.SECONDS); // 12.250 or 12,250
    int open = Ascii.indexOf(b, colon + 2, to, (byte) '[');
    if (uptimeNanos == Ascii.INVALID || open < 0) {
      return false;
    }
    uptimeMillis = uptimeNanos / 1_000_000;
    kindFrom = Ascii.skipSpaces(b, colon + 2, open);
    kindTo = open;
    while (kindTo > kindFrom && b[kindTo - 1] == ' ') {
      kindTo--;
    }
    if (kindTo == kindFrom || !bracket(b, open, to, THREAD_COUNTS)) {
      return false;
    }
    int second = Ascii.skipSpaces(b, at, to);
    if (second >= to || b[second] != '[' || !bracket(b, second, to, TIMES)) {
      return false;
    }
    int rest = Ascii.skipSpaces(b, at, to);
    int end = rest;
    while (end < to && Ascii.isDigit(b[end])) {
      end++;
    }
    if (Ascii.skipSpaces(b, end, to) != to) { // the page traps, or nothing (JDK 6)
      return false;
    }
    syncMillis = numbers[SYNC];
    stoppedMillis = numbers[SYNC] + numbers[CLEANUP] + numbers[VMOP];
    return true;
  }

  /** {@code [ n n n ]} at {@code open}: its {@code count} numbers into {@link #numbers}. */
  private boolean bracket(byte[] b, int open, int to, int count) {
    int i = open + 1;
    for (int n = 0; n < count; n++) {
      i = Ascii.skipSpaces(b, i, to);
      int end = i;
      while (end < to && Ascii.isDigit(b[end])) {
        end++;
      }
      long value = end > i ? Ascii.parseUnsignedLong(b, i, end) : Ascii.INVALID;
      if (value == Ascii.INVALID) {
        return false;
      }
      numbers[n] = value;
      i = end;
    }
    i = Ascii.skipSpaces(b, i, to);
    if (i >= to || b[i] != ']') {
      return false;
    }
    at = i + 1;
    return true;
  }
}
