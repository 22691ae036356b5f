package tardy.render;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A document built as text, written as UTF-8 a slice at a time and, while it is built, each time
 * it holds a slice ({@link #drain}): held whole, as builder, String and bytes at once, a page
 * with a chart per group at the largest --max-operations, or the report of a log of thousands of
 * JVM runs (tens of MB of text), had no room beside the histograms or the log's heap series.
 */
public final class Utf8 {

  static final int SLICE = 1 << 16;

  private Utf8() {}

  /**
   * Writes {@code text} and empties it once it holds a slice or more: a document written as it
   * is built, never held whole.
   */
  public static void drain(StringBuilder text, OutputStream out) throws IOException {
    if (text.length() >= SLICE) {
      write(text, out);
      text.setLength(0);
    }
  }

  /** Writes {@code text}; a slice never ends between the two halves of a surrogate pair. */
  public static void write(CharSequence text, OutputStream out) throws IOException {
    int from = 0;
    while (from < text.length()) {
      int to = Math.min(text.length(), from + SLICE);
      if (to < text.length() && Character.isHighSurrogate(text.charAt(to - 1))) {
        to--;
      }
      out.write(text.subSequence(from, to).toString().getBytes(StandardCharsets.UTF_8));
      from = to;
    }
  }
}
