package tardy.cli;

import java.util.List;
import java.util.Optional;
import tardy.analysis.Analysis;
import tardy.record.InputSummary;
import tardy.analysis.Summary;
import tardy.record.window.TimeWindow;
import tardy.analysis.BudgetResult;
import tardy.analysis.requirements.Requirements;
import tardy.analysis.Verdict;
import tardy.events.Counts;
import tardy.events.Outcome;

/**
 * Why a check judged nothing, which it must never call a pass: no budget passed or failed on
 * events, whatever the cause (an empty input, a --from/--to window that left every line out,
 * requirements that are all optional, or only an 'unmatched' without budgets, budgets that all
 * had too few samples). A requirement that matched nothing is judged (NO DATA), but on no event:
 * it is no evidence that anything passed.
 */
final class NothingJudged {

  private NothingJudged() {}

  /** The reason in words, or empty when at least one budget was judged on events. */
  static Optional<String> why(Analysis judged, Requirements requirements) {
    if (judged.errorBudgets().stream().anyMatch(b -> b.total() > 0)) {
      return Optional.empty(); // an objective was judged on events in its window
    }
    if (judged.heapBudgets().stream().anyMatch(b -> b.verdict() == Verdict.PASS
        || b.verdict() == Verdict.FAIL)) {
      return Optional.empty(); // a JVM run was judged by its heap budgets
    }
    Summary most = null; // the judged group with the most events, for the words
    for (Summary s : judged.groups()) {
      if (s.judgement() == null || s.count() == 0) {
        continue;
      }
      if (s.judgement().budgets().stream().anyMatch(b -> b.verdict() == Verdict.PASS
          || b.verdict() == Verdict.FAIL)) {
        return Optional.empty();
      }
      if (most == null || s.count() > most.count()) {
        most = s;
      }
    }
    if (most != null) { // events met budgets, every one short of its samples
      BudgetResult least = most.judgement().budgets().stream()
          .min(java.util.Comparator.comparingLong(BudgetResult::requiredSamples)).orElseThrow();
      return Optional.of("every budget had too few samples (the most any requirement met: "
          + most.key() + ", " + Counts.of(most.count(), "event") + ", where " + least.label()
          + " needs " + Counts.grouped(least.requiredSamples()) + ")");
    }
    long events = judged.totals().stream().mapToLong(Summary::count).sum();
    if (judged.lines() == 0) {
      return Optional.of(judged.inputs().size() == 1 ? "the input has no lines"
          : "none of the " + judged.inputs().size() + " inputs has a line");
    }
    if (events == 0) {
      long left = count(judged.inputs(), TimeWindow.OUTSIDE) + count(judged.inputs(), TimeWindow.UNPLACED);
      if (left > 0) {
        return Optional.of("--from/--to left out every request and pause ("
            + Counts.of(left, "line") + " outside it)");
      }
      return Optional.of("no request or pause was read from " + Counts.of(judged.lines(), "line"));
    }
    String unmatched = requirements.unmatched()
        .map(u -> u.judged() ? "" : "; 'unmatched' is category " + u.category()
            + ", which sets no limit and no budgets")
        .orElse("; add 'unmatched: { category: … }' to judge the others");
    return Optional.of("none of the " + Counts.of(events, "request or pause", "requests and pauses")
        + " met a requirement with a budget" + unmatched);
  }

  private static long count(List<InputSummary> inputs, Outcome outcome) {
    return inputs.stream().flatMap(in -> in.reasons().stream())
        .filter(r -> r.reason().equals(outcome.reason()))
        .mapToLong(InputSummary.Reason::count).sum();
  }
}
