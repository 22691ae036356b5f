package tardy.analysis;

import tardy.analysis.requirements.Budget;
import tardy.analysis.requirements.OperationPattern;
import tardy.analysis.requirements.Requirement;
import tardy.analysis.requirements.Requirements;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.HdrHistogram.AbstractHistogram;
import tardy.analysis.Analysis;
import tardy.analysis.Summary;
import tardy.events.Counts;
import tardy.events.Family;
import tardy.analysis.Correlator;
import tardy.analysis.findings.Findings;
import tardy.analysis.heap.HeapThresholds;
import tardy.analysis.slo.ErrorBudget;
import tardy.analysis.slo.ErrorBudgets;
import tardy.record.clock.Span;

/**
 * Judges an analysis against requirements. Every number a check shows is computed here, once;
 * renderers only format it.
 *
 * <p>Precision: a percentile is the value HdrHistogram reports, the highest value equivalent to
 * the recorded one at 3 significant digits. A value recorded exactly at the limit can therefore
 * come back slightly above it; a budget passes when the measured value is equivalent to or below
 * the limit ({@code actual ≤ highestEquivalentValue(limit)}), and the count over the limit uses
 * the same buckets.
 */
public final class Judge {

  private Judge() {}

  public static Analysis judge(Analysis analysis, Requirements requirements) {
    return judge(analysis, requirements, analysis);
  }

  /**
   * The same, the error budgets counted from {@code budgetsFrom}: a live run judges its window's
   * percentiles, but an objective's window is days long and takes every line read since the start.
   */
  public static Analysis judge(Analysis analysis, Requirements requirements, Analysis budgetsFrom) {
    List<Summary> judged = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    int unjudged = 0;
    for (Summary s : analysis.groups()) {
      seen.add(s.key());
      Optional<Requirement> r = requirements.byName(s.key()).or(requirements::unmatched);
      Judgement j = r.filter(Requirement::judged).map(req -> judgement(s, req)).orElse(null);
      unjudged += r.isEmpty() ? 1 : 0;
      judged.add(j == null ? s : s.withJudgement(j));
    }
    List<String> noData = new ArrayList<>();
    for (Requirement r : requirements.operations()) {
      if (seen.add(r.name())) { // matched no event: judged as such, whatever its budgets
        Summary empty = Summary.empty(r.name(), familyOf(r, analysis));
        judged.add(empty.withJudgement(judgement(empty, r)));
        noData.add(r.optional() ? r.name() + " (optional)" : r.name());
      }
    }
    // a table keeps no time span: its counts keep the last request's time apart
    List<ErrorBudget> budgets = ErrorBudgets.of(requirements.operations(),
        budgetsFrom.objectiveCounts(), budgetsFrom.spanOf(Family.REQUEST).map(Span::lastMillis)
            .or(budgetsFrom.objectiveCounts()::knownEnd));
    List<HeapBudgetResult> heap = HeapJudge.judge(analysis.heap(), requirements.heap());
    boolean fails = judged.stream().anyMatch(s -> s.judgement() != null && s.judgement().fails())
        || budgets.stream().anyMatch(ErrorBudget::fails) || HeapJudge.fails(heap);
    Analysis result = analysis.withJudged(judged, fails ? Verdict.FAIL : Verdict.PASS);
    if (!budgets.isEmpty()) {
      result = result.withErrorBudgets(budgets, fails ? Verdict.FAIL : Verdict.PASS);
    }
    if (!heap.isEmpty() || !requirements.heap().thresholds().equals(HeapThresholds.DEFAULTS)) {
      result = result.withHeapBudgets(heap, Findings.withHeapThresholds(analysis.findings(),
          analysis.heap(), analysis.sysShares(), stoppedNanos(analysis), requirements.heap().thresholds(),
          analysis.inputs().stream().map(tardy.record.InputSummary::source).toList()),
          fails ? Verdict.FAIL : Verdict.PASS);
    }
    if (analysis.timeline().isPresent()) { // slow now means over the budget, not over the p99
      result = result.withTimeline(Correlator.rejudged(analysis.timeline().get(), judged));
    }
    if (!noData.isEmpty()) {
      result = result.withNote(Counts.of(noData.size(), "requirement matches", "requirements match")
          + " no request or pause: " + String.join(", ", noData) + ". A requirement that matches"
          + " nothing fails the check (a typo in 'request:' or 'pause:', or the wrong log?);"
          + " mark one that may see no traffic 'optional: true'.");
    }
    if (unjudged > 0) {
      result = result.withNote(Counts.of(unjudged, "operation matches", "operations match")
          + " no requirement and " + Counts.word(unjudged, "is", "are") + " reported, not judged"
          + " (add 'unmatched: { category: … }' to judge them).");
    }
    return result;
  }

  /** The stopped time the findings share out: the safepoints' when logged, else the GC pauses'. */
  private static long stoppedNanos(Analysis analysis) {
    return analysis.totalOf(Family.SAFEPOINT).or(() -> analysis.totalOf(Family.GC_PAUSE))
        .map(Summary::sumNanos).orElse(0L);
  }

  /** A pause requirement that matched nothing belongs to the log's GC pauses, else its safepoints. */
  private static Family familyOf(Requirement r, Analysis analysis) {
    if (r.pattern() instanceof OperationPattern.Request) {
      return Family.REQUEST;
    }
    return analysis.families().contains(Family.GC_PAUSE) || !analysis.families().contains(Family.SAFEPOINT)
        ? Family.GC_PAUSE : Family.SAFEPOINT;
  }

  static Judgement judgement(Summary s, Requirement r) {
    List<BudgetResult> results = new ArrayList<>();
    for (Budget b : r.budgets()) {
      results.add(budget(s, b));
    }
    Verdict verdict = s.count() == 0 ? Verdict.NO_DATA
        : Verdict.combine(results.stream().map(BudgetResult::verdict).toList());
    return new Judgement(r.category(), verdict, results, Apdex.score(s, r.apdexTargetNanos()),
        r.apdexTargetNanos(), r.optional());
  }

  static BudgetResult budget(Summary s, Budget b) {
    AbstractHistogram h = s.histogram();
    long actual;
    if (s.count() == 0) {
      actual = 0;
    } else if (b.isMax()) {
      actual = s.maxNanos(); // exact, not the bucket's top
    } else {
      // the bucket's top may lie above the largest value recorded: never report more than that
      actual = Math.min(h.getValueAtPercentile(b.percentileValue()), s.maxNanos());
    }
    long within = s.count() == 0 ? 0 : h.getCountBetweenValues(0, b.limitNanos());
    long over = s.count() - within;
    Verdict verdict;
    if (s.count() < b.requiredSamples()) {
      verdict = Verdict.INSUFFICIENT;
    } else {
      verdict = withinLimit(h, actual, b.limitNanos()) ? Verdict.PASS : Verdict.FAIL;
    }
    return new BudgetResult(b.percentile(), b.limitNanos(), actual, b.requiredSamples(), over,
        verdict);
  }

  /** Within when at or below the limit, or in the same 3-significant-digit bucket as it. */
  static boolean withinLimit(AbstractHistogram h, long actual, long limit) {
    return actual <= limit || actual <= h.highestEquivalentValue(limit);
  }
}
