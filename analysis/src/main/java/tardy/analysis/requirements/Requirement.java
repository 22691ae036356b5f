package tardy.analysis.requirements;

import java.util.List;

/**
 * One operation of the requirements file, its budgets resolved: the category's (its limit as the
 * p90 budget), then the operation's own added or overriding.
 *
 * @param pattern null for the requirement of unmatched operations
 * @param budgets in percentile order; empty when nothing is to be judged (e.g. {@code slow})
 * @param apdexTargetNanos the category's limit, 0 when it has none
 * @param optional whether the requirement may match no event without failing the check
 */
public record Requirement(String name, OperationPattern pattern, String category,
    List<Budget> budgets, long apdexTargetNanos, boolean optional) {

  public Requirement {
    budgets = List.copyOf(budgets);
  }

  /** Whether anything is judged: a category without limits and no budgets is only reported. */
  public boolean judged() {
    return !budgets.isEmpty();
  }
}
