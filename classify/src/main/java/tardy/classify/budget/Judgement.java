package tardy.classify.budget;

import java.util.List;

/**
 * A group judged against its requirement: the category, every budget's result, the verdict and
 * the Apdex score (NaN when the category has no limit to take T from).
 */
public record Judgement(String category, Verdict verdict, List<BudgetResult> budgets, double apdex) {

  public Judgement {
    budgets = List.copyOf(budgets);
  }
}
