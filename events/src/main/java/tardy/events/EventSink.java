package tardy.events;

/**
 * Receives the typed events parsers find. The events are reused by the parser: a sink reads them
 * during the call and keeps nothing that points into them.
 */
public interface EventSink {

  /** Takes every event and keeps none: for a parse whose outcome alone counts. */
  EventSink DISCARD = new EventSink() {
    @Override
    public void request(RequestEvent event) {}

    @Override
    public void pause(PauseEvent event) {}
  };

  /** One request from an access log. */
  void request(RequestEvent event);

  /** One stop-the-world pause from a JVM log. */
  void pause(PauseEvent event);

  /**
   * One concurrent collection cycle from a JVM log (ZGC, Shenandoah), with the heap it left: no
   * pause. A sink that keeps no heap ignores it; one that forwards events forwards it too.
   */
  default void heapCycle(HeapCycleEvent event) {}

  /**
   * A JVM log line that gives both a wall-clock time (epoch ms) and the JVM's uptime (ms): where
   * uptime was on the wall clock, which places the log's uptime-only pauses. Handed on only by a
   * parser asked to ({@link LineParser#emitAnchors}), after the pauses that began before it: a
   * unified log's after the pause of an earlier line held for this one, a JDK 8 log's printed
   * inside a GC event after that event's pause (stamped when it began), which may be lines later.
   *
   * @param line the number of the line that gives it, as {@link #reading}'s position told it
   */
  default void anchor(long wallMillis, long uptimeMillis, long line) {}

  /**
   * Called once before a part is read: during {@link #request} and {@link #pause}, {@code
   * position} tells the number of the line that holds (or, for an event spread over lines, ends)
   * the event.
   */
  default void reading(LinePosition position) {}

  /**
   * The timestamps of the lines read from now on carry this offset from UTC, in seconds, as the
   * log wrote it ({@code +0200}: 7200; {@code Z}: 0): told once per part and again when it
   * changes ({@link LoggedOffsets}), so that a run can print times in the log's own zone. A
   * timestamp without an offset (epoch seconds, a format read as UTC) tells nothing.
   */
  default void zoneOffset(int offsetSeconds) {}
}
