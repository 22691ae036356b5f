package tardy.formats.jvm;

import java.util.Arrays;
import tardy.events.LineParser;
import tardy.events.LinePosition;
import tardy.events.Outcome;
import tardy.events.Times;

/**
 * The line that opened something a later line closes (a JDK 8 GC event, a JDK 9-12 safepoint
 * group), copied with its number because the line buffer is reused: if the input ends while it is
 * still open, {@link #recountIfOpen} counts it again as what it turned out to be.
 */
final class OpeningLine {

  private byte[] bytes = new byte[256];
  private int length;
  private boolean open;
  private long line = Times.NONE;

  /** Keeps {@code b[from, to)}, the line {@code position} is at (unknown when null), as open. */
  void open(LinePosition position, byte[] b, int from, int to) {
    open = true;
    line = position == null ? Times.NONE : position.line();
    length = to - from;
    if (length > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(length, 2 * bytes.length));
    }
    System.arraycopy(b, from, bytes, 0, length);
  }

  /** What it opened was closed, or is no longer this line's to recount. */
  void close() {
    open = false;
  }

  boolean isOpen() {
    return open;
  }

  /** The number of the line kept, or {@link Times#NONE}. */
  long line() {
    return line;
  }

  /** The length of the copy. */
  int length() {
    return length;
  }

  /** The copy; valid while open. */
  byte[] bytes() {
    return bytes;
  }

  /** Counts the line again, from {@code was} to {@code is}, if it is open and its number known. */
  void recountIfOpen(LineParser.Recount recount, Outcome was, Outcome is) {
    if (open && line != Times.NONE) {
      recount.recount(line, was, is, bytes, 0, length);
    }
  }
}
