package tardy.events;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Byte-level helpers for parsers: searching, comparing and reading numbers straight from a line's
 * bytes, without Strings, regexes, doubles or the default locale. Failures return {@link #INVALID}
 * instead of throwing, so a bad number costs no more than a good one.
 */
public final class Ascii {

  /** Returned by the number readers when the bytes are not a number of the expected shape. */
  public static final long INVALID = -1;

  /** Decimal places a unit has below one unit, for {@link #parseDecimalNanos}. */
  public static final int SECONDS = 9;

  public static final int MILLIS = 6;
  public static final int MICROS = 3;
  public static final int NANOS = 0;

  private static final long[] POW10 = {
    1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L,
    1_000_000_000L
  };

  private Ascii() {}

  /** The ASCII bytes of a constant, for matching. */
  public static byte[] bytes(String constant) {
    return constant.getBytes(StandardCharsets.US_ASCII);
  }

  /** The end of the line {@code b[from, to)} without the CR that ends it, if one does. */
  public static int withoutReturn(byte[] b, int from, int to) {
    return to > from && b[to - 1] == '\r' ? to - 1 : to;
  }

  /** The ASCII bytes of each constant, for {@link #containsAny}. */
  public static byte[][] eachBytes(String... constants) {
    byte[][] out = new byte[constants.length][];
    for (int i = 0; i < constants.length; i++) {
      out[i] = bytes(constants[i]);
    }
    return out;
  }

  /** Whether any of {@code needles} occurs in {@code b[from, to)}. */
  public static boolean containsAny(byte[] b, int from, int to, byte[][] needles) {
    for (byte[] n : needles) {
      if (indexOf(b, from, to, n) >= 0) {
        return true;
      }
    }
    return false;
  }

  public static boolean isDigit(byte b) {
    return b >= '0' && b <= '9';
  }

  public static boolean isLetter(byte b) {
    return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z';
  }

  public static boolean isBlank(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] != ' ' && b[i] != '\t') {
        return false;
      }
    }
    return true;
  }

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;

  /**
   * A hash of {@code b[from, to)} for the raw-key caches. Mixes eight bytes per step: a per-byte
   * hash is a long serial chain on every request.
   */
  public static int hash(byte[] b, int from, int to) {
    long h = 0x9e3779b97f4a7c15L ^ (to - from);
    int i = from;
    for (; i + Long.BYTES <= to; i += Long.BYTES) {
      h = (h ^ longAt(b, i)) * 0xbf58476d1ce4e5b9L;
      h ^= h >>> 31;
    }
    long tail = 0;
    if (i < to && i + Long.BYTES <= b.length) { // the last bytes as one word read past the end
      tail = longAt(b, i) & firstBytes(to - i);
    } else {
      for (int shift = 0; i < to; i++, shift += 8) {
        tail |= (b[i] & 0xffL) << shift;
      }
    }
    h = (h ^ tail) * 0x94d049bb133111ebL;
    h ^= h >>> 29;
    return (int) (h ^ (h >>> 32));
  }

  /** The eight bytes at {@code at}, little-endian: for word-at-a-time scans and hashes. */
  public static long longAt(byte[] b, int at) {
    return (long) LONGS.get(b, at);
  }

  /** The first index of {@code c} in {@code b[from, to)}, or -1; eight bytes per step. */
  public static int indexOf(byte[] b, int from, int to, byte c) {
    long pattern = (c & 0xffL) * ONES;
    int i = from;
    for (; i + Long.BYTES <= to; i += Long.BYTES) {
      long zeros = zeroBytes((long) LONGS.get(b, i) ^ pattern); // a zero byte where b holds c
      if (zeros != 0) {
        return i + (Long.numberOfTrailingZeros(zeros) >>> 3);
      }
    }
    if (i < to && i + Long.BYTES <= b.length) { // the last bytes as one word read past the end
      long zeros = zeroBytes((long) LONGS.get(b, i) ^ pattern) & firstBytes(to - i);
      return zeros != 0 ? i + (Long.numberOfTrailingZeros(zeros) >>> 3) : -1;
    }
    for (; i < to; i++) {
      if (b[i] == c) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The first {@code n} bytes of a word (0 to 7): a scan that reads its last word past its end
   * keeps the flags of these. Sound for flags that are exact up to the first one ({@link
   * #zeroBytes}): a flag past the end never hides one before it.
   */
  public static long firstBytes(int n) {
    return (1L << (n << 3)) - 1;
  }

  /**
   * The high bit of each zero byte of {@code x}: exact up to the lowest zero byte (a borrow may flag
   * bytes above it), so it answers "is there one" and "where is the first".
   */
  public static long zeroBytes(long x) {
    return (x - ONES) & ~x & HIGHS;
  }

  /** The first index of {@code needle} in {@code b[from, to)}, or -1. */
  public static int indexOf(byte[] b, int from, int to, byte[] needle) {
    if (needle.length == 0) {
      return from;
    }
    int last = to - needle.length;
    for (int i = indexOf(b, from, last + 1, needle[0]); i >= 0;
        i = indexOf(b, i + 1, last + 1, needle[0])) {
      if (regionMatches(b, i, needle)) {
        return i;
      }
    }
    return -1;
  }

  /** The last index of {@code needle} in {@code b[from, to)}, or -1. */
  public static int lastIndexOf(byte[] b, int from, int to, byte[] needle) {
    for (int i = to - needle.length; i >= from; i--) {
      if (regionMatches(b, i, needle)) {
        return i;
      }
    }
    return -1;
  }

  /** Whether {@code b} holds {@code expected} at {@code at}; false when it would run past the end. */
  public static boolean regionMatches(byte[] b, int at, byte[] expected) {
    if (at < 0 || at + expected.length > b.length) {
      return false;
    }
    int i = 0;
    for (; i + Long.BYTES <= expected.length; i += Long.BYTES) { // eight bytes per step
      if (longAt(b, at + i) != longAt(expected, i)) {
        return false;
      }
    }
    for (; i < expected.length; i++) {
      if (b[at + i] != expected[i]) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code b[from, to)} starts with {@code prefix}. */
  public static boolean startsWith(byte[] b, int from, int to, byte[] prefix) {
    return to - from >= prefix.length && regionMatches(b, from, prefix);
  }

  /**
   * Whether {@code b[from, to)} starts with {@code shape}, in which each {@code 9} stands for any
   * digit and every other byte for itself: {@code 9999-99-99} is a date.
   */
  public static boolean startsWithShape(byte[] b, int from, int to, byte[] shape) {
    if (to - from < shape.length) {
      return false;
    }
    for (int i = 0; i < shape.length; i++) {
      byte c = b[from + i];
      if (shape[i] == '9' ? !isDigit(c) : c != shape[i]) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code b[from, to)} is exactly {@code expected}. */
  public static boolean equals(byte[] b, int from, int to, byte[] expected) {
    return to - from == expected.length && regionMatches(b, from, expected);
  }

  /** The index of the first byte in {@code b[from, to)} that is not a space, or {@code to}. */
  public static int skipSpaces(byte[] b, int from, int to) {
    int i = from;
    while (i < to && b[i] == ' ') {
      i++;
    }
    return i;
  }

  /** A non-negative integer of digits only, or {@link #INVALID} (also on overflow). */
  public static long parseUnsignedLong(byte[] b, int from, int to) {
    if (from >= to || to - from > 18) {
      return INVALID;
    }
    long value = 0;
    for (int i = from; i < to; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return INVALID;
      }
      value = value * 10 + d;
    }
    return value;
  }

  /**
   * A non-negative decimal number in some unit, as long nanoseconds: {@code 0.0024133} with {@link
   * #SECONDS} is 2,413,300. Either {@code .} or {@code ,} is the decimal mark, as JVMs print in
   * comma locales. Digits below a nanosecond are rounded half up. Returns {@link #INVALID} for
   * anything else: signs, exponents, spaces, empty input, a second mark, or more than a
   * nanosecond count fits.
   */
  public static long parseDecimalNanos(byte[] b, int from, int to, int unitDecimals) {
    if (from >= to) {
      return INVALID;
    }
    long whole = 0;
    int i = from;
    int wholeDigits = 0;
    int maxWholeDigits = 18 - unitDecimals; // keeps whole * 10^unitDecimals inside a long
    while (i < to && isDigit(b[i])) {
      if (++wholeDigits > maxWholeDigits) {
        return INVALID;
      }
      whole = whole * 10 + (b[i] - '0');
      i++;
    }
    long fraction = 0;
    int fractionDigits = 0;
    boolean roundUp = false;
    if (i < to && (b[i] == '.' || b[i] == ',')) {
      i++;
      if (i == to) {
        return INVALID;
      }
      while (i < to && isDigit(b[i])) {
        if (fractionDigits < unitDecimals) {
          fraction = fraction * 10 + (b[i] - '0');
          fractionDigits++;
        } else if (fractionDigits == unitDecimals) {
          roundUp = b[i] >= '5';
          fractionDigits++;
        }
        i++;
      }
    }
    if (i != to || wholeDigits == 0 && fractionDigits == 0) {
      return INVALID;
    }
    int kept = Math.min(fractionDigits, unitDecimals);
    long nanos = whole * POW10[unitDecimals] + fraction * POW10[unitDecimals - kept];
    return roundUp ? nanos + 1 : nanos;
  }

  /**
   * The index of the closing quote of a JSON string whose content starts at {@code from} (a quote
   * after a backslash is content), or -1.
   */
  public static int jsonStringEnd(byte[] b, int from, int to) {
    // quotes are rare in a value: hop from one to the next, and keep the first that an even
    // number of backslashes precedes
    for (int q = indexOf(b, from, to, (byte) '"'); q >= 0; q = indexOf(b, q + 1, to, (byte) '"')) {
      int backslashes = 0;
      while (q - backslashes - 1 >= from && b[q - backslashes - 1] == '\\') {
        backslashes++;
      }
      if ((backslashes & 1) == 0) {
        return q;
      }
    }
    return -1;
  }

  /** The bytes as text for messages and keys: UTF-8, with invalid bytes replaced. */
  public static String text(byte[] b, int from, int to) {
    return new String(b, from, to - from, StandardCharsets.UTF_8);
  }
}
