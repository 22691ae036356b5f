package tardy.formats.jvm;

import tardy.events.Ascii;
import tardy.events.LoggedOffsets;
import tardy.events.Times;

/**
 * Finds the stamps JDK 6 to 8 print before an event ({@code 2023-03-08T15:10:02.498+0000: } and/or
 * {@code 652.538: }). When GC and VM threads write into one stream, stamps get duplicated or glued
 * to each other ({@code 2021-10-27T10:52:38.345-04000.181: : Total time ...}), so this takes the
 * last datestamp and the last uptime found anywhere before the event, not a fixed prefix.
 */
final class Jdk8Stamps {

  private final DateStamp date = new DateStamp();

  long wallMillis;
  long uptimeMillis;
  /** The offset from UTC of the datestamp that gave {@link #wallMillis}, else none. */
  int offsetSeconds;

  /** Scans {@code b[from, to)}, the text before the event; absent stamps are {@link Times#NONE}. */
  void scan(byte[] b, int from, int to) {
    wallMillis = Times.NONE;
    uptimeMillis = Times.NONE;
    offsetSeconds = LoggedOffsets.NONE;
    boolean boundary = true; // an uptime must not start inside another number
    int i = from;
    while (i < to) {
      if (Ascii.isDigit(b[i]) && date.read(b, i, to)) {
        wallMillis = date.epochMillis;
        offsetSeconds = date.offsetSeconds;
        i = date.end;
        boundary = true; // "-04000.181": an uptime glued to the offset
        continue;
      }
      if (boundary && Ascii.isDigit(b[i])) {
        int end = uptimeEnd(b, i, to);
        if (end > 0) {
          uptimeMillis = Ascii.parseDecimalNanos(b, i, end, Ascii.SECONDS) / 1_000_000;
          i = end;
          boundary = false;
          continue;
        }
      }
      boundary = !(Ascii.isDigit(b[i]) || b[i] == '.' || b[i] == ',');
      i++;
    }
  }

  /**
   * The end of an uptime such as {@code 652.538} starting at {@code at}: digits, a decimal mark,
   * digits, then a colon or the event itself. Returns -1 for other numbers ({@code 0.038/0.118}).
   */
  private static int uptimeEnd(byte[] b, int at, int to) {
    int i = at;
    while (i < to && Ascii.isDigit(b[i])) {
      i++;
    }
    if (i >= to || (b[i] != '.' && b[i] != ',') || i - at > 12) {
      return -1;
    }
    int fraction = ++i;
    while (i < to && Ascii.isDigit(b[i])) {
      i++;
    }
    if (i == fraction || (i < to && b[i] != ':')) {
      return -1;
    }
    return i;
  }
}
