package tardy.classify;

import java.util.List;
import java.util.Optional;
import tardy.classify.budget.Verdict;
import tardy.classify.timeline.Correlation;
import tardy.classify.findings.Finding;

/**
 * The immutable result of one run, everything a renderer shows: the inputs' accounting, the total,
 * one summary per group (largest count first), notes a reader must see, and for {@code check} the
 * verdict.
 *
 * @param kind what the events were
 * @param foldedGroups distinct groups folded into {@value Recorder#OTHER} past the cap
 * @param stoppedShare for pauses, the share of the logged time the application stood still
 *     (empty when the log's timestamps do not allow it)
 * @param findings likely causes of the pauses, with their evidence, most stopped time first
 * @param timeline requests and JVM pauses on one clock, when the run has both
 */
public record Analysis(
    String tool,
    List<InputSummary> inputs,
    Kind kind,
    Summary total,
    List<Summary> groups,
    long foldedGroups,
    int maxGroups,
    Optional<Double> stoppedShare,
    List<String> notes,
    Optional<Verdict> verdict,
    List<Finding> findings,
    Optional<Correlation> timeline) {

  /** What kind of events an analysis holds. */
  public enum Kind {
    NONE,
    REQUESTS,
    PAUSES,
    MIXED
  }

  public Analysis {
    inputs = List.copyOf(inputs);
    groups = List.copyOf(groups);
    notes = List.copyOf(notes);
    findings = List.copyOf(findings);
  }

  public Analysis withJudged(List<Summary> judgedGroups, Verdict overall) {
    return new Analysis(tool, inputs, kind, total, judgedGroups, foldedGroups, maxGroups,
        stoppedShare, notes, Optional.of(overall), findings, timeline);
  }

  /** The same analysis with one more note for the reader. */
  public Analysis withNote(String note) {
    List<String> more = new java.util.ArrayList<>(notes);
    more.add(note);
    return new Analysis(tool, inputs, kind, total, groups, foldedGroups, maxGroups, stoppedShare,
        more, verdict, findings, timeline);
  }

  /** The same analysis with the requests and pauses put on one clock. */
  public Analysis withTimeline(Correlation correlation) {
    return new Analysis(tool, inputs, kind, total, groups, foldedGroups, maxGroups, stoppedShare,
        notes, verdict, findings, Optional.of(correlation));
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
      case INSUFFICIENT -> 1;
      case PASS -> 2;
    };
  }

  /** How many groups were judged, and the names of those that failed, in group order. */
  public Judged judged() {
    List<String> failed = groups.stream()
        .filter(s -> s.judgement() != null && s.judgement().verdict() == Verdict.FAIL)
        .map(Summary::key).toList();
    int judged = (int) groups.stream().filter(s -> s.judgement() != null).count();
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
