package tardy.record.window;


import tardy.events.Outcome;
import tardy.events.HeapCycleEvent;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Times;

/**
 * {@code --from} / {@code --to}: the events a run keeps, by their logged time on the wall clock.
 * A request's time is when it ended (when nginx wrote the line), a pause's the time on its line,
 * as the span and the intervals have them, so an event is in or out the same way everywhere.
 * The window is {@code [from, to)}; a JVM log with uptime only is placed with the JVM's start
 * ({@code --start-time}) when given. An event with no time cannot be placed and is left out.
 *
 * @param fromMillis epoch milliseconds, the first kept; {@link Long#MIN_VALUE}: no lower bound
 * @param toMillis epoch milliseconds, the first left out; {@link Long#MAX_VALUE}: no upper bound
 * @param jvmStartMillis when uptime 0 was, for uptime-only pauses; {@link Times#NONE}: unknown
 */
public record TimeWindow(long fromMillis, long toMillis, long jvmStartMillis)
    implements java.io.Serializable {

  /** A line whose every event lies outside the window. */
  public static final Outcome OUTSIDE = Outcome.ignored("outside --from/--to");
  /** A line whose event has no wall-clock time, so no place in the window. */
  public static final Outcome UNPLACED =
      Outcome.ignored("no wall-clock time to place it in --from/--to");

  public TimeWindow {
    if (toMillis <= fromMillis) {
      throw new IllegalArgumentException("--to must be after --from");
    }
  }

  /**
   * One end of the window as the user gave it: a time, or a duration before the end of the log.
   *
   * @param millis epoch milliseconds, or when {@code beforeEnd} milliseconds before the log's end
   */
  public record Bound(long millis, boolean beforeEnd) {

    public static Bound at(long epochMillis) {
      return new Bound(epochMillis, false);
    }

    public static Bound beforeEnd(long millis) {
      return new Bound(millis, true);
    }

    long resolve(long endMillis) {
      return beforeEnd ? endMillis - millis : millis;
    }
  }

  /**
   * The window these bounds give once the log's end is known (either bound may be null: open).
   *
   * @param endMillis the end of the log, needed only for a bound relative to it
   * @throws IllegalArgumentException when the window is empty
   */
  public static TimeWindow of(Bound from, Bound to, long endMillis, long jvmStartMillis) {
    return new TimeWindow(from == null ? Long.MIN_VALUE : from.resolve(endMillis),
        to == null ? Long.MAX_VALUE : to.resolve(endMillis), jvmStartMillis);
  }

  /** Whether either bound is relative to the end of the log. */
  public static boolean relative(Bound from, Bound to) {
    return from != null && from.beforeEnd() || to != null && to.beforeEnd();
  }

  /** "from 2026-11-23T14:00:00Z to 2026-11-23T14:20:00Z", an open end left out. */
  public String describe() {
    String from = fromMillis == Long.MIN_VALUE ? "" : "from " + java.time.Instant.ofEpochMilli(fromMillis);
    String to = toMillis == Long.MAX_VALUE ? "" : "before " + java.time.Instant.ofEpochMilli(toMillis);
    return (from + " " + to).strip();
  }

  /** Where a request falls: {@code null} inside, else the reason it is left out. */
  Outcome place(RequestEvent e) {
    return place(e.wallMillis());
  }

  /** Where a pause falls: {@code null} inside, else the reason it is left out. */
  Outcome place(PauseEvent e) {
    return place(wallMillis(e, jvmStartMillis));
  }

  /** Whether a concurrent cycle ended inside the window (its line stays counted as it was). */
  boolean holds(HeapCycleEvent e) {
    return place(e) == null;
  }

  /** Why a concurrent cycle is left out, as {@link #place(PauseEvent)}; null when it is kept. */
  Outcome place(HeapCycleEvent e) {
    long wall = e.wallMillis();
    if (!Times.isSet(wall) && Times.isSet(e.uptimeMillis()) && Times.isSet(jvmStartMillis)) {
      wall = jvmStartMillis + e.uptimeMillis();
    }
    return place(wall);
  }

  /** A pause's time on the wall clock: its datestamp, else the JVM's start plus its uptime. */
  public static long wallMillis(PauseEvent e, long jvmStartMillis) {
    if (Times.isSet(e.wallMillis()) || !Times.isSet(e.uptimeMillis())
        || !Times.isSet(jvmStartMillis)) {
      return e.wallMillis();
    }
    return jvmStartMillis + e.uptimeMillis();
  }

  private Outcome place(long wallMillis) {
    if (!Times.isSet(wallMillis)) {
      return UNPLACED;
    }
    return wallMillis >= fromMillis && wallMillis < toMillis ? null : OUTSIDE;
  }
}
