package tardy.formats.jvm;

import java.util.Arrays;
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

  /** The longest run of leading time decorators kept as {@link #stamps}: all seven fit. */
  private static final int MAX_STAMPS_LENGTH = 256;

  private final DateStamp date = new DateStamp();

  /**
   * The leading time decorators of the last line that had any, as bytes, and what reading them
   * gave: the lines of one GC share them, so a line that starts with the same bytes takes the
   * values without reading them again (a third of a {@code gc*} line's decorator work).
   */
  private final byte[] stamps = new byte[MAX_STAMPS_LENGTH];
  private int stampsLength; // 0: none kept
  private long stampsWallMillis;
  private long stampsUptimeMillis;
  private int stampsOffsetSeconds;
  private long stampsFirstNanos;
  private long stampsSecondNanos;

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

  // timenanos and uptimenanos, in the order read: with one alone, it is taken as uptime
  private long firstNanos;
  private long secondNanos;
  // the value of the decorator bracket() found, without its padding
  private int valueFrom;
  private int valueTo;

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
    firstNanos = Times.NONE;
    secondNanos = Times.NONE;
    // the first word that is no number (a pid or tid) may be the hostname, or the tags when the
    // level and the hostname are not printed: it is the hostname once a level or a word follows
    int wordFrom = -1;
    int wordTo = -1;
    boolean level = false;
    int i = takeStamps(b, from, to);
    // where the leading time decorators read here end; -1 when taken from the line before
    int stampsEnd = i < 0 ? from : -1;
    boolean laterTime = false; // a time decorator after another kind: the stamps are not kept
    if (i < 0) {
      i = from;
    }
    while (i < to && b[i] == '[') {
      int close = bracket(b, i, to);
      if (close < 0) {
        return false;
      }
      int s = valueFrom;
      int e = valueTo;
      if (level) {
        if (!isTags(b, s, e)) {
          return false;
        }
      } else if (time(b, s, e)) {
        unified = true;
        if (i == stampsEnd) {
          stampsEnd = close + 1;
        } else {
          laterTime = true;
        }
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
    if (stampsEnd > from && !laterTime) {
      keepStamps(b, from, stampsEnd);
    }
    if (uptimeMillis == Times.NONE) {
      // timenanos comes before uptimenanos; with one of them alone, it is taken as uptime
      long uptimeNanos = secondNanos != Times.NONE ? secondNanos : firstNanos;
      if (uptimeNanos != Times.NONE) {
        uptimeMillis = uptimeNanos / 1_000_000;
      }
    }
    return true;
  }

  /**
   * Takes the time decorators that start the line from {@link #stamps} when the line starts with
   * the same bytes: reading them again would give the same values, as a decorator's value depends
   * on its bytes alone. Returns where the decorators after them start; -1 when the line does not
   * start with them.
   */
  private int takeStamps(byte[] b, int from, int to) {
    int n = stampsLength;
    // the last digit first: where the stamps change from line to line (a safepoint log), it is
    // the byte that tells them apart
    if (n == 0 || to - from < n || b[from + n - 2] != stamps[n - 2]
        || !Arrays.equals(b, from, from + n, stamps, 0, n)) {
      return -1;
    }
    wallMillis = stampsWallMillis;
    uptimeMillis = stampsUptimeMillis;
    offsetSeconds = stampsOffsetSeconds;
    firstNanos = stampsFirstNanos;
    secondNanos = stampsSecondNanos;
    unified = true;
    return from + n;
  }

  /** Keeps the time decorators {@code b[from, to)} and what reading them gave. */
  private void keepStamps(byte[] b, int from, int to) {
    if (to - from > MAX_STAMPS_LENGTH) {
      return;
    }
    stampsLength = to - from;
    System.arraycopy(b, from, stamps, 0, stampsLength);
    stampsWallMillis = wallMillis;
    stampsUptimeMillis = uptimeMillis;
    stampsOffsetSeconds = offsetSeconds;
    stampsFirstNanos = firstNanos;
    stampsSecondNanos = secondNanos;
  }

  /**
   * Finds the decorator whose bracket opens at {@code b[open]}: returns its closing bracket and
   * sets {@link #valueFrom} and {@link #valueTo} to its value without the padding; -1 when it does
   * not close or holds nothing but spaces.
   */
  private int bracket(byte[] b, int open, int to) {
    int close = Ascii.indexOf(b, open + 1, to, (byte) ']');
    if (close < 0) {
      return -1;
    }
    int s = Ascii.skipSpaces(b, open + 1, close);
    int e = close;
    while (e > s && b[e - 1] == ' ') {
      e--;
    }
    valueFrom = s;
    valueTo = e;
    return s == e ? -1 : close;
  }

  /**
   * Whether {@code b[s, e)} is a time decorator (time or utctime, uptime, timemillis or
   * uptimemillis, timenanos or uptimenanos), whose value it reads.
   */
  private boolean time(byte[] b, int s, int e) {
    long number; // the value, read once
    if (date.read(b, s, e) && date.end == e) {
      if (wallMillis == Times.NONE) {
        wallMillis = date.epochMillis; // time, or utctime: the same instant
        offsetSeconds = date.offsetSeconds; // time's, the JVM's zone, when both are printed
      }
    } else if (endsWith(b, s, e, 'n', 's') && (number = Ascii.parseUnsignedLong(b, s, e - 2)) >= 0) {
      if (firstNanos == Times.NONE) {
        firstNanos = number;
      } else {
        secondNanos = number;
      }
    } else if (endsWith(b, s, e, 'm', 's') && (number = Ascii.parseUnsignedLong(b, s, e - 2)) >= 0) {
      millis(number);
    } else if (b[e - 1] == 's' && (number = Ascii.parseDecimalNanos(b, s, e - 1, Ascii.SECONDS)) >= 0) {
      uptimeMillis = number / 1_000_000;
    } else {
      return false;
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
