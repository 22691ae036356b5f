package tardy.classify;

import java.util.List;
import java.util.Optional;
import tardy.classify.budget.Verdict;

/**
 * The immutable result of one run, everything a renderer shows: the inputs' accounting, the total,
 * one summary per group (largest count first), notes a reader must see, and for {@code check} the
 * verdict.
 *
 * @param kind what the events were
 * @param foldedGroups distinct groups folded into {@value Recorder#OTHER} past the cap
 * @param stoppedShare for pauses, the share of the logged time the application stood still
 *     (empty when the log's timestamps do not allow it)
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
    Optional<Verdict> verdict) {

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
  }

  public Analysis withJudged(List<Summary> judgedGroups, Verdict overall) {
    return new Analysis(tool, inputs, kind, total, judgedGroups, foldedGroups, maxGroups,
        stoppedShare, notes, Optional.of(overall));
  }

  /** The same analysis with one more note for the reader. */
  public Analysis withNote(String note) {
    List<String> more = new java.util.ArrayList<>(notes);
    more.add(note);
    return new Analysis(tool, inputs, kind, total, groups, foldedGroups, maxGroups, stoppedShare,
        more, verdict);
  }

  public long lines() {
    return inputs.stream().mapToLong(InputSummary::lines).sum();
  }
}
