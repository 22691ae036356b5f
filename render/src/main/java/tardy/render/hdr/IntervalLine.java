package tardy.render.hdr;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import tardy.record.interval.EncodedHistogram;

/**
 * One interval line of a histogram log, the bytes HdrHistogram's {@code HistogramLogWriter}
 * writes ({@code [Tag=t,]start,length,max,base64}, each number {@code %.3f} in {@code Locale.US},
 * times in seconds from the base time, the maximum in milliseconds) from an interval histogram
 * that is already encoded: nothing is decoded, encoded or formatted through a {@code Formatter}
 * per line. Numbers that sit on a rounding tie, or are too large for the exact shortcut, go
 * through {@code String.format} as HdrHistogram's do ({@code IntervalLineTest} compares both).
 */
final class IntervalLine {

  /** Seconds and milliseconds below this have a %.3f that integer arithmetic gives exactly. */
  private static final long EXACT_BELOW = 1_000_000_000_000L;

  private byte[] line = new byte[256];
  private byte[] base64 = new byte[256];
  private int length;

  /** What a line of the tag {@code tag} begins with: made once per tag, not per line. */
  static byte[] tagPrefix(String tag) {
    return ("Tag=" + tag + ",").getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * Writes the line of one histogram of the interval {@code [start, start + lengthMillis)}.
   *
   * @param tagPrefix the {@link #tagPrefix} of its tag; null: an untagged line
   */
  void write(OutputStream out, byte[] tagPrefix, long startMillis, long lengthMillis,
      long baseMillis, EncodedHistogram h) throws IOException {
    length = 0;
    if (tagPrefix != null) {
      ensure(tagPrefix.length);
      System.arraycopy(tagPrefix, 0, line, length, tagPrefix.length);
      length += tagPrefix.length;
    }
    long fromBase = startMillis - baseMillis;
    double startSec = fromBase / 1000.0;
    double endSec = (fromBase + lengthMillis) / 1000.0;
    if (fromBase >= 0 && fromBase < EXACT_BELOW) {
      appendThousandths(fromBase);
    } else {
      ascii(seconds(fromBase, startSec));
    }
    ascii(",");
    if (isExactLength(lengthMillis, endSec - startSec)) {
      appendThousandths(lengthMillis); // the common case, without a String per line
    } else {
      ascii(format(endSec - startSec));
    }
    ascii(",");
    long max = h.maxValue();
    if (max >= 0 && max < EXACT_BELOW && max % 1000 != 500) {
      appendThousandths((max + 500) / 1000);
    } else {
      ascii(milliseconds(max));
    }
    ascii(",");
    if (base64.length < h.base64Length()) {
      base64 = new byte[h.base64Length() * 2];
    }
    int encoded = h.base64(base64);
    ensure(encoded + 1);
    System.arraycopy(base64, 0, line, length, encoded);
    length += encoded;
    line[length++] = '\n';
    out.write(line, 0, length);
  }

  /** {@code %.3f} of {@code millis / 1000.0}: the decimal itself, there is no rounding. */
  static String seconds(long millis, double asDouble) {
    if (millis < 0 || millis >= EXACT_BELOW) {
      return format(asDouble);
    }
    return thousandths(millis);
  }

  /**
   * {@code %.3f} of an end minus a start in seconds: the length itself when the difference of the
   * two doubles is that close to it (far closer than half a thousandth).
   */
  static String intervalLength(long millis, double difference) {
    return isExactLength(millis, difference) ? thousandths(millis) : format(difference);
  }

  private static boolean isExactLength(long millis, double difference) {
    return !(millis < 0 || millis >= EXACT_BELOW || Math.abs(difference - millis / 1000.0) > 1e-7);
  }

  /**
   * {@code %.3f} of {@code nanos / 1e6}: rounded half up to the microsecond... of a millisecond,
   * i.e. to three decimals; a tie (nanos ending in 500) goes through the formatter, whose result
   * then depends on the double's digits.
   */
  static String milliseconds(long nanos) {
    if (nanos < 0 || nanos >= EXACT_BELOW || nanos % 1000 == 500) {
      return format(nanos / 1_000_000.0);
    }
    return thousandths((nanos + 500) / 1000);
  }

  private static String format(double value) {
    return String.format(Locale.US, "%.3f", value);
  }

  private static String thousandths(long n) {
    long fraction = n % 1000;
    return (n / 1000) + (fraction < 10 ? ".00" : fraction < 100 ? ".0" : ".") + fraction;
  }

  /** {@code n / 1000} with three decimals, as digits straight into the line. */
  private void appendThousandths(long n) {
    ensure(24);
    long whole = n / 1000;
    int fraction = (int) (n % 1000);
    int start = length;
    do {
      line[length++] = (byte) ('0' + whole % 10);
      whole /= 10;
    } while (whole != 0);
    for (int i = start, j = length - 1; i < j; i++, j--) {
      byte b = line[i];
      line[i] = line[j];
      line[j] = b;
    }
    line[length++] = '.';
    line[length++] = (byte) ('0' + fraction / 100);
    line[length++] = (byte) ('0' + fraction / 10 % 10);
    line[length++] = (byte) ('0' + fraction % 10);
  }

  private void ascii(String s) {
    ensure(s.length());
    for (int i = 0; i < s.length(); i++) {
      line[length++] = (byte) s.charAt(i);
    }
  }

  private void ensure(int more) {
    if (line.length - length < more) {
      line = Arrays.copyOf(line, Math.max(line.length * 2, length + more));
    }
  }
}
