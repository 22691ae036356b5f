package tardy.formats.fields;

import tardy.events.Ascii;

/**
 * The constant text between two variables of a log_format, and how to find it in a line. A
 * literal of up to eight bytes is compared as one masked word; a quote after an odd number of
 * backslashes ({@code \"}) is part of a value, not a literal; and a space inside an nginx list
 * ({@code a, b} for retries, {@code a : b} for redirects) separates members, not fields.
 */
public final class Literal {

  private final byte[] bytes;
  private final byte first;
  private final long word; // the bytes little-endian, when they fit in eight
  private final long mask; // 0 when they do not
  private final boolean endsAnyField; // neither a quote nor a space first: found is found

  public Literal(byte[] bytes) {
    this.bytes = bytes.clone();
    this.first = bytes.length > 0 ? bytes[0] : 0;
    long w = 0;
    long m = 0;
    if (bytes.length <= Long.BYTES) {
      for (int i = bytes.length - 1; i >= 0; i--) {
        w = w << 8 | (bytes[i] & 0xffL);
        m = m << 8 | 0xffL;
      }
    }
    this.word = w;
    this.mask = m;
    this.endsAnyField = first != '"' && first != ' ';
  }

  public int length() {
    return bytes.length;
  }

  /** Whether {@code b[at, to)} starts with this literal. */
  public boolean isAt(byte[] b, int at, int to) {
    if (at < 0 || to - at < bytes.length) {
      return false;
    }
    return matchesAt(b, at);
  }

  /** The first place in {@code b[from, to)} where this literal ends a field, or -1. */
  public int find(byte[] b, int from, int to) {
    int n = bytes.length;
    if (n == 0) {
      return from;
    }
    int end = to - n + 1; // the literal must start before this
    for (int i = Ascii.indexOf(b, from, end, first); i >= 0; i = Ascii.indexOf(b, i + 1, end, first)) {
      // the first byte matched already; most literals of a format are one byte
      if ((n == 1 || matchesAt(b, i)) && (endsAnyField || endsField(b, from, i, to))) {
        return i;
      }
    }
    return -1;
  }

  /** Whether the literal is at {@code at}, where it fits before the end of the line. */
  private boolean matchesAt(byte[] b, int at) {
    if (mask != 0 && at + Long.BYTES <= b.length) {
      return (Ascii.longAt(b, at) & mask) == word;
    }
    return Ascii.regionMatches(b, at, bytes);
  }

  /** The last place in {@code b[from, to)} where this literal ends a field, or -1. */
  public int findLast(byte[] b, int from, int to) {
    for (int i = to - bytes.length; i >= from; i--) {
      if (b[i] == first && isAt(b, i, to) && endsField(b, from, i, to)) {
        return i;
      }
    }
    return -1;
  }

  private boolean endsField(byte[] b, int fieldFrom, int at, int to) {
    return switch (first) {
      case '"' -> !escaped(b, fieldFrom, at);
      case ' ' -> !insideList(b, fieldFrom, at, to);
      default -> true;
    };
  }

  /** Whether the space at {@code at} separates members of an nginx list rather than two fields. */
  private static boolean insideList(byte[] b, int fieldFrom, int at, int to) {
    return at > fieldFrom && b[at - 1] == ','
        || at + 2 < to && b[at + 1] == ':' && b[at + 2] == ' '
        || at - 1 > fieldFrom && b[at - 1] == ':' && b[at - 2] == ' ';
  }

  /** Whether an odd number of backslashes precedes {@code at} (within the field). */
  private static boolean escaped(byte[] b, int fieldFrom, int at) {
    int n = 0;
    for (int i = at - 1; i >= fieldFrom && b[i] == '\\'; i--) {
      n++;
    }
    return (n & 1) == 1;
  }
}
