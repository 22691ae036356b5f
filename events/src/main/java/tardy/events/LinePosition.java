package tardy.events;

/**
 * Where a reader is in the part it reads: the number of the line being parsed (1 for the part's
 * first line; once the part is read, one more than its lines), and whether the part starts at its
 * input's first line or continues an input whose earlier lines another part holds. Sinks that keep
 * evidence ask only when they keep an event, so the common line costs nothing.
 */
public interface LinePosition {

  long line();

  boolean startOfInput();

  /**
   * Whether the part ends at its input's last line: only then is a pause begun and never ended at
   * the part's end cut by the input's end (a part cut before another GC's lines may hold the
   * first line of a pause whose end the next part holds).
   */
  default boolean endOfInput() {
    return true;
  }

  /**
   * Counts an earlier line of this part again, at once, as what a later line showed it to be (the
   * opening of a JDK 8 GC event whose safepoint ended before it did), as {@link
   * LineParser#recountAtEnd} does at the end.
   */
  default void recount(long line, Outcome was, Outcome is, byte[] buf, int from, int to) {
    throw new UnsupportedOperationException("this reader recounts lines at the end only");
  }
}
