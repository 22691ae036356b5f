package tardy.render;

/**
 * Makes text from a log safe to show. Log lines are written by strangers: a request path can hold
 * terminal escape sequences or markup, and nothing of it may reach a terminal or a page raw.
 */
public final class Escape {

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private Escape() {}

  /**
   * Control and bidi characters (C0, DEL, C1, U+202A-U+202E, U+2066-U+2069) as {@code \x1b}, or
   * a backslash, u and four hex digits above Latin-1. Backslashes stay as they are: nginx already
   * writes unsafe bytes as {@code \xHH}, and a path reads as in the log.
   */
  public static String terminal(String s) {
    return terminal(s, false);
  }

  /** The same, tabs kept: for a line of a message, which may be indented (a stack trace). */
  public static String terminalLine(String s) {
    return terminal(s, true);
  }

  private static String terminal(String s, boolean keepTabs) {
    StringBuilder out = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (isControl(c) && !(keepTabs && c == '\t')) {
        if (out == null) {
          out = new StringBuilder(s.length() + 8).append(s, 0, i);
        }
        if (c < 0x100) {
          out.append("\\x").append(HEX[c >> 4]).append(HEX[c & 0xf]);
        } else {
          out.append("\\u").append(HEX[c >> 12]).append(HEX[(c >> 8) & 0xf])
              .append(HEX[(c >> 4) & 0xf]).append(HEX[c & 0xf]);
        }
      } else if (out != null) {
        out.append(c);
      }
    }
    return out == null ? s : out.toString();
  }

  /**
   * Whether a character can drive a terminal or break a line: C0, DEL, C1, the line and
   * paragraph separators, and the bidi embeddings, overrides and isolates (which reorder what a
   * reader sees). Every escaping of tardy's outputs asks here.
   */
  public static boolean isControl(char c) {
    return c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == '\u2028' || c == '\u2029'
        || (c >= '\u202a' && c <= '\u202e') || (c >= '\u2066' && c <= '\u2069');
  }

  /** Text for HTML element content and attribute values; control characters escaped first. */
  public static String html(String s) {
    String t = terminal(s);
    StringBuilder out = new StringBuilder(t.length() + 16);
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      switch (c) {
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '&' -> out.append("&amp;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }
}
