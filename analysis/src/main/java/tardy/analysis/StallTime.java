package tardy.analysis;

import java.util.List;
import tardy.events.Family;

/**
 * One kind of stall (ZGC's {@code Allocation Stall}, {@code Relocation Stall}) and the time it
 * held threads, which no throughput holds: a stall stops the one thread that waits for memory,
 * while the throughput counts the time the whole application was stopped. The heap section says
 * so beside the throughput wherever stalls were seen.
 *
 * @param kind the stall kind as the log names it
 * @param count how many stalls of it
 * @param nanos their durations added up: threads' time, which may overlap in wall time
 */
public record StallTime(String kind, long count, long nanos) {

  /**
   * The stalls of a report whose heap section is shown, kind by kind as the stall table lists
   * them; empty without a heap section or without stalls. They are the whole input's: a stall
   * is not placed in a JVM run.
   */
  public static List<StallTime> of(Analysis a) {
    if (a.heap().isEmpty()) {
      return List.of();
    }
    return a.groupsOf(Family.STALL).stream()
        .map(s -> new StallTime(s.key(), s.count(), s.sumNanos())).toList();
  }

  /** The stalls of all kinds. */
  public static long count(List<StallTime> stalls) {
    return stalls.stream().mapToLong(StallTime::count).sum();
  }

  /** Their time, added up. */
  public static long nanos(List<StallTime> stalls) {
    return stalls.stream().mapToLong(StallTime::nanos).sum();
  }
}
