package tardy.record.grouping;

import tardy.events.Ascii;

/**
 * Folds id-like parts of a path into placeholders so that {@code /product/123221} and {@code
 * /product/128759} meet as {@code /product/{id}}: digit runs → {@code {id}} (also inside a
 * segment: {@code 929670.pdf} → {@code {id}.pdf}), UUIDs → {@code {uuid}}, long hex strings →
 * {@code {hex}}. A run counts only when it stands alone between separators, so {@code v2} and
 * {@code 200x200} stay as they are.
 */
public final class PathTemplates {

  /** Hex strings at least this long, with a digit in them, are ids (object ids, hashes). */
  static final int MIN_HEX_ID = 16;
  /** What a run of digits becomes. */
  public static final String ID = "{id}";

  private PathTemplates() {}

  public static String normalize(String path) {
    String p = stripSchemeAndHost(path);
    StringBuilder out = new StringBuilder(p.length());
    int i = 0;
    while (i < p.length()) {
      int escape = escapeLength(p, i);
      if (escape > 0) { // %20 and nginx's \x22 are characters, not ids
        out.append(p, i, i + escape);
        i += escape;
        continue;
      }
      if (!isWordChar(p.charAt(i))) {
        out.append(p.charAt(i++));
        continue;
      }
      int end = i;
      while (end < p.length() && (isWordChar(p.charAt(end)) || isUuidDash(p, i, end))) {
        end++;
      }
      out.append(placeholder(p, i, end));
      i = end;
    }
    return out.toString();
  }

  /**
   * What {@link #normalize} makes of one path segment {@code b[from, to)} (no {@code /} in it), as
   * far as a look at its bytes tells: {@link #UNCHANGED} when it changes nothing, the one
   * placeholder when the segment is a single id, UUID or long hex word, else null (don't know:
   * an id inside, dashes where a UUID has them, braces). For raw keys on the hot path; {@code
   * PathTemplatesTest} holds it to normalize.
   */
  public static byte[] normalizedSegment(byte[] b, int from, int to) {
    if (to - from == 36 && isUuid(b, from)) {
      return UUID_BYTES;
    }
    for (int s = from; s + 36 <= to; s++) { // normalize reads a UUID across its dashes
      if (b[s + 8] == '-' && b[s + 13] == '-' && b[s + 18] == '-' && b[s + 23] == '-') {
        return null;
      }
    }
    int i = from;
    while (i < to) {
      byte c = b[i];
      int escape = escapeLength(b, i, to);
      if (escape > 0) {
        i += escape;
      } else if (isWordByte(c)) {
        int end = i + 1;
        boolean digits = isDigit(c);
        boolean hex = isHex(c);
        while (end < to && isWordByte(b[end])) {
          digits &= isDigit(b[end]);
          hex &= isHex(b[end]);
          end++;
        }
        if (digits) {
          return i == from && end == to ? ID_BYTES : null;
        }
        if (end - i >= MIN_HEX_ID && hex && hasDigit(b, i, end)) {
          return i == from && end == to ? HEX_BYTES : null;
        }
        i = end;
      } else if (c == '{' || c == '}') {
        return null; // a placeholder's text is never a value
      } else {
        i++;
      }
    }
    return UNCHANGED;
  }

  /** What {@link #normalizedSegment} says of a segment that normalize leaves as it is. */
  public static final byte[] UNCHANGED = new byte[0];
  private static final byte[] ID_BYTES = ID.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  private static final byte[] UUID_BYTES = "{uuid}".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  private static final byte[] HEX_BYTES = "{hex}".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private static boolean isWordByte(byte c) {
    return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
  }

  private static boolean isDigit(byte c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isHex(byte c) {
    return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
  }

  private static boolean hasDigit(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (isDigit(b[i])) {
        return true;
      }
    }
    return false;
  }

  /** The length of a percent or nginx escape at {@code b[i]} before {@code to}, or 0. */
  static int escapeLength(byte[] b, int i, int to) {
    if (b[i] == '%' && i + 2 < to && isHex(b[i + 1]) && isHex(b[i + 2])) {
      return 3;
    }
    return tardy.events.RequestSpelling.hexEscapeAt(b, i, to) ? 4 : 0;
  }

  /**
   * A UUID in {@code b} from {@code from}: 36 bytes, hex with dashes in place. Read as five
   * overlapping words (bytes 0, 8, 16, 24 and 28 on), as the grouping's fold asks it of every id.
   */
  static boolean isUuid(byte[] b, int from) {
    return uuidWord(Ascii.longAt(b, from), 0)
        && uuidWord(Ascii.longAt(b, from + 8), DASHES_AT_8)
        && uuidWord(Ascii.longAt(b, from + 16), DASHES_AT_16)
        && uuidWord(Ascii.longAt(b, from + 24), 0)
        && uuidWord(Ascii.longAt(b, from + 28), 0);
  }

  private static final long HIGHS = 0x8080808080808080L;
  private static final long DASHES = 0x2d2d2d2d2d2d2d2dL;
  // 0xff on the bytes of a word that must be dashes (little-endian: byte k is bits 8k to 8k+7)
  private static final long DASHES_AT_8 = 0xffL | 0xffL << 40; // bytes 8 and 13
  private static final long DASHES_AT_16 = 0xffL << 16 | 0xffL << 56; // bytes 18 and 23

  /** Whether each byte of {@code word} is a dash where {@code dashes} says, else a hex digit. */
  private static boolean uuidWord(long word, long dashes) {
    if ((word & HIGHS) != 0 || ((word ^ DASHES) & dashes) != 0) {
      return false;
    }
    // ASCII bytes only: adding to a byte below 0x80 never carries into the next one
    long digit = (word + 0x5050505050505050L) & ~(word + 0x4646464646464646L); // '0' to '9'
    long lower = word | 0x2020202020202020L; // 'A' to 'F' read as 'a' to 'f'
    long letter = (lower + 0x1f1f1f1f1f1f1f1fL) & ~(lower + 0x1919191919191919L); // 'a' to 'f'
    return ((digit | letter | dashes) & HIGHS) == HIGHS;
  }

  /** An absolute-form target ({@code http://host/path}) is grouped and matched by its path. */
  public static String stripSchemeAndHost(String path) {
    int scheme = path.indexOf("://");
    if (scheme > 0 && scheme < 8) {
      int slash = path.indexOf('/', scheme + 3);
      return slash < 0 ? "/" : path.substring(slash);
    }
    return path;
  }

  /**
   * The length of a percent or nginx escape at {@code i}, or 0: what {@link #escapeLength(byte[],
   * int, int)} says of the same text's bytes ({@code PathTemplatesTest}).
   */
  static int escapeLength(String p, int i) {
    char c = p.charAt(i);
    if (c == '%' && i + 2 < p.length() && isHex(p.charAt(i + 1)) && isHex(p.charAt(i + 2))) {
      return 3;
    }
    if (c == '\\' && i + 3 < p.length() && p.charAt(i + 1) == 'x' && isHex(p.charAt(i + 2))
        && isHex(p.charAt(i + 3))) {
      return 4;
    }
    return 0;
  }

  private static CharSequence placeholder(String p, int from, int to) {
    int len = to - from;
    if (allDigits(p, from, to)) {
      return ID;
    }
    if (len == 36 && isUuid(p, from)) {
      return "{uuid}";
    }
    if (len >= MIN_HEX_ID && allHexWithDigit(p, from, to)) {
      return "{hex}";
    }
    return p.subSequence(from, to);
  }

  private static boolean isWordChar(char c) {
    return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
  }

  /** Dashes belong to a word only where a UUID has them, so {@code product-12} still splits. */
  private static boolean isUuidDash(String p, int wordStart, int at) {
    int offset = at - wordStart;
    return p.charAt(at) == '-'
        && (offset == 8 || offset == 13 || offset == 18 || offset == 23)
        && wordStart + 36 <= p.length()
        && isUuid(p, wordStart);
  }

  private static boolean isUuid(String p, int from) {
    if (from + 36 > p.length()) {
      return false;
    }
    for (int k = 0; k < 36; k++) {
      char c = p.charAt(from + k);
      boolean dash = k == 8 || k == 13 || k == 18 || k == 23;
      if (dash ? c != '-' : !isHex(c)) {
        return false;
      }
    }
    return from + 36 == p.length() || !isWordChar(p.charAt(from + 36));
  }

  private static boolean allDigits(String p, int from, int to) {
    for (int k = from; k < to; k++) {
      char c = p.charAt(k);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return to > from;
  }

  private static boolean allHexWithDigit(String p, int from, int to) {
    boolean digit = false;
    for (int k = from; k < to; k++) {
      char c = p.charAt(k);
      if (!isHex(c)) {
        return false;
      }
      digit |= c <= '9';
    }
    return digit;
  }

  private static boolean isHex(char c) {
    return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
  }
}
