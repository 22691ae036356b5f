package tardy.analysis.requirements;

import java.util.Optional;
import tardy.analysis.heap.HeapThresholds;

/**
 * A requirements file's {@code heap:} section: budgets each JVM run of the logs is judged by, and
 * the thresholds of the heap findings.
 *
 * @param throughputMin the least share of a run's time not stopped by GC pauses, 0 to 1
 *     ({@code throughput: { min: 95% }})
 * @param allocationMaxBytesPerSecond the most bytes a run may allocate per second ({@code
 *     allocation_rate: { max: 1GB/s }})
 * @param thresholds the findings' thresholds
 */
public record HeapBudgets(Optional<Double> throughputMin,
    Optional<Double> allocationMaxBytesPerSecond, HeapThresholds thresholds) {

  /** No heap budget, the findings' default thresholds: a file without {@code heap:}. */
  public static final HeapBudgets NONE = new HeapBudgets(Optional.empty(), Optional.empty(),
      HeapThresholds.DEFAULTS);

  /** Whether anything is judged. */
  public boolean judged() {
    return throughputMin.isPresent() || allocationMaxBytesPerSecond.isPresent();
  }
}
