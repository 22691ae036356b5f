package tardy.table;

import java.util.Locale;

/**
 * A partition value as a directory name, {@code name=value}, spelled as Spark and Hive spell it:
 * the characters a path or a Hive name cannot hold escaped as {@code %XX}, and a null (or empty)
 * value as {@value #NULL}.
 */
final class PartitionDirs {

  /** Spark's and Hive's directory for a null partition value. */
  static final String NULL = "__HIVE_DEFAULT_PARTITION__";

  private static final String ESCAPED = "\"#%'*/:=?\\\u007F{[]^";

  private PartitionDirs() {}

  static String dir(String column, String value) {
    return column + "=" + escape(value);
  }

  static String escape(String value) {
    if (value == null || value.isEmpty()) {
      return NULL;
    }
    StringBuilder out = new StringBuilder(value.length());
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < 0x20 || ESCAPED.indexOf(c) >= 0) {
        out.append('%').append(String.format(Locale.ROOT, "%02X", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** The value a directory's part after {@code =} names; null for {@value #NULL}. */
  static String unescape(String text) {
    if (text.equals(NULL)) {
      return null;
    }
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '%' && i + 2 < text.length() && hex(text.charAt(i + 1)) >= 0 && hex(text.charAt(i + 2)) >= 0) {
        out.append((char) (hex(text.charAt(i + 1)) * 16 + hex(text.charAt(i + 2))));
        i += 2;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static int hex(char c) {
    return Character.digit(c, 16);
  }
}
