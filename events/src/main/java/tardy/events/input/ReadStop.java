package tardy.events.input;

import java.io.EOFException;
import java.io.IOException;
import tardy.events.Counts;

/**
 * Reading an input ended early for a reason tardy states itself: the file was truncated while it
 * was read, or the input is not a text log and reading it would never end (no line end in a
 * gigabyte, a million lines and none parsed).
 */
public final class ReadStop extends IOException {

  public ReadStop(String message) {
    super(message);
  }

  /** A file that ended at {@code read} bytes although it had {@code size} when opened. */
  static ReadStop truncated(long size, long read) {
    return new ReadStop("the file was truncated while it was read (it had " + size
        + " bytes when opened and ended after " + read + "): the lines after the cut are"
        + " not counted; read a copy that is not being rotated");
  }

  /** What went wrong in reading, in words: the one place that words read failures. */
  public static String describe(IOException e) {
    if (e instanceof ReadStop) {
      return e.getMessage();
    }
    String message = e.getMessage();
    if (e instanceof ZstdInput.Damage) {
      return "compressed data is truncated or corrupt (" + message + ")";
    }
    if (e instanceof EOFException || e instanceof java.util.zip.ZipException || message != null
        && (message.contains("ZLIB") || message.contains("GZIP") || message.contains("gzip"))) {
      return "compressed data is truncated or corrupt ("
          + (message == null ? "it ends inside the gzip header" : message) + ")";
    }
    return "read failed (" + (message == null ? e.getClass().getSimpleName() : message) + ")";
  }

  /**
   * The same, for reading that stopped after {@code lines} whole lines: where, so that the user
   * knows what the damage left; 0 is before the first line ended (in it, or in a header).
   */
  public static String describe(IOException e, long lines) {
    if (lines == 0) {
      return describe(e) + " before the first line ended (no line was read before the damage)";
    }
    return describe(e) + " after line " + lines + " ("
        + Counts.of(lines, "line was", "lines were") + " read before the damage)";
  }
}
