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
  /**
   * Where each line's stamps differ from the line before's (a safepoint log), looking them up and
   * keeping them costs more than it saves: after {@link #MISSES_BEFORE_REST} misses in a row they
   * are left alone for {@link #REST_LINES} lines.
   */
  private static final int MISSES_BEFORE_REST = 8;
  private static final int REST_LINES = 64;

  private final DateStamp date = new DateStamp();

  /**
   * The leading time decorators of the last line that had any, as bytes, and what reading them
   * gave: the lines of one GC share them, so a line that starts with the same bytes takes the
   * values without reading them again (about 35 ns of a {@code gc*} line's 250 in PauseCpuCost).
   */
  private final byte[] stamps = new byte[MAX_STAMPS_LENGTH];
  private int stampsLength; // 0: none kept
  private long stampsWallMillis;
  private long stampsUptimeMillis;
  private int stampsOffsetSeconds;
  private long stampsFirstNanos;
  private long stampsSecondNanos;
  private int stampsMisses; // lines in a row whose stamps were not the kept ones
  private int stampsResting; // lines left before the stamps are kept and looked up again

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
    int i = lookUpStamps(b, from, to);
    // where the leading time decorators read here end; -1 when taken from the line before
    int stampsEnd = i < 0 ? from : -1;
    boolean laterTime = false; // a time decorator after another kind: the stamps are not kept
    if (i < 0) {
      i = from;
    }
    long number; // a decorator's value, read once
    // one loop, every kind of decorator in it: the JIT compiles it as one piece, with no calls
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
      if (level) { // the tags
        if (!isTags(b, s, e)) {
          return false;
        }
        i = close + 1;
        continue;
      }
      boolean time = true; // a time decorator: time or utctime, uptime, ...millis, ...nanos
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
        time = false;
      }
      if (time) {
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
    if (stampsEnd > from && !laterTime && stampsResting == 0) {
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

  /** {@link #takeStamps}, unless the stamps are resting (a line's differ from the line before's). */
  private int lookUpStamps(byte[] b, int from, int to) {
    if (stampsResting > 0) {
      stampsResting--;
      return -1;
    }
    int at = takeStamps(b, from, to);
    if (at >= 0) {
      stampsMisses = 0;
    } else if (++stampsMisses == MISSES_BEFORE_REST) {
      stampsMisses = 0;
      stampsResting = REST_LINES;
    }
    return at;
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
