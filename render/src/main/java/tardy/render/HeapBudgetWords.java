package tardy.render;

import tardy.analysis.HeapBudgetResult;
import tardy.analysis.Verdict;

/** What the table and the HTML page say of a heap budget, said once. */
public final class HeapBudgetWords {

  private HeapBudgetWords() {}

  /** "run 2", or "all runs" when the budget had no data. */
  public static String run(HeapBudgetResult r) {
    return r.verdict() == Verdict.NO_DATA ? "-" : r.runs() > 1 ? "run " + r.run() : "the run";
  }

  /** "min 95.00%", "max 954MiB/s". */
  public static String limit(HeapBudgetResult r) {
    return r.isMin() ? "min " + HeapWords.percent(r.limit()) : "max " + rate(r.limit());
  }

  /** The run's figure, or "-" without one. */
  public static String actual(HeapBudgetResult r) {
    return r.actual().map(a -> r.isMin() ? HeapWords.percent(a) : rate(a)).orElse("-");
  }

  /** What a budget without data means, for the line under it. */
  public static String noData(HeapBudgetResult r) {
    return r.isMin()
        ? "no JVM run with two timed GC pauses that print the heap: the throughput is unknown"
        : "no JVM run with two heap transitions apart in time: the allocation rate is unknown";
  }

  private static String rate(double bytesPerSecond) {
    return HeapWords.bytes(Math.round(bytesPerSecond)) + "/s";
  }
}
