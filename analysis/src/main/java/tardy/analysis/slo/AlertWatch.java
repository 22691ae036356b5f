package tardy.analysis.slo;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tardy.analysis.requirements.BurnAlert;
import tardy.analysis.requirements.Requirement;
import tardy.analysis.requirements.Slo;
import tardy.record.objective.MinuteCounts;
import tardy.record.objective.ObjectiveCounts;

/**
 * The burn-rate alerts of a growing log as they happen: at each look, the same replay as {@link
 * ErrorBudgets} over the minutes that are settled, and what fired or cleared since the last look.
 *
 * <p>A minute is settled once a request of a later minute was read (logs come in time order), or
 * at the end of the run; the minute still being written is not judged, since its next lines may
 * change its verdict. An alert's replay at a minute reads only that minute and earlier ones, so the
 * spans of settled minutes never change as the log grows, and at the end the changes said add up to
 * exactly the spans a batch run of the same lines replays.
 */
public final class AlertWatch {

  private static final long MINUTE = MinuteCounts.MINUTE_MILLIS;

  /** An alert that fired ({@code fired}) or cleared, at {@code atMillis} on the log's clock. */
  public record Change(String requirement, AlertSpan span, boolean fired) {

    public long atMillis() {
      return fired ? span.firedMillis() : span.clearedMillis();
    }
  }

  /** Per requirement and alert, the spans said so far: how many fired, whether the last cleared. */
  private final Map<String, int[]> said = new HashMap<>();

  /**
   * What fired and cleared since the last look, in time order.
   *
   * @param lastRequestMillis the wall-clock time of the last request read
   * @param end whether the log ended (or the run stopped): its last minute is settled too
   */
  public List<Change> next(List<Requirement> requirements, ObjectiveCounts counts,
      long lastRequestMillis, boolean end) {
    List<Change> changes = new ArrayList<>();
    for (Requirement r : requirements) {
      if (r.slo().isEmpty()) {
        continue;
      }
      MinuteCounts c = counts.of(r.name());
      long[] minutes = c.minutes();
      if (minutes.length == 0) {
        continue;
      }
      long latest = Math.max(Math.floorDiv(lastRequestMillis, MINUTE), minutes[minutes.length - 1]);
      long settled = end ? latest : latest - 1;
      long first = Math.max(minutes[0], latest - ErrorBudgets.MAX_REPLAY_MINUTES + 1);
      if (settled < first) {
        continue;
      }
      MinuteSeries series = new MinuteSeries(c, first, settled);
      Slo slo = r.slo().get();
      for (int i = 0; i < slo.alerts().size(); i++) {
        BurnAlert a = slo.alerts().get(i);
        List<AlertSpan> spans = ErrorBudgets.replay(series, a, slo);
        int[] state = said.computeIfAbsent(r.name() + '\n' + i, k -> new int[2]); // fired, cleared
        for (int s = 0; s < spans.size(); s++) {
          AlertSpan span = spans.get(s);
          if (s >= state[0]) {
            changes.add(new Change(r.name(), span, true));
            state[0] = s + 1;
          }
          if (!span.firingAtEnd() && s >= state[1]) {
            changes.add(new Change(r.name(), span, false));
            state[1] = s + 1;
          }
        }
      }
    }
    changes.sort(Comparator.comparingLong(Change::atMillis)); // stable: file order within a minute
    return changes;
  }
}
