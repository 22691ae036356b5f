package tardy.events;

/**
 * The reasons for ignoring a line that a report reads back to say what an input held (a JVM log
 * with no GC yet, a ZGC log without its pauses), kept here so that the analysis never names a
 * format.
 */
public final class Reasons {

  /** A ZGC cycle line: not a pause (ZGC logs its pauses with -Xlog:gc+phases or gc*). */
  public static final Outcome ZGC_CYCLE = Outcome.ignored(
      "ZGC cycle (not a pause; ZGC logs its pauses with -Xlog:gc+phases or gc*)");

  /** The header a JDK 8 GC log repeats at each rotation. */
  public static final Outcome ROTATION_HEADER = Outcome.ignored("GC log rotation header");

  /** A JDK 8 log's JVM header (version, memory, flags) in an input that holds no GC yet. */
  public static final Outcome JVM_HEADER =
      Outcome.ignored("JVM header only (version, memory, flags): no GC yet in this input");

  /**
   * A line of another program beside the log's own (a shared stdout, what kubectl logs prints):
   * an application's log, a server's error log, a stack trace; told by its start, never guessed.
   */
  public static final Outcome ANOTHER_PROGRAM = Outcome.ignored("another program's line (an"
      + " application's or a server's own log, a stack trace): not in the log's format");

  private Reasons() {}
}
