package tardy.analysis.heap;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tardy.events.Times;
import tardy.record.heap.HeapSeries;

/**
 * What the application allocated in the minute before each of a run's long GC pauses, against
 * the run's average: an allocation spike is the usual cause of a long pause.
 *
 * <p>Definitions. A pause is long at {@link HeapThresholds#longPauseNanos} or more, or at
 * {@link HeapThresholds#pauselessLongPauseNanos} in a run of a collector whose pauses are meant to
 * be short. The window before a long pause is the {@link #WINDOW_MILLIS} up to its stamp; the
 * windows of all long pauses are joined (time covered twice counts once). The bytes allocated
 * between two consecutive pauses with a heap transition (the heap before the later less the heap
 * after the earlier, 0 when negative) are taken as allocated evenly over the time between their
 * stamps; the window's share of them is the share of that time inside the windows. The rate is
 * those bytes over the windows' time inside the span the transitions cover.
 *
 * @param thresholdNanos the long pause threshold applied
 * @param pauses the long pauses
 * @param pausedNanos their time
 * @param worst the longest of them, up to {@link #WORST_KEPT}, longest first
 * @param bytesPerSecond the allocation rate in the windows before them; empty when the windows
 *     hold no time between two transitions
 * @param runBytesPerSecond the run's average allocation rate; empty as in {@link HeapRun.Heap}
 */
public record LongPauses(long thresholdNanos, long pauses, long pausedNanos,
    List<HeapRun.Point> worst, Optional<Double> bytesPerSecond,
    Optional<Double> runBytesPerSecond) {

  /** The time before a long pause whose allocation is looked at. */
  public static final long WINDOW_MILLIS = 60_000;

  /** The longest pauses named. */
  public static final int WORST_KEPT = 5;

  public LongPauses {
    worst = List.copyOf(worst);
  }

  /** The run's long pauses and the allocation before them; empty when it has none. */
  public static Optional<LongPauses> of(HeapRun run, HeapThresholds thresholds) {
    boolean pauseless = run.points().stream()
        .anyMatch(p -> (p.flags() & HeapSeries.PAUSELESS) != 0);
    long threshold = pauseless ? thresholds.pauselessLongPauseNanos()
        : thresholds.longPauseNanos();
    List<HeapRun.Point> longOnes = new ArrayList<>();
    long paused = 0;
    for (HeapRun.Point p : run.points()) {
      if (p.pauseNanos() >= threshold) {
        longOnes.add(p);
        paused += p.pauseNanos();
      }
    }
    if (longOnes.isEmpty()) {
      return Optional.empty();
    }
    List<HeapRun.Point> worst = new ArrayList<>(longOnes);
    worst.sort((a, b) -> a.pauseNanos() != b.pauseNanos()
        ? Long.compare(b.pauseNanos(), a.pauseNanos()) : Long.compare(a.millis(), b.millis()));
    return Optional.of(new LongPauses(threshold, longOnes.size(), paused,
        worst.subList(0, Math.min(WORST_KEPT, worst.size())), rateBefore(run.points(), longOnes),
        run.heap().flatMap(HeapRun.Heap::allocationBytesPerSecond)));
  }

  /** The allocation rate inside the joined windows before {@code longOnes}. */
  static Optional<Double> rateBefore(List<HeapRun.Point> points, List<HeapRun.Point> longOnes) {
    long[][] windows = windows(longOnes);
    double bytes = 0;
    long covered = 0;
    HeapRun.Point previous = null;
    for (HeapRun.Point p : points) {
      if (!Times.isSet(p.beforeBytes()) || !Times.isSet(p.afterBytes())) {
        continue;
      }
      if (previous != null && p.millis() > previous.millis()) {
        long gap = p.millis() - previous.millis();
        long inside = overlap(windows, previous.millis(), p.millis());
        bytes += Math.max(0, p.beforeBytes() - previous.afterBytes()) * (double) inside / gap;
        covered += inside;
      }
      previous = p;
    }
    return covered > 0 ? Optional.of(bytes * 1000 / covered) : Optional.empty();
  }

  /** The windows before the long pauses, joined, in time order. */
  private static long[][] windows(List<HeapRun.Point> longOnes) {
    List<long[]> out = new ArrayList<>();
    for (HeapRun.Point p : longOnes) { // in log order: stamps rise but for a restart's noise
      long from = p.millis() - WINDOW_MILLIS;
      long to = p.millis();
      if (!out.isEmpty() && from <= out.get(out.size() - 1)[1]
          && to >= out.get(out.size() - 1)[0]) {
        long[] last = out.get(out.size() - 1);
        last[0] = Math.min(last[0], from);
        last[1] = Math.max(last[1], to);
      } else {
        out.add(new long[] {from, to});
      }
    }
    out.sort((a, b) -> Long.compare(a[0], b[0]));
    List<long[]> joined = new ArrayList<>();
    for (long[] w : out) {
      if (!joined.isEmpty() && w[0] <= joined.get(joined.size() - 1)[1]) {
        joined.get(joined.size() - 1)[1] = Math.max(joined.get(joined.size() - 1)[1], w[1]);
      } else {
        joined.add(w);
      }
    }
    return joined.toArray(new long[0][]);
  }

  /**
   * The time of [from, to) inside the windows, which are disjoint and in time order: from the
   * first that ends after {@code from}, found by bisection, so a run of many long pauses far
   * apart costs no pass over every window per pause.
   */
  static long overlap(long[][] windows, long from, long to) {
    int lo = 0;
    int hi = windows.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (windows[mid][1] <= from) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    long sum = 0;
    for (int k = lo; k < windows.length && windows[k][0] < to; k++) {
      sum += Math.max(0, Math.min(to, windows[k][1]) - Math.max(from, windows[k][0]));
    }
    return sum;
  }
}
