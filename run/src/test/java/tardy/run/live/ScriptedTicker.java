package tardy.run.live;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A fake clock for live runs: each sleep moves time forward by what was asked and then does the
 * next step of the script (append lines, rotate the file); once the script is done it asks the
 * run to stop. Nothing waits for real.
 */
final class ScriptedTicker implements Ticker {

  /** One step of a script. */
  @FunctionalInterface
  interface Step {
    void run() throws Exception;
  }

  private final Deque<Step> steps = new ArrayDeque<>();
  private long now = 1_000_000_000L;
  private boolean done;

  /** Adds a step, done at the next sleep. */
  ScriptedTicker then(Step step) {
    steps.addLast(step);
    return this;
  }

  /** Adds a step done once {@code nanos} more have passed. */
  ScriptedTicker after(long nanos, Step step) {
    long[] until = {-1};
    steps.addLast(() -> until[0] = now + nanos);
    steps.addLast(new Step() {
      @Override
      public void run() throws Exception {
        if (now < until[0]) {
          steps.addFirst(this); // not yet: try again at the next sleep
          return;
        }
        step.run();
      }
    });
    return this;
  }

  boolean done() {
    return done;
  }

  @Override
  public long nanos() {
    return now;
  }

  @Override
  public void sleep(long nanos) {
    now += nanos;
    Step next = steps.pollFirst();
    if (next == null) {
      done = true;
      return;
    }
    try {
      next.run();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
