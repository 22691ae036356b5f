package tardy.events;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Accounts for every line of one input: {@code lines = parsed + ignored + malformed}, always. Per
 * reason it keeps a count and the first few line numbers. Not thread-safe: one per chunk, added
 * together in input order.
 */
public final class ParseStats {

  /** How many line numbers are kept per reason. */
  public static final int FIRST_LINES_KEPT = 5;

  private long parsed;
  private long ignored;
  private long malformed;
  private final Map<Outcome, Reason> reasons = new LinkedHashMap<>();

  /** One reason: how many lines, and the numbers of the first few. */
  public static final class Reason {
    private final Outcome outcome;
    private long count;
    private final List<Long> firstLines = new ArrayList<>(FIRST_LINES_KEPT);
    /** A line counted in an earlier part and recounted here: dropped from its first lines. */
    private long recounted = Times.NONE;

    Reason(Outcome outcome) {
      this.outcome = outcome;
    }

    void add(long lineNumber) {
      count++;
      if (firstLines.size() < FIRST_LINES_KEPT) {
        firstLines.add(lineNumber);
      }
    }

    public Outcome outcome() {
      return outcome;
    }

    public long count() {
      return count;
    }

    /** True 1-based line numbers in the input. */
    public List<Long> firstLines() {
      return List.copyOf(firstLines);
    }
  }

  /** Counts one line with its true 1-based number in the input. */
  public void count(Outcome outcome, long lineNumber) {
    switch (outcome.kind()) {
      case PARSED -> {
        parsed++;
        return;
      }
      case IGNORED -> ignored++;
      case MALFORMED -> malformed++;
    }
    reasons.computeIfAbsent(outcome, Reason::new).add(lineNumber);
  }

  /** Counts {@code lines} parsed lines at once: parsed lines keep no line numbers. */
  public void countParsed(long lines) {
    parsed += lines;
  }

  /**
   * Moves one line already counted parsed to another outcome, once it turned out that its event
   * is not counted (a pause handed on from that line and left out of a time window). The parsed
   * lines of a reader may be handed over at its end ({@link #countParsed}), so the count may
   * dip below zero meanwhile.
   */
  public void reclassifyParsed(Outcome outcome, long lineNumber) {
    if (outcome.isParsed()) {
      return;
    }
    parsed--;
    count(outcome, lineNumber);
  }

  /**
   * Counts line {@code lineNumber}, already counted as {@code was}, as {@code is}: what the end of
   * the input showed it to be. The line is the last one of its input counted as {@code was}; when
   * it was counted in an earlier part ({@code --follow} reads an input in pieces), the counts here
   * go below zero and are right once the parts are added, which also drops it from the earlier
   * part's first lines.
   */
  public void recount(Outcome was, Outcome is, long lineNumber) {
    if (was.isParsed() || is.isParsed() || was.equals(is)) {
      throw new IllegalArgumentException("recounts an ignored or malformed line as another");
    }
    Reason reason = reasons.computeIfAbsent(was, Reason::new);
    if (reason.count > 0) { // the line is in this part: the last one so counted
      reason.firstLines.remove(Long.valueOf(lineNumber));
    } else {
      reason.recounted = lineNumber;
    }
    reason.count--;
    tally(was.kind(), -1);
    count(is, lineNumber);
    if (reason.count == 0 && reason.recounted == Times.NONE) {
      reasons.remove(was);
    }
  }

  private void tally(Outcome.Kind kind, long n) {
    if (kind == Outcome.Kind.IGNORED) {
      ignored += n;
    } else if (kind == Outcome.Kind.MALFORMED) {
      malformed += n;
    }
  }

  /**
   * Counts {@code count} lines of one outcome at once, of which the first few had these numbers:
   * the accounting of a part read back from its encoding.
   */
  public void count(Outcome outcome, long count, List<Long> firstLines) {
    if (outcome.isParsed()) {
      parsed += count;
      return;
    }
    if (outcome.kind() == Outcome.Kind.IGNORED) {
      ignored += count;
    } else {
      malformed += count;
    }
    Reason reason = reasons.computeIfAbsent(outcome, Reason::new);
    reason.count += count;
    for (long line : firstLines) {
      if (reason.firstLines.size() < FIRST_LINES_KEPT) {
        reason.firstLines.add(line);
      }
    }
  }

  /**
   * Adds the counts of a later part of the same input, whose line numbers start after {@code
   * lineOffset} lines of this input.
   */
  public void add(ParseStats later, long lineOffset) {
    parsed += later.parsed;
    ignored += later.ignored;
    malformed += later.malformed;
    for (Reason theirs : later.reasons.values()) {
      Reason ours = reasons.computeIfAbsent(theirs.outcome, Reason::new);
      if (theirs.recounted != Times.NONE) { // the last line of ours so counted, or of a part before
        long line = theirs.recounted + lineOffset;
        if (ours.count > 0) {
          ours.firstLines.remove(Long.valueOf(line));
        } else {
          ours.recounted = line;
        }
      }
      ours.count += theirs.count;
      for (long line : theirs.firstLines) {
        if (ours.firstLines.size() < FIRST_LINES_KEPT) {
          ours.firstLines.add(line + lineOffset);
        }
      }
      if (ours.count == 0 && ours.recounted == Times.NONE) {
        reasons.remove(theirs.outcome);
      }
    }
  }

  public long lines() {
    return parsed + ignored + malformed;
  }

  public long parsed() {
    return parsed;
  }

  public long ignored() {
    return ignored;
  }

  public long malformed() {
    return malformed;
  }

  /** Malformed reasons first, then ignored ones; most frequent first within each. */
  public List<Reason> reasons() {
    List<Reason> list = new ArrayList<>(reasons.values());
    list.sort(
        Comparator.comparing((Reason r) -> r.outcome.kind() == Outcome.Kind.MALFORMED ? 0 : 1)
            .thenComparing(Reason::count, Comparator.reverseOrder())
            .thenComparing(r -> r.outcome.reason()));
    return list;
  }

  /** The count for one outcome, 0 when it never happened. */
  public long count(Outcome outcome) {
    if (outcome.isParsed()) {
      return parsed;
    }
    Reason reason = reasons.get(outcome);
    return reason == null ? 0 : reason.count;
  }
}
