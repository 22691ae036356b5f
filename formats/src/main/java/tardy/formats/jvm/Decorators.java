package tardy.formats.jvm;

import tardy.events.Ascii;
import tardy.events.Times;

/**
 * Reads the decorators of a unified-logging line ({@code -Xlog:...:decorators}), in any set,
 * padded or not: {@code [2023-03-08T15:10:02.498+0000][0,445s][info ][safepoint   ] message}. The
 * JVM prints them in a fixed order (time, utctime, uptime, timemillis, uptimemillis, timenanos,
 * uptimenanos, hostname, pid, tid, level, tags), so a value's shape and its place tell which one it
 * is. One instance per parser; {@link #read} fills the fields.
 */
final class Decorators {

  /** Epoch milliseconds above this are timemillis; below, uptimemillis (about 3 years). */
  private static final long EPOCH_MILLIS_FLOOR = 100_000_000_000L;

  private static final byte[][] LEVELS = {
    Ascii.bytes("info"), Ascii.bytes("debug"), Ascii.bytes("trace"), Ascii.bytes("warning"),
    Ascii.bytes("error")
  };

  private final DateStamp date = new DateStamp();

  /** Whether the line carries decorators of unified logging (a time or a level). */
  boolean unified;
  /** Where the message starts: after the decorators and their space, or the line start. */
  int messageFrom;

  long wallMillis;
  long uptimeMillis;
  /** The offset from UTC of the datestamp that gave {@link #wallMillis}; none for timemillis. */
  int offsetSeconds;
  /**
   * The {@code hostname} decorator, {@code [hostFrom, hostTo)} of the line read; an empty range
   * when the line has none.
   */
  int hostFrom;
  int hostTo;

  /**
   * Reads the decorators at the start of {@code b[from, to)}. Returns false when the line starts
   * with a bracket that is no decorator (then it is not a unified-logging line); a line with no
   * bracket at all is a line logged without decorators and returns true.
   */
  boolean read(byte[] b, int from, int to) {
    unified = false;
    messageFrom = from;
    wallMillis = Times.NONE;
    uptimeMillis = Times.NONE;
    offsetSeconds = tardy.events.LoggedOffsets.NONE;
    hostFrom = hostTo = 0;
    // the first word that is no number (a pid or tid) may be the hostname, or the tags when the
    // level and the hostname are not printed: it is the hostname once a level or a word follows
    int wordFrom = -1;
    int wordTo = -1;
    long firstNanos = Times.NONE;
    long secondNanos = Times.NONE;
    boolean level = false;
    long number; // a decorator's value, read once
    int i = from;
    while (i < to && b[i] == '[') {
      int close = Ascii.indexOf(b, i + 1, to, (byte) ']');
      if (close < 0) {
        return false;
      }
      int s = Ascii.skipSpaces(b, i + 1, close);
      int e = close;
      while (e > s && b[e - 1] == ' ') {
        e--;
      }
      if (s == e) {
        return false;
      }
      if (level) {
        if (!isTags(b, s, e)) {
          return false;
        }
      } else if (date.read(b, s, e) && date.end == e) {
        if (wallMillis == Times.NONE) {
          wallMillis = date.epochMillis; // time, or utctime: the same instant
          offsetSeconds = date.offsetSeconds; // time's, the JVM's zone, when both are printed
        }
        unified = true;
      } else if (endsWith(b, s, e, 'n', 's') && (number = Ascii.parseUnsignedLong(b, s, e - 2)) >= 0) {
        if (firstNanos == Times.NONE) {
          firstNanos = number;
        } else {
          secondNanos = number;
        }
        unified = true;
      } else if (endsWith(b, s, e, 'm', 's') && (number = Ascii.parseUnsignedLong(b, s, e - 2)) >= 0) {
        millis(number);
        unified = true;
      } else if (b[e - 1] == 's' && (number = Ascii.parseDecimalNanos(b, s, e - 1, Ascii.SECONDS)) >= 0) {
        uptimeMillis = number / 1_000_000;
        unified = true;
      } else if (isLevel(b, s, e)) {
        level = true;
        unified = true;
        hostOfWord(wordFrom, wordTo);
      } else if (isWord(b, s, e)) { // pid, tid, hostname, or tags alone
        if (Ascii.parseUnsignedLong(b, s, e) < 0) {
          if (wordFrom < 0) {
            wordFrom = s;
            wordTo = e;
          } else {
            hostOfWord(wordFrom, wordTo); // the tags after it
          }
        }
      } else if (isTags(b, s, e)) { // a tag set (gc,heap) after the hostname
        hostOfWord(wordFrom, wordTo);
      } else {
        return false; // "[GC (Allocation ..." is no decorator
      }
      i = close + 1;
    }
    if (i == from) {
      return true;
    }
    if (i < to && b[i] != ' ') {
      return false;
    }
    messageFrom = Math.min(i + 1, to);
    if (uptimeMillis == Times.NONE) {
      // timenanos comes before uptimenanos; with one of them alone, it is taken as uptime
      long uptimeNanos = secondNanos != Times.NONE ? secondNanos : firstNanos;
      if (uptimeNanos != Times.NONE) {
        uptimeMillis = uptimeNanos / 1_000_000;
      }
    }
    return true;
  }

  /** The word {@code [from, to)} is the hostname: a level or the tags follow it. */
  private void hostOfWord(int from, int to) {
    if (from >= 0 && hostTo == 0) {
      hostFrom = from;
      hostTo = to;
    }
  }

  /** timemillis (an epoch) or uptimemillis, told apart by size. */
  private void millis(long millis) {
    if (millis < EPOCH_MILLIS_FLOOR) {
      uptimeMillis = millis;
    } else if (wallMillis == Times.NONE) {
      wallMillis = millis;
    }
  }

  private static boolean endsWith(byte[] b, int s, int e, char a, char z) {
    return e - s > 2 && b[e - 2] == a && b[e - 1] == z;
  }

  private static boolean isLevel(byte[] b, int s, int e) {
    for (byte[] level : LEVELS) {
      if (Ascii.equals(b, s, e, level)) {
        return true;
      }
    }
    return false;
  }

  /** Tag sets: {@code safepoint}, {@code gc,heap,exit}. */
  private static boolean isTags(byte[] b, int s, int e) {
    for (int i = s; i < e; i++) {
      byte c = b[i];
      if (!(c >= 'a' && c <= 'z' || Ascii.isDigit(c) || c == '_' || c == ',')) {
        return false;
      }
    }
    return true;
  }

  /** A host name, pid or tid: letters, digits, dots, dashes, underscores. */
  private static boolean isWord(byte[] b, int s, int e) {
    for (int i = s; i < e; i++) {
      byte c = b[i];
      if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || Ascii.isDigit(c)
          || c == '.' || c == '-' || c == '_')) {
        return false;
      }
    }
    return true;
  }
}
