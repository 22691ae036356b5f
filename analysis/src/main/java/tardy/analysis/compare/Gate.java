package tardy.analysis.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tardy.analysis.Verdict;

/**
 * Judges regression budgets against a comparison, only where the change is significant: a
 * difference the test cannot tell from noise fails no build, and one it can is held to the
 * budget. Fails when one budget fails; passes only when at least one budget was held against an
 * operation with enough values on both sides.
 */
public final class Gate {

  private Gate() {}

  /** The comparison with its budgets' checks and verdict; empty when nothing could be judged. */
  public static Optional<Comparison> judge(Comparison c, List<RegressionBudget> budgets) {
    List<BudgetCheck> checks = new ArrayList<>();
    for (OperationChange op : c.operations()) {
      if (op.presence() != OperationChange.Presence.BOTH) {
        continue; // new and gone operations have no change to hold to a budget
      }
      for (RegressionBudget b : budgets) {
        if (!b.appliesTo(op.key())) {
          continue;
        }
        Change change = op.change(b.label()).orElseThrow();
        checks.add(new BudgetCheck(op, b, change, outcome(change, b)));
      }
    }
    boolean judged = checks.stream().anyMatch(k -> k.outcome() != BudgetCheck.Outcome.INSUFFICIENT);
    boolean failed = checks.stream().anyMatch(k -> k.outcome() == BudgetCheck.Outcome.FAIL);
    if (!failed && !judged) {
      return Optional.empty();
    }
    return Optional.of(c.judged(checks, failed ? Verdict.FAIL : Verdict.PASS));
  }

  private static BudgetCheck.Outcome outcome(Change change, RegressionBudget b) {
    return switch (change.verdict()) {
      case INSUFFICIENT, UNTESTED -> BudgetCheck.Outcome.INSUFFICIENT;
      case SAME, FASTER -> BudgetCheck.Outcome.NO_REGRESSION;
      case SLOWER -> b.within(change.beforeNanos(), change.afterNanos())
          ? BudgetCheck.Outcome.WITHIN : BudgetCheck.Outcome.FAIL;
    };
  }
}
