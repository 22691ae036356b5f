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
 * @param slo its service-level objective, the operation's own or its category's; empty: none
 */
public record Requirement(String name, OperationPattern pattern, String category,
    List<Budget> budgets, long apdexTargetNanos, boolean optional,
    java.util.Optional<Slo> slo) {

  public Requirement {
    budgets = List.copyOf(budgets);
  }

  public Requirement(String name, OperationPattern pattern, String category,
      List<Budget> budgets, long apdexTargetNanos, boolean optional) {
    this(name, pattern, category, budgets, apdexTargetNanos, optional, java.util.Optional.empty());
  }

  /** The same, judged by that objective too (null: none). */
  public Requirement withSlo(Slo objective) {
    return new Requirement(name, pattern, category, budgets, apdexTargetNanos, optional,
        java.util.Optional.ofNullable(objective));
  }

  /** Whether anything is judged: a category without limits and no budgets is only reported. */
  public boolean judged() {
    return !budgets.isEmpty();
  }
}
