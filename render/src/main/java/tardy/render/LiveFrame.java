package tardy.render;

import java.util.List;
import tardy.analysis.Analysis;
import tardy.analysis.VerdictChanges;
import tardy.events.Family;

/**
 * One refresh of {@code --follow}, as every live rendering shows it: the live facts, the window's
 * analysis (judged in check) and the whole run's.
 *
 * @param windowNanos how much time the window covers now
 * @param windowLimitNanos the window asked for
 * @param changes {@code check} only (else empty): the budgets whose verdict changed
 */
public record LiveFrame(String input, long elapsedNanos, long windowNanos, long windowLimitNanos,
    long refreshNanos, int restarts, boolean last, Analysis window, Analysis sinceStart,
    List<VerdictChanges.Change> changes) {

  public LiveFrame {
    changes = List.copyOf(changes);
  }

  /** Requests per second in the window, on the arrival clock; 0 before any time passed. */
  public double windowRequestRate() {
    long requests = window.totalOf(Family.REQUEST).map(s -> s.count()).orElse(0L);
    return windowNanos <= 0 ? 0 : requests * 1e9 / windowNanos;
  }
}
