package tardy.analysis;

import tardy.record.InputSummary;

import tardy.record.clock.Span;

import java.util.List;
import java.util.Optional;
import tardy.analysis.Verdict;
import tardy.events.Family;
import tardy.analysis.Correlation;
import tardy.analysis.findings.Finding;
import tardy.analysis.heap.HeapRun;
import tardy.analysis.slo.ErrorBudget;
import tardy.record.evidence.SysShares;
import tardy.record.objective.ObjectiveCounts;

/**
 * The immutable result of one run, everything a renderer shows: the inputs' accounting, one
 * summary per group (family by family, largest count first in each), one total per family (never
 * one across families: a request latency and a JVM pause do not add up), notes a reader must see,
 * and for {@code check} the verdict.
 *
 * @param kind what the events were
 * @param totals the {@code (total)} of each family present, in {@link Family} order
 * @param foldedGroups distinct groups folded into {@value Recorder#OTHER} past the cap
 * @param stoppedShare for pauses, the share of the logged time the application stood still
 *     (empty when the log's timestamps do not allow it)
 * @param findings likely causes of the pauses, with their evidence, most stopped time first
 * @param timeline requests and JVM pauses on one clock, when the run has both
 * @param spans per family whose events had a wall-clock time, the time they cover and their rate
 * @param heap per JVM run, the heap and throughput its GC pauses show; empty when no GC pause
 *     logged a heap transition
 * @param objectiveCounts good and bad events per minute of the groups with an objective
 * @param errorBudgets for {@code check}, the error budget of each requirement with an objective
 * @param heapBudgets for {@code check}, the heap budgets judged on each JVM run
 * @param sysShares the GC pauses with sys CPU by its share of user + sys, from which a check
 *     decides the kernel-time finding at its requirements' threshold
 * @param slowestRequests per request row's key (and the requests' total's), its slowest requests,
 *     slowest first
 */
public record Analysis(
    String tool,
    List<InputSummary> inputs,
    Kind kind,
    List<Summary> totals,
    List<Summary> groups,
    long foldedGroups,
    int maxGroups,
    Optional<Double> stoppedShare,
    List<String> notes,
    Optional<Verdict> verdict,
    List<Finding> findings,
    Optional<Correlation> timeline,
    List<Span> spans,
    List<HeapRun> heap,
    ObjectiveCounts objectiveCounts,
    List<ErrorBudget> errorBudgets,
    List<HeapBudgetResult> heapBudgets,
    SysShares sysShares,
    java.util.Map<String, List<SlowRequest>> slowestRequests) {

  /** What kind of events an analysis holds. */
  public enum Kind {
    NONE,
    REQUESTS,
    PAUSES,
    MIXED
  }

  public Analysis {
    inputs = List.copyOf(inputs);
    totals = List.copyOf(totals);
    groups = List.copyOf(groups);
    notes = List.copyOf(notes);
    findings = List.copyOf(findings);
    spans = List.copyOf(spans);
    heap = List.copyOf(heap);
    errorBudgets = List.copyOf(errorBudgets);
    heapBudgets = List.copyOf(heapBudgets);
    slowestRequests = java.util.Map.copyOf(slowestRequests);
  }

  /** An analysis before any heap budget is judged. */
  public Analysis(String tool, List<InputSummary> inputs, Kind kind, List<Summary> totals,
      List<Summary> groups, long foldedGroups, int maxGroups, Optional<Double> stoppedShare,
      List<String> notes, Optional<Verdict> verdict, List<Finding> findings,
      Optional<Correlation> timeline, List<Span> spans, List<HeapRun> heap,
      ObjectiveCounts objectiveCounts, List<ErrorBudget> errorBudgets) {
    this(tool, inputs, kind, totals, groups, foldedGroups, maxGroups, stoppedShare, notes, verdict,
        findings, timeline, spans, heap, objectiveCounts, errorBudgets, List.of(),
        new SysShares(), java.util.Map.of());
  }

  /** An analysis before any heap budget is judged, with the GC pauses' sys shares. */
  public Analysis(String tool, List<InputSummary> inputs, Kind kind, List<Summary> totals,
      List<Summary> groups, long foldedGroups, int maxGroups, Optional<Double> stoppedShare,
      List<String> notes, Optional<Verdict> verdict, List<Finding> findings,
      Optional<Correlation> timeline, List<Span> spans, List<HeapRun> heap,
      ObjectiveCounts objectiveCounts, List<ErrorBudget> errorBudgets, SysShares sysShares) {
    this(tool, inputs, kind, totals, groups, foldedGroups, maxGroups, stoppedShare, notes, verdict,
        findings, timeline, spans, heap, objectiveCounts, errorBudgets, List.of(), sysShares,
        java.util.Map.of());
  }

  /** The same analysis with the heap budgets judged and the findings their thresholds give. */
  public Analysis withHeapBudgets(List<HeapBudgetResult> judged, List<Finding> rethought,
      Verdict overall) {
    return new Analysis(tool, inputs, kind, totals, groups, foldedGroups, maxGroups,
        stoppedShare, notes, Optional.of(overall), rethought, timeline, spans, heap,
        objectiveCounts, errorBudgets, judged, sysShares,
        slowestRequests);
  }

  /** An analysis without heap figures or objectives. */
  public Analysis(String tool, List<InputSummary> inputs, Kind kind, List<Summary> totals,
      List<Summary> groups, long foldedGroups, int maxGroups, Optional<Double> stoppedShare,
      List<String> notes, Optional<Verdict> verdict, List<Finding> findings,
      Optional<Correlation> timeline, List<Span> spans) {
    this(tool, inputs, kind, totals, groups, foldedGroups, maxGroups, stoppedShare, notes, verdict,
        findings, timeline, spans, List.of(), new ObjectiveCounts(group -> null), List.of());
  }

  /** The same analysis with the error budgets judged, and the verdict they leave. */
  public Analysis withErrorBudgets(List<ErrorBudget> budgets, Verdict overall) {
    return new Analysis(tool, inputs, kind, totals, groups, foldedGroups, maxGroups,
        stoppedShare, notes, Optional.of(overall), findings, timeline, spans, heap,
        objectiveCounts, budgets, heapBudgets, sysShares,
        slowestRequests);
  }

  public Analysis withJudged(List<Summary> judgedGroups, Verdict overall) {
    return new Analysis(tool, inputs, kind, totals, judgedGroups, foldedGroups, maxGroups,
        stoppedShare, notes, Optional.of(overall), findings, timeline, spans, heap,
        objectiveCounts, errorBudgets, heapBudgets, sysShares,
        slowestRequests);
  }

  /** The same analysis with the slowest requests of its request rows. */
  public Analysis withSlowestRequests(java.util.Map<String, List<SlowRequest>> slowest) {
    return new Analysis(tool, inputs, kind, totals, groups, foldedGroups, maxGroups,
        stoppedShare, notes, verdict, findings, timeline, spans, heap, objectiveCounts,
        errorBudgets, heapBudgets, sysShares, slowest);
  }

  /** The same analysis with one more note for the reader. */
  public Analysis withNote(String note) {
    List<String> more = new java.util.ArrayList<>(notes);
    more.add(note);
    return new Analysis(tool, inputs, kind, totals, groups, foldedGroups, maxGroups, stoppedShare,
        more, verdict, findings, timeline, spans, heap, objectiveCounts, errorBudgets,
        heapBudgets, sysShares,
        slowestRequests);
  }

  /** The same analysis with the requests and pauses put on one clock. */
  public Analysis withTimeline(Correlation correlation) {
    return new Analysis(tool, inputs, kind, totals, groups, foldedGroups, maxGroups, stoppedShare,
        notes, verdict, findings, Optional.of(correlation), spans, heap, objectiveCounts,
        errorBudgets, heapBudgets, sysShares,
        slowestRequests);
  }

  /** The families present, in {@link Family} order: each gets its own tables and total. */
  public List<Family> families() {
    return totals.stream().map(Summary::family).toList();
  }

  /** The groups of one family, in the order of {@link #groups()}. */
  public List<Summary> groupsOf(Family family) {
    return groups.stream().filter(s -> s.family() == family).toList();
  }

  /** The span of one family's timed events; empty when none had a wall-clock time. */
  public Optional<Span> spanOf(Family family) {
    return spans.stream().filter(s -> s.family() == family).findFirst();
  }

  /** The {@code (total)} of one family; empty when the family is absent. */
  public Optional<Summary> totalOf(Family family) {
    return totals.stream().filter(s -> s.family() == family).findFirst();
  }

  /** The family whose pauses are the stopped time ({@link tardy.record.evidence.StoppedFamily}). */
  public Family stoppedFamily() {
    return tardy.record.evidence.StoppedFamily.of(
        totalOf(Family.SAFEPOINT).map(Summary::sumNanos).orElse(0L),
        totalOf(Family.GC_PAUSE).map(Summary::sumNanos).orElse(0L));
  }

  /**
   * The groups as a check shows them: failing first, then insufficient, passing, and groups no
   * requirement judges; in each, the order of {@link #groups()}.
   */
  public List<Summary> groupsFailingFirst() {
    return groups.stream().sorted(java.util.Comparator.comparingInt(Analysis::rank)).toList();
  }

  private static int rank(Summary s) {
    if (s.judgement() == null) {
      return 3;
    }
    return switch (s.judgement().verdict()) {
      case FAIL -> 0;
      case NO_DATA -> s.judgement().fails() ? 0 : 1;
      case INSUFFICIENT -> 1;
      case PASS -> 2;
    };
  }

  /** How many groups were judged, and the names of those that failed, in group order. */
  public Judged judged() {
    List<String> failed = new java.util.ArrayList<>(groups.stream()
        .filter(s -> s.judgement() != null && s.judgement().fails())
        .map(Summary::key).toList());
    for (ErrorBudget b : errorBudgets) { // a budget that passes still counts as one judged
      if (b.fails()) {
        failed.add(b.requirement() + " (error budget)");
      }
    }
    for (HeapBudgetResult h : heapBudgets) {
      if (h.verdict() == Verdict.FAIL || h.verdict() == Verdict.NO_DATA) {
        failed.add(h.budget() + (h.run() > 0 && h.runs() > 1 ? " of run " + h.run() : "")
            + (h.verdict() == Verdict.NO_DATA ? " (no data)" : ""));
      }
    }
    int judged = (int) groups.stream().filter(s -> s.judgement() != null).count()
        + errorBudgets.size() + heapBudgets.size();
    return new Judged(judged, failed);
  }

  /** The count of judged groups and the names of the failed ones. */
  public record Judged(int count, List<String> failed) {
    public Judged {
      failed = List.copyOf(failed);
    }
  }

  public long lines() {
    return inputs.stream().mapToLong(InputSummary::lines).sum();
  }
}
