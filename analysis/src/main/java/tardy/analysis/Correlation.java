package tardy.analysis;

import tardy.record.pause.PauseIndex;

import java.util.List;
import java.util.Optional;
import tardy.record.histogram.Percentiles;

/**
 * Requests and JVM pauses on one clock: per operation, how many requests overlapped a pause and
 * what its percentiles are without them; per pause kind, how many requests it stalled.
 *
 * @param toleranceNanos the alignment error allowed between a request and a pause
 * @param requestResolutionMillis the coarsest resolution of the requests' times (1000: seconds)
 * @param pausesPlaced pauses on the wall clock, of both families
 * @param stops the JVM's stops among them: a GC pause inside a safepoint is that safepoint's
 * @param pausesUnplaced pauses with uptime only and no start time (or after a JVM restart)
 * @param requestsUnplaced requests whose line has no time
 * @param operations one row per operation that has requests, in the report's order
 * @param kinds one row per pause kind, safepoints first, then most requests stalled first
 * @param headline the operation whose slow requests overlapped pauses most, if any did
 * @param pauses the pauses themselves, on the wall clock, sorted by start
 */
public record Correlation(
    long toleranceNanos,
    int requestResolutionMillis,
    long pausesPlaced,
    long stops,
    long pausesUnplaced,
    long requestsUnplaced,
    List<Operation> operations,
    List<Kind> kinds,
    Optional<Operation> headline,
    PauseIndex pauses) {

  public Correlation {
    operations = List.copyOf(operations);
    kinds = List.copyOf(kinds);
  }

  /**
   * One operation against the pauses.
   *
   * @param slowNanos what "slow" means for it: its strictest budget's limit in check, else its p99
   * @param slowFrom {@code "budget"} or {@code "p99"}
   * @param slow requests slower than {@code slowNanos}
   * @param slowOverlapped of those, the ones that overlapped a pause
   * @param without the percentiles of the requests that overlapped no pause
   * @param pauses per pause kind the operation's requests met: how many met it, the longest one
   * @param intervals per interval of the pauses' span: the requests that ended in it, their max
   */
  public record Operation(String key, long count, long overlapped, long slowNanos, String slowFrom,
      long slow, long slowOverlapped, Percentiles with, Percentiles without, List<Met> pauses,
      List<Interval> intervals) {
    public Operation {
      pauses = List.copyOf(pauses);
      intervals = List.copyOf(intervals);
    }

    /** The share of slow requests that overlapped a pause, 0 when none was slow. */
    public double slowShare() {
      return slow == 0 ? 0 : (double) slowOverlapped / slow;
    }
  }

  /**
   * One interval of the pauses' span: the requests that ended in it, their largest latency and
   * their percentiles (empty when none ended in it, or when a run with very many operations left
   * the interval histograms out).
   */
  public record Interval(long startEpochNanos, long count, long maxNanos,
      Optional<Percentiles> percentiles) {}

  /**
   * Requests of one operation that met pauses of one kind, and the longest such pause.
   *
   * @param family {@code safepoint} or {@code gc-pause}, as JSON names families
   */
  public record Met(String kind, String family, long requests, long longestStartEpochNanos,
      long longestNanos) {}

  /**
   * One pause kind: its placed pauses, their time, and the requests they stalled.
   *
   * @param family {@code safepoint} or {@code gc-pause}, as JSON names families
   */
  public record Kind(String kind, String family, long pauses, long stoppedNanos, long requests) {}
}
