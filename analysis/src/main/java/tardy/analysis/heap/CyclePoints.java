package tardy.analysis.heap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tardy.events.Times;
import tardy.record.heap.CycleSeries;

/**
 * A run's concurrent cycles as the chart draws them ({@link HeapRun.Cycle}): each with its start,
 * its end, its heap and the allocation in the gap before it, counted as {@link CycleHeap} counts
 * the run's allocation (cycles that overlap are one stretch), so that the gaps add up to its
 * figures.
 */
final class CyclePoints {

  private CyclePoints() {}

  /** Cycles {@code [from, to)} with a time, ordered by their start (log order on ties). */
  static List<HeapRun.Cycle> of(CycleSeries c, int from, int to, boolean uptime) {
    int n = 0;
    Integer[] order = new Integer[to - from];
    long[] starts = new long[to - from];
    for (int i = from; i < to; i++) {
      long end = CycleHeap.time(c, i, uptime);
      if (!Times.isSet(end)) {
        continue;
      }
      long d = c.durationNanos(i);
      starts[i - from] = Times.isSet(d) ? end - Math.round(d / 1e6) : end;
      order[n++] = i;
    }
    Integer[] byStart = Arrays.copyOf(order, n);
    Arrays.sort(byStart, (a, b) -> Long.compare(starts[a - from], starts[b - from]));
    List<HeapRun.Cycle> out = new ArrayList<>(n);
    long stretchEnd = Times.NONE;
    long stretchAfter = Times.NONE;
    for (int i : byStart) {
      long start = starts[i - from];
      long end = CycleHeap.time(c, i, uptime);
      long allocated = 0;
      long millis = 0;
      if (!Times.isSet(stretchEnd)) {
        stretchEnd = end;
        stretchAfter = c.afterBytes(i);
      } else if (start < stretchEnd) { // overlaps the stretch: the same freeing
        if (end >= stretchEnd) {
          stretchEnd = end;
          stretchAfter = c.afterBytes(i);
        }
      } else {
        if (Times.isSet(c.beforeBytes(i))) {
          allocated = Math.max(0, c.beforeBytes(i) - stretchAfter);
          millis = start - stretchEnd;
        }
        stretchEnd = end;
        stretchAfter = c.afterBytes(i);
      }
      out.add(new HeapRun.Cycle(start, end, c.beforeBytes(i), c.afterBytes(i), c.wholeHeap(i),
          allocated, millis));
    }
    return out;
  }
}
