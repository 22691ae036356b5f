package tardy.run.live;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Supplier;
import tardy.record.Result;

/**
 * The sliding window and the totals of a live run, in bounded memory. Time is cut into steps;
 * the lines of each step go into a result of their own, kept while the step is in the window; a
 * step that is over is added into the totals too. The window is the steps still in it added in
 * order into a new result, the current one included; nothing is ever subtracted, so every number
 * is exact. Adding a result into another leaves it as it was (it shares nothing that the sum
 * changes later: {@code WindowTest} holds it), so a step is added again at every refresh.
 * Memory: the grouping's cap bounds each result, and the window holds at most {@code steps}.
 *
 * <p>Each time the followed file starts over (rotated or truncated) its lines are an input of
 * their own, named by {@link Follow}, with its line numbers from 1 again: a result begins with
 * the input of its first lines, so the names of its inputs are those its lines' places count.
 */
final class Window {

  /** One step that is over. */
  private record Step(long index, Result result) {}

  private final Result.Spec spec;
  private final Supplier<Result> empty; // of the input being read now
  private final int steps;
  private final Deque<Step> closed = new ArrayDeque<>();
  private final Result totals; // the backlog and every step that is over
  private Result current;
  private long currentIndex;

  /** @param empty an empty result of the input being read when asked */
  Window(Result.Spec spec, Supplier<Result> empty, int steps) {
    this.spec = spec;
    this.empty = empty;
    this.steps = steps;
    this.totals = empty.get();
    this.current = empty.get();
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
    if (lines(current) > 0) {
      closed.addLast(new Step(currentIndex, current));
      totals.addLater(current);
      current = empty.get();
    }
    currentIndex = index;
    while (!closed.isEmpty() && closed.peekFirst().index() <= currentIndex - steps) {
      closed.removeFirst();
    }
  }

  /**
   * The input started over: the lines that follow are another input's. A current step that read
   * nothing yet begins with it, so that its first input is the one its lines are in.
   */
  void startedOver() {
    if (lines(current) == 0) {
      current = empty.get();
    }
  }

  /** The first step the window holds. */
  long firstIndex() {
    return currentIndex - steps + 1;
  }

  /** The lines of the steps in the window, added in order: a new result. */
  Result window() {
    Result w = emptyLike(closed.isEmpty() ? current : closed.peekFirst().result());
    for (Step s : closed) {
      w.addLater(s.result());
    }
    return w.addLater(current);
  }

  /** Every line since following began, the backlog included: a new result. */
  Result sinceStart() {
    return emptyLike(totals).addLater(totals).addLater(current);
  }

  /** An empty result of the first input of {@code r}. */
  private Result emptyLike(Result r) {
    Result.Account first = r.accounts().get(0);
    return Result.of(spec, first.input(), first.name(), first.format());
  }

  private static long lines(Result r) {
    long lines = 0;
    for (Result.Account a : r.accounts()) {
      lines += a.stats().lines();
    }
    return lines;
  }

  /** How many steps that are over are kept: fewer than the window's steps. */
  int stepsKept() {
    return closed.size();
  }
}
