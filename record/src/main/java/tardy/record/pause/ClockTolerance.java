package tardy.record.pause;

/**
 * How far the wall-clock times of requests and pauses may be off, the one place that knows it.
 * An overlap counts only when a request and a pause meet wherever within these errors they
 * really were: a request must overlap a pause by more than the alignment error to count.
 *
 * <ul>
 *   <li>A request's line time is truncated to its resolution: {@code $msec} to the millisecond,
 *       {@code $time_local} and {@code $time_iso8601} to the second; so its end lies up to the
 *       resolution after it. nginx reads both ends from its cached clock and rounds
 *       {@code $request_time} to the millisecond: one more millisecond on each side.
 *   <li>A JVM log's time is truncated to the millisecond, and the JVM prints a pause's line
 *       just after it lets the threads go (a backend thread was seen to run 19 us before the
 *       line's time): one millisecond on each side of a pause.
 * </ul>
 */
public final class ClockTolerance {

  /** nginx's cached clock and {@code $request_time}'s millisecond rounding. */
  public static final long REQUEST_START_NANOS = 1_000_000L;

  /** On each side of a pause: the JVM's times are printed in milliseconds, truncated. */
  public static final long PAUSE_NANOS = 1_000_000L;

  /**
   * More on each side of a pause placed by a line of its log that gives both a wall-clock time
   * and the uptime: each of the two is truncated to the millisecond.
   */
  public static final long ANCHOR_NANOS = 1_000_000L;

  private ClockTolerance() {}

  /** How much later than its line's time a request may have ended. */
  public static long requestEndNanos(int resolutionMillis) {
    return (resolutionMillis + 1L) * 1_000_000L;
  }

  /** The whole error of one request-pause alignment, to state in a report. */
  public static long alignmentNanos(int resolutionMillis) {
    return requestEndNanos(resolutionMillis) + REQUEST_START_NANOS + 2 * PAUSE_NANOS;
  }
}
