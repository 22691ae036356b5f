package tardy.analysis.compare;

/**
 * One regression budget against one operation's change.
 *
 * @param change null when the operation is not on both sides
 */
public record BudgetCheck(OperationChange operation, RegressionBudget budget, Change change,
    Outcome outcome) {

  /** What the budget says of the change. */
  public enum Outcome {
    /** Significantly slower, by more than the budget allows. */
    FAIL,
    /** Significantly slower, within the budget. */
    WITHIN,
    /** No significant increase: not judged against the budget (faster, or no significant change). */
    NO_REGRESSION,
    /** Too few values on a side to say: neither passes nor fails. */
    INSUFFICIENT;

    public String word() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }

    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }
}
