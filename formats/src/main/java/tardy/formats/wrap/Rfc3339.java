package tardy.formats.wrap;

import tardy.events.Ascii;

/** Where an RFC 3339 timestamp ({@code 2024-01-01T00:00:00.123456789Z}, {@code …+02:00}) ends. */
final class Rfc3339 {

  private Rfc3339() {}

  /** The index just after a timestamp starting at {@code from}, or -1 when there is none. */
  static int end(byte[] b, int from, int to) {
    if (to - from < 20 || !digits(b, from, 4) || b[from + 4] != '-' || !digits(b, from + 5, 2)
        || b[from + 7] != '-' || !digits(b, from + 8, 2) || b[from + 10] != 'T'
        || !digits(b, from + 11, 2) || b[from + 13] != ':' || !digits(b, from + 14, 2)
        || b[from + 16] != ':' || !digits(b, from + 17, 2)) {
      return -1;
    }
    int i = from + 19;
    if (b[i] == '.') {
      int start = ++i;
      while (i < to && Ascii.isDigit(b[i])) {
        i++;
      }
      if (i == start) {
        return -1;
      }
    }
    if (i < to && b[i] == 'Z') {
      return i + 1;
    }
    if (i + 6 <= to && (b[i] == '+' || b[i] == '-') && digits(b, i + 1, 2) && b[i + 3] == ':'
        && digits(b, i + 4, 2)) {
      return i + 6;
    }
    return -1;
  }

  private static boolean digits(byte[] b, int at, int count) {
    for (int i = at; i < at + count; i++) {
      if (!Ascii.isDigit(b[i])) {
        return false;
      }
    }
    return true;
  }
}
