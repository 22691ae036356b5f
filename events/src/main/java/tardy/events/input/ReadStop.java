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

  private final String what;
  private final String advice; // said last, after where reading stopped; null: none

  public ReadStop(String message) {
    this(message, null);
  }

  private ReadStop(String what, String advice) {
    super(advice == null ? what : what + ": " + advice);
    this.what = what;
    this.advice = advice;
  }

  /** A file that ended at {@code read} bytes although it had {@code size} when opened. */
  static ReadStop truncated(long size, long read) {
    return truncated("it had " + size + " bytes when opened", read);
  }

  /**
   * A file read in parts that ended at {@code read} bytes, inside a part that was planned to end
   * at {@code partEnd}: the file had that many bytes at least.
   */
  static ReadStop truncatedInPart(long partEnd, long read) {
    return truncated("it had at least " + partEnd + " bytes when planned", read);
  }

  private static ReadStop truncated(String had, long read) {
    return new ReadStop("the file was truncated while it was read (" + had + " and ended after "
        + read + ")", "the lines after the cut are not counted; read a copy that is not being"
        + " rotated");
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
    String where = lines == 0 ? " before the first line ended (no line was read before the damage)"
        : " after line " + lines + " (" + Counts.of(lines, "line was", "lines were")
            + " read before the damage)";
    if (e instanceof ReadStop stop && stop.advice != null) {
      return stop.what + where + ": " + stop.advice;
    }
    return describe(e) + where;
  }
}
