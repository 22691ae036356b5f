package tardy.analysis.compare;

import java.util.List;
import java.util.Optional;
import tardy.analysis.Analysis;
import tardy.analysis.Verdict;

/**
 * Two runs side by side: every operation of either, its percentiles on both sides and whether
 * each change is significant; the regression budgets' results when a gate was asked.
 *
 * @param alpha the significance level of every test
 * @param operations per family in {@link tardy.events.Family} order, the totals first, then the
 *     operations on both sides by after's count, then new, then gone
 * @param budgets the judged budgets in operation order; empty without a gate
 * @param verdict empty without a gate
 * @param beforeTable the table and slice the before side read; empty when it read logs or a
 *     saved result
 * @param afterTable the same of the after side
 */
public record Comparison(String tool, Analysis before, Analysis after, double alpha,
    List<OperationChange> operations, List<BudgetCheck> budgets, Optional<Verdict> verdict,
    Optional<TableSlice> beforeTable, Optional<TableSlice> afterTable) {

  public Comparison {
    operations = List.copyOf(operations);
    budgets = List.copyOf(budgets);
  }

  public Comparison judged(List<BudgetCheck> checks, Verdict overall) {
    return new Comparison(tool, before, after, alpha, operations, checks, Optional.of(overall),
        beforeTable, afterTable);
  }

  /** The same comparison, its sides said to be these slices of histogram tables. */
  public Comparison ofTables(TableSlice before, TableSlice after) {
    return new Comparison(tool, this.before, this.after, alpha, operations, budgets, verdict,
        Optional.of(before), Optional.of(after));
  }

  /** The percentiles compared: those a budget may name, and the max (shown, never tested). */
  public static final List<String> LABELS = List.of("50", "90", "99", "99.9", "100");
}
