package tardy.formats.wrap;

import tardy.events.Ascii;

/** A JSON string's content read in place: whether it ends a line, and its text unescaped as UTF-8. */
final class JsonText {

  private JsonText() {}

  /** Whether the escaped content {@code b[from, to)} ends with {@code \n}, the escape itself. */
  static boolean endsWithNewline(byte[] b, int from, int to) {
    if (to - from < 2 || b[to - 1] != 'n' || b[to - 2] != '\\') {
      return false;
    }
    int backslashes = 0;
    for (int i = to - 2; i >= from && b[i] == '\\'; i--) {
      backslashes++;
    }
    return backslashes % 2 == 1;
  }

  /**
   * Appends the unescaped content to the stream's line in the joiner, which has room for {@code
   * to - from} bytes.
   *
   * @return false on a bad escape
   */
  static boolean unescape(byte[] b, int from, int to, Joiner out, int stream) {
    for (int i = from; i < to; i++) {
      // the text between escapes is copied as one run
      int escape = Ascii.indexOf(b, i, to, (byte) '\\');
      out.put(stream, b, i, escape < 0 ? to : escape);
      if (escape < 0) {
        return true;
      }
      i = escape + 1;
      if (i >= to) {
        return false;
      }
      switch (b[i]) {
        case '"', '\\', '/' -> out.put(stream, b[i]);
        case 'n' -> out.put(stream, (byte) '\n');
        case 't' -> out.put(stream, (byte) '\t');
        case 'r' -> out.put(stream, (byte) '\r');
        case 'b' -> out.put(stream, (byte) '\b');
        case 'f' -> out.put(stream, (byte) '\f');
        case 'u' -> {
          int code = hex4(b, i + 1, to);
          if (code < 0) {
            return false;
          }
          i += 4;
          if (code >= 0xd800 && code <= 0xdbff && i + 6 < to && b[i + 1] == '\\' && b[i + 2] == 'u') {
            int low = hex4(b, i + 3, to);
            if (low >= 0xdc00 && low <= 0xdfff) {
              code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
              i += 6;
            }
          }
          utf8(code, out, stream);
        }
        default -> {
          return false;
        }
      }
    }
    return true;
  }

  private static int hex4(byte[] b, int at, int to) {
    if (at + 4 > to) {
      return -1;
    }
    int value = 0;
    for (int i = at; i < at + 4; i++) {
      int d = Character.digit(b[i], 16);
      if (d < 0) {
        return -1;
      }
      value = value << 4 | d;
    }
    return value;
  }

  /** At most 4 bytes, from at least 6 escaped ones: the room reserved suffices. */
  private static void utf8(int code, Joiner out, int stream) {
    if (code < 0x80) {
      out.put(stream, (byte) code);
    } else if (code < 0x800) {
      out.put(stream, (byte) (0xc0 | code >> 6));
      out.put(stream, (byte) (0x80 | code & 0x3f));
    } else if (code < 0x10000) {
      out.put(stream, (byte) (0xe0 | code >> 12));
      out.put(stream, (byte) (0x80 | code >> 6 & 0x3f));
      out.put(stream, (byte) (0x80 | code & 0x3f));
    } else {
      out.put(stream, (byte) (0xf0 | code >> 18));
      out.put(stream, (byte) (0x80 | code >> 12 & 0x3f));
      out.put(stream, (byte) (0x80 | code >> 6 & 0x3f));
      out.put(stream, (byte) (0x80 | code & 0x3f));
    }
  }
}
