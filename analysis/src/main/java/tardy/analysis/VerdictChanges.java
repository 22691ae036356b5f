package tardy.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tardy.analysis.Analysis;
import tardy.analysis.Summary;
import tardy.analysis.BudgetResult;
import tardy.analysis.Judgement;
import tardy.analysis.Verdict;

/**
 * Each budget's verdict from one judged window to the next: what {@code check --follow} says as it
 * happens. A requirement judged without budgets (no data) is followed by its own verdict.
 */
public final class VerdictChanges {

  /**
   * One budget whose verdict changed.
   *
   * @param budget {@code p99}, {@code max}; empty for a requirement's own verdict
   * @param from null on the first window judged
   * @param budgetResult null for a requirement's own verdict
   */
  public record Change(String key, String budget, Verdict from, Verdict to,
      BudgetResult budgetResult, long count) {}

  private final Map<String, Verdict> last = new HashMap<>();

  /** The changes since the previous judged window (every verdict, the first time). */
  public List<Change> next(Analysis judged) {
    List<Change> changes = new ArrayList<>();
    for (Summary s : judged.groups()) {
      Judgement j = s.judgement();
      if (j == null) {
        continue;
      }
      if (j.budgets().isEmpty()) {
        see(changes, s, "", j.verdict(), null);
      }
      for (BudgetResult b : j.budgets()) {
        see(changes, s, b.label(), b.verdict(), b);
      }
    }
    return changes;
  }

  private void see(List<Change> changes, Summary s, String budget, Verdict now, BudgetResult b) {
    Verdict before = last.put(s.key() + '\u0000' + budget, now);
    if (before != now) {
      changes.add(new Change(s.key(), budget, before, now, b, s.count()));
    }
  }
}
