package tardy.render;

import java.util.List;
import tardy.analysis.Analysis;
import tardy.analysis.VerdictChanges;
import tardy.analysis.slo.AlertWatch;
import tardy.events.Family;

/**
 * One refresh of {@code --follow}, as every live rendering shows it: the live facts, the window's
 * analysis (judged in check, its error budgets counted since the start) and the whole run's.
 *
 * @param windowNanos how much time the window covers now
 * @param windowLimitNanos the window asked for
 * @param changes {@code check} only (else empty): the budgets whose verdict changed
 * @param alertChanges the objectives' burn-rate alerts that fired or cleared since the last frame
 */
public record LiveFrame(String input, long elapsedNanos, long windowNanos, long windowLimitNanos,
    long refreshNanos, int restarts, boolean last, Analysis window, Analysis sinceStart,
    List<VerdictChanges.Change> changes, List<AlertWatch.Change> alertChanges) {

  public LiveFrame {
    changes = List.copyOf(changes);
    alertChanges = List.copyOf(alertChanges);
  }

  /** A frame without objectives' alerts. */
  public LiveFrame(String input, long elapsedNanos, long windowNanos, long windowLimitNanos,
      long refreshNanos, int restarts, boolean last, Analysis window, Analysis sinceStart,
      List<VerdictChanges.Change> changes) {
    this(input, elapsedNanos, windowNanos, windowLimitNanos, refreshNanos, restarts, last, window,
        sinceStart, changes, List.of());
  }

  /** Requests per second in the window, on the arrival clock; 0 before any time passed. */
  public double windowRequestRate() {
    long requests = window.totalOf(Family.REQUEST).map(s -> s.count()).orElse(0L);
    return windowNanos <= 0 ? 0 : requests * 1e9 / windowNanos;
  }
}
