package tardy.events;

/**
 * Parses one line of one format. A parser may keep state between lines of one input (a JVM's
 * multi-line safepoint group), so it is never shared between threads or inputs.
 *
 * <p>On the hot path a parser builds no String per field, runs no regex and allocates nothing: it
 * fills a reused event and hands it to the sink.
 */
@FunctionalInterface
public interface LineParser {

  /**
   * Parses {@code buf[from, to)}, the line without its line terminator, and emits the events it
   * completes to the sink. An event may be held until a later line completes it (the CPU times a
   * JVM prints after a GC pause); {@link #endOfInput} hands on what is still held. Never throws
   * for any input bytes.
   *
   * @return what the line was; the caller counts it
   */
  Outcome parse(byte[] buf, int from, int to, EventSink sink);

  /**
   * Called once before a part is read, with where the reader is: a parser that hands an event on
   * from a later line records here the line it was read from ({@link PauseEvent#line}).
   */
  default void reading(LinePosition position) {}

  /**
   * From now on, hands the sink every line's clock anchor ({@link EventSink#anchor}), read as the
   * line is parsed: only the timeline needs them, so by default a parser does not look for them.
   * Parsers of logs without an uptime ignore this.
   */
  default void emitAnchors() {}

  /**
   * Called once after the last line of an input (or of a chunk): hands on any held event. A parser
   * that keeps state between lines is given whole inputs (or, followed, every piece of one before
   * this runs), so for it this is the input's end.
   */
  default void endOfInput(EventSink sink) {}

  /**
   * Called right after {@link #endOfInput}: a line counted as the start of something the input
   * then ended inside (a JDK 8 GC event that never closed) is counted again as what it turned out
   * to be.
   */
  default void recountAtEnd(Recount recount) {}

  /** Counts an earlier line of the input again, with its bytes for {@code --rejects}. */
  @FunctionalInterface
  interface Recount {
    /**
     * @param line the line's number, as {@link LinePosition#line} gave it while it was parsed
     * @param was what the line was counted as
     * @param is what it is
     */
    void recount(long line, Outcome was, Outcome is, byte[] buf, int from, int to);
  }
}
