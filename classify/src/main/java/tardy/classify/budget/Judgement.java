package tardy.classify.budget;

import java.util.List;

/**
 * A group judged against its requirement: the category, every budget's result, the verdict and
 * the Apdex score with its target T (the category's limit). The score is NaN and T 0 when the
 * category has no limit to take T from.
 */
public record Judgement(String category, Verdict verdict, List<BudgetResult> budgets, double apdex,
    long apdexTargetNanos) {

  public Judgement {
    budgets = List.copyOf(budgets);
  }

  public boolean hasApdex() {
    return !Double.isNaN(apdex);
  }
}
