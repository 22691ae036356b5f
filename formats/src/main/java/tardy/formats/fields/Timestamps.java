package tardy.formats.fields;

import tardy.events.Ascii;
import tardy.events.CivilDate;
import tardy.events.LoggedOffsets;
import tardy.events.Times;

/** The timestamps access logs write (nginx's three variables; httpd's {@code %t} is the first) as epoch milliseconds, read byte by byte; {@link Times#NONE} when malformed. */
public final class Timestamps {

  private static final byte[] MONTHS = Ascii.bytes("JanFebMarAprMayJunJulAugSepOctNovDec");

  private Timestamps() {}

  /** {@code $time_local}: {@code 10/Oct/2000:13:55:36 -0700}. */
  public static long local(byte[] b, int from, int to) {
    if (to - from != 26 || b[from + 2] != '/' || b[from + 6] != '/' || b[from + 11] != ':'
        || b[from + 14] != ':' || b[from + 17] != ':' || b[from + 20] != ' ') {
      return Times.NONE;
    }
    int month = month(b, from + 3);
    int day = digits(b, from, 2);
    int year = digits(b, from + 7, 4);
    long offset = offsetMinutes(b, from + 21, false);
    return compose(year, month, day, b, from + 12, offset, 0);
  }

  /** {@code $time_iso8601}: {@code 2000-10-10T13:55:36-07:00}, also with {@code Z} or milliseconds. */
  public static long iso8601(byte[] b, int from, int to) {
    if (to - from < 20 || b[from + 4] != '-' || b[from + 7] != '-' || b[from + 10] != 'T'
        || b[from + 13] != ':' || b[from + 16] != ':') {
      return Times.NONE;
    }
    int at = from + 19;
    int millis = 0;
    if (b[at] == '.') {
      int start = ++at;
      while (at < to && Ascii.isDigit(b[at])) {
        if (at - start < 3) {
          millis = millis * 10 + (b[at] - '0');
        }
        at++;
      }
      if (at == start) {
        return Times.NONE;
      }
      for (int n = Math.min(at - start, 3); n < 3; n++) {
        millis *= 10;
      }
    }
    long offset;
    if (at + 1 == to && b[at] == 'Z') {
      offset = 0;
    } else if (at + 6 == to && b[at + 3] == ':') {
      offset = offsetMinutes(b, at, true);
    } else {
      return Times.NONE;
    }
    int month = digits(b, from + 5, 2);
    return compose(digits(b, from, 4), month, digits(b, from + 8, 2), b, from + 11, offset, millis);
  }

  /**
   * HAProxy's {@code %tr} and accept date: {@code 10/Oct/2000:13:55:36.123}, milliseconds and no
   * zone; read as UTC, the zone HAProxy's hosts and containers mostly run in.
   */
  public static long localMillisUtc(byte[] b, int from, int to) {
    if (to - from != 24 || b[from + 2] != '/' || b[from + 6] != '/' || b[from + 11] != ':'
        || b[from + 14] != ':' || b[from + 17] != ':' || b[from + 20] != '.') {
      return Times.NONE;
    }
    int millis = digits(b, from + 21, 3);
    if (millis < 0) {
      return Times.NONE;
    }
    return compose(digits(b, from + 7, 4), month(b, from + 3), digits(b, from, 2), b, from + 12, 0, millis);
  }

  /**
   * A date and a time of day in fields of their own, UTC (CloudFront's and IIS's {@code
   * 2019-12-04} and {@code 21:02:31}), the time with milliseconds or not ({@code 17:00:00.363},
   * IIS Advanced Logging's).
   */
  public static long dateAndTime(byte[] b, int dateFrom, int dateTo, int timeFrom, int timeTo) {
    int length = timeTo - timeFrom;
    if (dateTo - dateFrom != 10 || b[dateFrom + 4] != '-' || b[dateFrom + 7] != '-'
        || length != 8 && length != 12 || b[timeFrom + 2] != ':' || b[timeFrom + 5] != ':') {
      return Times.NONE;
    }
    int millis = length == 8 ? 0 : b[timeFrom + 8] == '.' ? digits(b, timeFrom + 9, 3) : -1;
    if (millis < 0) {
      return Times.NONE;
    }
    return compose(digits(b, dateFrom, 4), digits(b, dateFrom + 5, 2), digits(b, dateFrom + 8, 2), b,
        timeFrom, 0, millis);
  }

  /** {@code $msec}: seconds since the epoch with milliseconds, {@code 1700000000.123}. */
  public static long msec(byte[] b, int from, int to) {
    // read as a number with three decimals below one unit: the whole value in thousandths of a second
    long millis = Ascii.parseDecimalNanos(b, from, to, Ascii.MICROS);
    return millis == Ascii.INVALID ? Times.NONE : millis;
  }

  /**
   * The offset from UTC a {@code $time_local} or {@code $time_iso8601} timestamp that {@link
   * #local} or {@link #iso8601} read carries, in seconds ({@code Z}: 0); {@link
   * LoggedOffsets#NONE} for the other roles' times, which carry none.
   */
  public static int offsetSeconds(Role role, byte[] b, int from, int to) {
    long minutes;
    // a field too short to hold a whole timestamp (a mangled line) carries no offset
    if (role == Role.TIME_LOCAL) {
      minutes = to - from < 26 ? Times.NONE : offsetMinutes(b, from + 21, false);
    } else if (role == Role.TIME_ISO8601) {
      minutes = to - from < 20 ? Times.NONE : b[to - 1] == 'Z' ? 0 : offsetMinutes(b, to - 6, true);
    } else {
      return LoggedOffsets.NONE;
    }
    return minutes == Times.NONE ? LoggedOffsets.NONE : (int) minutes * 60;
  }

  /** {@code HH:mm:ss} at {@code time} on the given date, minus the offset. */
  private static long compose(int year, int month, int day, byte[] b, int time, long offsetMinutes, int millis) {
    int hour = digits(b, time, 2);
    int minute = digits(b, time + 3, 2);
    int second = digits(b, time + 6, 2);
    if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23
        || minute < 0 || minute > 59 || second < 0 || second > 60 || offsetMinutes == Times.NONE) {
      return Times.NONE;
    }
    long seconds = CivilDate.epochDay(year, month, day) * 86_400L + hour * 3600L + minute * 60L + second
        - offsetMinutes * 60L;
    return seconds * 1000L + millis;
  }


  /** {@code +0200} or, with a colon, {@code +02:00} as signed minutes; NONE when malformed. */
  private static long offsetMinutes(byte[] b, int at, boolean colon) {
    int hours = digits(b, at + 1, 2);
    int minutes = digits(b, at + (colon ? 4 : 3), 2);
    if (hours < 0 || minutes < 0 || hours > 23 || minutes > 59) {
      return Times.NONE;
    }
    long total = hours * 60L + minutes;
    return b[at] == '+' ? total : b[at] == '-' ? -total : Times.NONE;
  }

  private static int month(byte[] b, int at) {
    for (int m = 0; m < 12; m++) {
      if (b[at] == MONTHS[3 * m] && b[at + 1] == MONTHS[3 * m + 1] && b[at + 2] == MONTHS[3 * m + 2]) {
        return m + 1;
      }
    }
    return -1;
  }

  /** {@code count} decimal digits at {@code at}, or -1. */
  private static int digits(byte[] b, int at, int count) {
    int value = 0;
    for (int i = at; i < at + count; i++) {
      if (!Ascii.isDigit(b[i])) {
        return -1;
      }
      value = value * 10 + (b[i] - '0');
    }
    return value;
  }
}
