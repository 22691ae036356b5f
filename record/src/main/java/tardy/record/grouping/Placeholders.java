package tardy.record.grouping;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Names what a parameter position holds: {@code {slug}} for lower-case words joined by dashes
 * (percent-encoded words too: a title in Persian or Chinese is a slug),
 * {@code {*}} for anything else (names, lists, codes, encoded text); and finds build hashes inside
 * file names ({@code app.3f9a1c7e.js} → {@code app.{hash}.js}).
 */
final class Placeholders {

  static final String SLUG = "{slug}";
  static final String ANY = "{*}";
  static final String HASH = "{hash}";

  private Placeholders() {}

  /** {@code {slug}} when every value is lower-case letters, digits and dashes and half have a dash. */
  static String of(List<String> values) {
    int dashed = 0;
    for (String v : values) {
      if (!isSlug(v)) {
        return ANY;
      }
      dashed += v.indexOf('-') > 0 ? 1 : 0;
    }
    return 2 * dashed >= values.size() ? SLUG : ANY;
  }

  /** Lower-case letters, digits, dashes and percent escapes: a title in any script, URL-encoded. */
  private static boolean isSlug(String v) {
    String s = v.replace(tardy.record.grouping.PathTemplates.ID, "0");
    if (s.isEmpty() || s.charAt(0) == '-' || s.charAt(s.length() - 1) == '-') {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '%' && PathTemplates.escapeLength(s, i) == 3) {
        i += 2;
      } else if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-')) {
        return false;
      }
    }
    return true;
  }

  /**
   * A file name's build hash replaced: the segment must end in an extension of 1–5 letters; a
   * part between {@code .}, {@code -} and {@code _} is a hash when it has at least 8 characters
   * and is hex with a letter (one case), or mixes letters and digits (two digits and an upper-case
   * letter), or has three upper-case and three lower-case letters (base62 build ids). A build
   * hash of digits only is an {@code {id}} already (the id rules come first): {@link
   * SampledGrouping} joins it to its hashed siblings.
   */
  static String fileHashes(String segment) {
    byte[] b = segment.getBytes(StandardCharsets.UTF_8);
    int end = fileHashes(b, 0, b.length);
    return end == b.length ? segment : new String(b, 0, end, StandardCharsets.UTF_8);
  }

  /**
   * {@link #fileHashes(String)} in place on the bytes of a file name {@code b[from, to)}, which
   * may also hold what the id rules fold: a part that is a long hex id becomes {@code {hex}} as
   * {@link tardy.record.grouping.PathTemplates#normalize} makes it (on a normalized name there is none).
   * Every replacement is shorter than what it replaces.
   *
   * @return the new end of the name; below {@code to} exactly when something was replaced
   */
  static int fileHashes(byte[] b, int from, int to) {
    int dot = lastDot(b, from, to);
    if (dot <= from || !isExtension(b, dot + 1, to)) {
      return to;
    }
    int w = from; // b[from, w) is written; w never passes the part being read
    int start = from;
    for (int i = from; i <= dot; i++) {
      byte c = i < dot ? b[i] : (byte) '.';
      if (c == '.' || c == '-' || c == '_') {
        byte[] placeholder = isLongHexId(b, start, i) ? HEX_BYTES
            : isHash(b, start, i) ? HASH_BYTES : null;
        if (placeholder != null) {
          System.arraycopy(placeholder, 0, b, w, placeholder.length);
          w += placeholder.length;
        } else {
          System.arraycopy(b, start, b, w, i - start);
          w += i - start;
        }
        start = i + 1;
        if (i < dot) {
          b[w++] = c;
        }
      }
    }
    System.arraycopy(b, dot, b, w, to - dot);
    return w + to - dot;
  }

  /**
   * {@link #fileHashes(byte[], int, int)} on the file name of a raw path {@code b[from, to)} (as
   * logged, ids folded by {@link tardy.record.grouping.GroupKeys}), only where the template of the result
   * is surely the path's: an absolute path (a scheme and host that the id rules strip end at a
   * slash before the file name, or leave no name at all), whose file name holds no dashes where a
   * UUID has them (the id rules join a UUID's parts across its dashes; such a name is left as it
   * is, which costs a lookup, never a wrong group). Most paths are turned away by their last six
   * bytes: an extension is one to five characters after a dot.
   *
   * @return the new end of the path
   */
  static int rawPathFileHashes(byte[] b, int from, int to) {
    int dot = to - 2;
    while (dot >= to - 6 && dot > from && b[dot] != '.' && b[dot] != '/') {
      dot--;
    }
    if (dot <= from || b[dot] != '.' || b[from] != '/' || !isExtension(b, dot + 1, to)) {
      return to;
    }
    int name = dot;
    while (name > from && b[name - 1] != '/') {
      name--;
    }
    if (dot - name < 8 || hasUuidDashes(b, name, to)) { // a hash has eight characters or more
      return to;
    }
    return fileHashes(b, name, to);
  }

  private static boolean hasUuidDashes(byte[] b, int from, int to) {
    for (int i = from; i + 36 <= to; i++) {
      if (b[i + 8] == '-' && b[i + 13] == '-' && b[i + 18] == '-' && b[i + 23] == '-') {
        return true;
      }
    }
    return false;
  }

  private static final byte[] HASH_BYTES = HASH.getBytes(StandardCharsets.US_ASCII);
  private static final byte[] HEX_BYTES = "{hex}".getBytes(StandardCharsets.US_ASCII);

  private static int lastDot(byte[] b, int from, int to) {
    for (int i = to - 1; i >= from; i--) {
      if (b[i] == '.') {
        return i;
      }
    }
    return -1;
  }

  private static boolean isExtension(byte[] b, int from, int to) {
    int len = to - from;
    if (len < 1 || len > 5) {
      return false;
    }
    for (int i = from; i < to; i++) {
      byte c = b[i];
      if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > from && c >= '0' && c <= '9')) {
        return false;
      }
    }
    return true;
  }

  /** What the id rules make {@code {hex}}: 16 or more hex digits with a decimal digit among them. */
  private static boolean isLongHexId(byte[] b, int from, int to) {
    if (to - from < 16) {
      return false;
    }
    boolean digit = false;
    for (int i = from; i < to; i++) {
      byte c = b[i];
      if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')) {
        return false;
      }
      digit |= c <= '9';
    }
    return digit;
  }

  static boolean isHash(byte[] s, int from, int to) {
    if (to - from < 8) {
      return false;
    }
    int digits = 0;
    int upper = 0;
    int lower = 0;
    boolean hex = true;
    for (int i = from; i < to; i++) {
      byte c = s[i];
      if (c >= '0' && c <= '9') {
        digits++;
      } else if (c >= 'A' && c <= 'Z') {
        upper++;
        hex &= c <= 'F';
      } else if (c >= 'a' && c <= 'z') {
        lower++;
        hex &= c <= 'f';
      } else {
        return false;
      }
    }
    boolean letters = upper + lower > 0;
    return hex && letters && (upper == 0 || lower == 0)
        || digits >= 2 && upper >= 1 && lower >= 1
        || upper >= 3 && lower >= 3;
  }

}
