package tardy.render;

import org.jline.utils.WCWidth;

/**
 * How many terminal columns text takes: a CJK ideograph or an emoji takes two, a combining mark
 * none. Tables pad and cut names by this measure, not by chars, so that rows stay aligned whatever
 * script an operation's path is written in. Text is escaped before it is measured (no control
 * characters reach here).
 */
public final class DisplayColumns {

  private DisplayColumns() {}

  /** The columns {@code s} takes on a terminal. */
  public static int of(String s) {
    int columns = 0;
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      columns += Math.max(0, WCWidth.wcwidth(cp)); // -1 (a control) cannot occur once escaped
      i += Character.charCount(cp);
    }
    return columns;
  }

  /**
   * {@code s} whole when it fits in {@code columns}, else its longest start that fits with "…"
   * after it; a wide character is never split, and a mark stays with its base.
   */
  public static String cut(String s, int columns) {
    if (of(s) <= columns) {
      return s;
    }
    int room = columns - 1; // the ellipsis takes one column
    int used = 0;
    int end = 0;
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      int w = Math.max(0, WCWidth.wcwidth(cp));
      if (used + w > room) {
        break;
      }
      used += w;
      i += Character.charCount(cp);
      end = i;
    }
    return s.substring(0, end) + "…";
  }

  /** {@code s} and the spaces that make it {@code columns} wide (none when it is wider). */
  public static String padRight(String s, int columns) {
    return s + " ".repeat(Math.max(0, columns - of(s)));
  }

  /** The spaces that make {@code s} {@code columns} wide, then {@code s}. */
  public static String padLeft(String s, int columns) {
    return " ".repeat(Math.max(0, columns - of(s))) + s;
  }
}
