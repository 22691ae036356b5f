package tardy.render.table;

import tardy.render.Escape;

/**
 * Text wrapped at word boundaries, for notes and budget lines on a narrow terminal. Every
 * paragraph of the table passes here, and many quote text from outside (a requirement's name in
 * a note, a file name in the accounting): it is escaped here, so no caller can forget.
 */
final class Wrap {

  private Wrap() {}

  /**
   * Appends {@code text} in lines of at most {@code width} columns (0: no limit), the first line
   * after {@code first}, the next ones after {@code next}. A word longer than a line is cut.
   */
  static void words(StringBuilder out, String raw, int width, String first, String next) {
    String text = Escape.terminal(raw); // escaped text has no control characters: once is enough
    if (width <= 0 || first.length() + text.length() <= width) {
      out.append(first).append(text).append('\n');
      return;
    }
    StringBuilder line = new StringBuilder(first);
    int lineStart = first.length();
    for (String word : text.split(" ", -1)) {
      boolean empty = line.length() == lineStart;
      if (!empty && line.length() + 1 + word.length() > width) {
        out.append(line).append('\n');
        line.setLength(0);
        line.append(next);
        lineStart = next.length();
        empty = true;
      }
      line.append(empty ? "" : " ");
      while (line.length() + word.length() > width && width > lineStart + 1) {
        int room = width - line.length();
        out.append(line).append(word, 0, room).append('\n');
        word = word.substring(room);
        line.setLength(0);
        line.append(next);
      }
      line.append(word);
    }
    out.append(line).append('\n');
  }
}
