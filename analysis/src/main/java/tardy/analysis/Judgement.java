package tardy.analysis;

import java.util.List;

/**
 * A group judged against its requirement: the category, every budget's result, the verdict and
 * the Apdex score with its target T (the category's limit). The score is NaN and T 0 when the
 * category has no limit to take T from. {@code optional}: the requirement may match nothing
 * without failing the check.
 */
public record Judgement(String category, Verdict verdict, List<BudgetResult> budgets, double apdex,
    long apdexTargetNanos, boolean optional) {

  public Judgement {
    budgets = List.copyOf(budgets);
  }

  /** Whether this judgement fails the check: a failed budget, or no data where data was required. */
  public boolean fails() {
    return verdict == Verdict.FAIL || verdict == Verdict.NO_DATA && !optional;
  }

  public boolean hasApdex() {
    return !Double.isNaN(apdex);
  }
}
