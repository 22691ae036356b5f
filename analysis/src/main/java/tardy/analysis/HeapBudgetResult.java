package tardy.analysis;

import java.util.Optional;

/**
 * A heap budget judged on one JVM run: {@code throughput} (a share, at least the limit) or
 * {@code allocation_rate} (bytes per second, at most the limit). With {@link Verdict#NO_DATA}
 * the logs had no run that shows the figure ({@code run} is 0, {@code actual} empty): a check
 * never passes on that.
 *
 * @param budget {@code "throughput"} or {@code "allocation_rate"}
 * @param run the JVM run's place in the logs, from 1; 0 with no data
 * @param runs how many runs the logs hold
 * @param limit the requirement's minimum share or maximum bytes per second
 * @param actual the run's figure
 */
public record HeapBudgetResult(String budget, int run, int runs, double limit,
    Optional<Double> actual, Verdict verdict) {

  public static final String THROUGHPUT = "throughput";
  public static final String ALLOCATION_RATE = "allocation_rate";

  /** Whether the budget is a floor (throughput) rather than a ceiling. */
  public boolean isMin() {
    return budget.equals(THROUGHPUT);
  }
}
