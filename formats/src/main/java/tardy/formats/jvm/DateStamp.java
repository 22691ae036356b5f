package tardy.formats.jvm;

import java.util.Arrays;
import tardy.events.Ascii;
import tardy.events.CivilDate;

/**
 * Reads the ISO datestamp JVMs print ({@code 2023-03-08T15:10:02.498+0000}, also {@code Z}) as
 * epoch milliseconds, with the offset applied, without java.time objects per line. One instance
 * per parser: {@link #read} fills {@link #epochMillis} and {@link #end}.
 */
final class DateStamp {

  /** {@code yyyy-MM-ddTHH:mm:ss.SSS}, before the offset. */
  private static final int LOCAL_LENGTH = 23;

  /** {@code yyyy-MM-ddTHH:mm:}, before the seconds. */
  private static final int MINUTE_LENGTH = 17;

  /** The longest stamp: {@code yyyy-MM-ddTHH:mm:ss.SSS+hhmm}. */
  private static final int MAX_LENGTH = LOCAL_LENGTH + 5;

  long epochMillis;
  int end;
  /** The offset from UTC the stamp was written in, seconds ({@code Z}: 0). */
  int offsetSeconds;

  /** The last stamp parsed whole: a stamp of its minute and offset is read by its seconds alone. */
  private final byte[] last = new byte[MAX_LENGTH];
  private int lastLength; // 0: none yet
  /** The epoch milliseconds of the last stamp's minute, its offset applied. */
  private long lastMinuteMillis;

  /** Whether a datestamp starts at {@code at} (and ends at or before {@code to}). */
  boolean read(byte[] b, int at, int to) {
    if (at < 0 || to - at < LOCAL_LENGTH + 1) {
      return false;
    }
    if (lastLength > 0 && to - at >= lastLength && sameMinuteAndOffset(b, at)
        && secondsShape(b, at)) {
      // the lines of a minute differ in their seconds at most: those alone are read
      int second = digits(b, at + MINUTE_LENGTH, 2);
      if (second <= 60) {
        epochMillis = lastMinuteMillis + second * 1000L + digits(b, at + 20, 3);
        end = at + lastLength;
        return true;
      }
    }
    if (!parse(b, at, to)) {
      return false;
    }
    lastLength = end - at;
    System.arraycopy(b, at, last, 0, lastLength);
    return true;
  }

  private boolean parse(byte[] b, int at, int to) {
    if (!shape(b, at)) {
      return false;
    }
    int year = digits(b, at, 4);
    int month = digits(b, at + 5, 2);
    int day = digits(b, at + 8, 2);
    int hour = digits(b, at + 11, 2);
    int minute = digits(b, at + 14, 2);
    int second = digits(b, at + 17, 2);
    int millis = digits(b, at + 20, 3);
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
      return false;
    }
    int zone = at + LOCAL_LENGTH;
    long offsetMinutes;
    if (b[zone] == 'Z') {
      offsetMinutes = 0;
      end = zone + 1;
    } else if ((b[zone] == '+' || b[zone] == '-') && to - zone >= 5 && allDigits(b, zone + 1, 4)) {
      offsetMinutes = digits(b, zone + 1, 2) * 60L + digits(b, zone + 3, 2);
      if (b[zone] == '-') {
        offsetMinutes = -offsetMinutes;
      }
      end = zone + 5;
    } else {
      return false;
    }
    long days = CivilDate.epochDay(year, month, day);
    long localMillis = ((days * 24 + hour) * 60 + minute) * 60_000L + second * 1000L + millis;
    epochMillis = localMillis - offsetMinutes * 60_000L;
    offsetSeconds = (int) offsetMinutes * 60;
    lastMinuteMillis = epochMillis - second * 1000L - millis;
    return true;
  }

  /** Whether the stamp at {@code at} has the last one's bytes but for its seconds. */
  private boolean sameMinuteAndOffset(byte[] b, int at) {
    return Arrays.equals(b, at, at + MINUTE_LENGTH, last, 0, MINUTE_LENGTH)
        && Arrays.equals(b, at + LOCAL_LENGTH, at + lastLength, last, LOCAL_LENGTH, lastLength);
  }

  /** {@code ss.SSS} (or {@code ss,SSS}) where the seconds are. */
  private static boolean secondsShape(byte[] b, int at) {
    return allDigits(b, at + MINUTE_LENGTH, 2) && (b[at + 19] == '.' || b[at + 19] == ',')
        && allDigits(b, at + 20, 3);
  }

  /** Digits and separators in the right places; the millisecond mark may be '.' or ','. */
  private static boolean shape(byte[] b, int at) {
    return allDigits(b, at, 4)
        && b[at + 4] == '-'
        && allDigits(b, at + 5, 2)
        && b[at + 7] == '-'
        && allDigits(b, at + 8, 2)
        && b[at + 10] == 'T'
        && allDigits(b, at + 11, 2)
        && b[at + 13] == ':'
        && allDigits(b, at + 14, 2)
        && b[at + 16] == ':'
        && secondsShape(b, at);
  }

  private static boolean allDigits(byte[] b, int at, int n) {
    for (int i = at; i < at + n; i++) {
      if (!Ascii.isDigit(b[i])) {
        return false;
      }
    }
    return true;
  }

  private static int digits(byte[] b, int at, int n) {
    return (int) Ascii.parseUnsignedLong(b, at, at + n);
  }

}
