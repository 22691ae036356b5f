package tardy.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import tardy.analysis.heap.HeapRun;
import tardy.analysis.requirements.HeapBudgets;

/**
 * Judges each JVM run of the logs against the requirements' heap budgets. A run that does not
 * show a figure (one timed pause, no two heap transitions apart in time) is not judged on it;
 * when no run shows it, the budget is {@link Verdict#NO_DATA}, which fails: logs without the
 * heap (a safepoint log, ZGC's) are no evidence that the heap is within its budget.
 */
final class HeapJudge {

  private HeapJudge() {}

  static List<HeapBudgetResult> judge(List<HeapRun> runs, HeapBudgets budgets) {
    List<HeapBudgetResult> out = new ArrayList<>();
    budgets.throughputMin().ifPresent(min -> out.addAll(judge(runs,
        HeapBudgetResult.THROUGHPUT, min, HeapRun::throughput, true)));
    budgets.allocationMaxBytesPerSecond().ifPresent(max -> out.addAll(judge(runs,
        HeapBudgetResult.ALLOCATION_RATE, max,
        r -> r.heap().flatMap(HeapRun.Heap::allocationBytesPerSecond), false)));
    return out;
  }

  private static List<HeapBudgetResult> judge(List<HeapRun> runs, String budget, double limit,
      Function<HeapRun, Optional<Double>> figure, boolean floor) {
    List<HeapBudgetResult> out = new ArrayList<>();
    for (HeapRun r : runs) {
      Optional<Double> actual = figure.apply(r);
      if (actual.isPresent()) {
        boolean within = floor ? actual.get() >= limit : actual.get() <= limit;
        out.add(new HeapBudgetResult(budget, r.run(), runs.size(), limit, actual,
            within ? Verdict.PASS : Verdict.FAIL));
      }
    }
    if (out.isEmpty()) {
      out.add(new HeapBudgetResult(budget, 0, runs.size(), limit, Optional.empty(),
          Verdict.NO_DATA));
    }
    return out;
  }

  /** Whether any result fails the check: a failed budget, or one without data. */
  static boolean fails(List<HeapBudgetResult> results) {
    return results.stream().anyMatch(r -> r.verdict() == Verdict.FAIL
        || r.verdict() == Verdict.NO_DATA);
  }
}
