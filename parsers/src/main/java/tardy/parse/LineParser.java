package tardy.parse;

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
   * Parses {@code buf[from, to)}, the line without its line terminator, and emits at most one
   * event per line to the sink. Never throws for any input bytes.
   *
   * @return what the line was; the caller counts it
   */
  Outcome parse(byte[] buf, int from, int to, EventSink sink);
}
