package tardy.classify.infer;

import java.util.List;

/**
 * Names what a parameter position holds: {@code {slug}} for lower-case words joined by dashes,
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

  private static boolean isSlug(String v) {
    String s = v.replace(tardy.classify.PathTemplates.ID, "0");
    if (s.isEmpty() || s.charAt(0) == '-' || s.charAt(s.length() - 1) == '-') {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-')) {
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
    int dot = segment.lastIndexOf('.');
    if (dot <= 0 || !isExtension(segment, dot + 1)) {
      return segment;
    }
    StringBuilder out = null;
    int start = 0;
    for (int i = 0; i <= dot; i++) {
      char c = i < dot ? segment.charAt(i) : '.';
      if (c == '.' || c == '-' || c == '_') {
        if (isHash(segment, start, i)) {
          if (out == null) {
            out = new StringBuilder(segment.length()).append(segment, 0, start);
          }
          out.append(HASH);
        } else if (out != null) {
          out.append(segment, start, i);
        }
        if (out != null && i < dot) {
          out.append(c);
        }
        start = i + 1;
      }
    }
    return out == null ? segment : out.append(segment, dot, segment.length()).toString();
  }

  private static boolean isExtension(String s, int from) {
    int len = s.length() - from;
    if (len < 1 || len > 5) {
      return false;
    }
    for (int i = from; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > from && c >= '0' && c <= '9')) {
        return false;
      }
    }
    return true;
  }

  static boolean isHash(String s, int from, int to) {
    if (to - from < 8) {
      return false;
    }
    int digits = 0;
    int upper = 0;
    int lower = 0;
    boolean hex = true;
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
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
