package tardy.run.live;

import java.util.ArrayDeque;
import java.util.Deque;
import tardy.run.Plan;
import tardy.record.Result;

/**
 * The sliding window and the totals of a live run, in bounded memory. Time is cut into steps;
 * the lines of each step go into a result of their own, kept while the step is in the window; a
 * step that is over is added into the totals too. The window is the steps still in it added in
 * order into a new result, the current one included; nothing is ever subtracted, so every number
 * is exact. Adding a result into another leaves it as it was (it shares nothing that the sum
 * changes later: {@code WindowTest} holds it), so a step is added again at every refresh.
 * Memory: the grouping's cap bounds each result, and the window holds at most {@code steps}.
 */
final class Window {

  /** One step that is over. */
  private record Step(long index, Result result) {}

  private final Result.Spec spec;
  private final Plan.Entry entry;
  private final int steps;
  private final Deque<Step> closed = new ArrayDeque<>();
  private final Result totals; // the backlog and every step that is over
  private Result current;
  private long currentIndex;

  Window(Result.Spec spec, Plan.Entry entry, int steps) {
    this.spec = spec;
    this.entry = entry;
    this.steps = steps;
    this.totals = entry.newResult(spec);
    this.current = entry.newResult(spec);
  }

  /** Adds a parsed piece: into the totals alone when it was there before following began. */
  void add(Result piece, boolean backlog) {
    (backlog ? totals : current).addLater(piece);
  }

  /** Moves to step {@code index}: the current step is over when it is another one. */
  void moveTo(long index) {
    if (index == currentIndex) {
      return;
    }
    if (current.accounts().get(0).stats().lines() > 0) {
      closed.addLast(new Step(currentIndex, current));
      totals.addLater(current);
      current = entry.newResult(spec);
    }
    currentIndex = index;
    while (!closed.isEmpty() && closed.peekFirst().index() <= currentIndex - steps) {
      closed.removeFirst();
    }
  }

  /** The first step the window holds. */
  long firstIndex() {
    return currentIndex - steps + 1;
  }

  /** The lines of the steps in the window, added in order: a new result. */
  Result window() {
    Result w = entry.newResult(spec);
    for (Step s : closed) {
      w.addLater(s.result());
    }
    return w.addLater(current);
  }

  /** Every line since following began, the backlog included: a new result. */
  Result sinceStart() {
    return entry.newResult(spec).addLater(totals).addLater(current);
  }

  /** How many steps that are over are kept: fewer than the window's steps. */
  int stepsKept() {
    return closed.size();
  }
}
