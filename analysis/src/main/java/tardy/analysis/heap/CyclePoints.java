package tardy.analysis.heap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tardy.events.Times;
import tardy.record.heap.CycleSeries;

/**
 * A run's concurrent cycles in the order they began ({@link HeapRun.Cycle}): each with its start,
 * its end, its heap and the allocation in the gap before it. Allocation is counted between cycles
 * only, where nothing is freed: cycles that overlap (a generational ZGC minor collection inside a
 * major one) are one stretch, from the earliest start, with the heap then, to the latest end, with
 * the heap that end left. The chart draws the cycles; {@link CycleHeap} adds their gaps up.
 *
 * @param cycles the cycles with a time, ordered by their start (log order on ties)
 * @param firstStretchEndMillis where the first stretch ended (the last one's end when all overlap)
 * @param lastAfterBytes the heap the last stretch left
 */
record CyclePoints(List<HeapRun.Cycle> cycles, long firstStretchEndMillis, long lastAfterBytes) {

  /** Cycles {@code [from, to)} of {@code c}. */
  static CyclePoints of(CycleSeries c, int from, int to, boolean uptime) {
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
    long firstStretchEnd = Times.NONE;
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
        firstStretchEnd = Times.isSet(firstStretchEnd) ? firstStretchEnd : stretchEnd;
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
    return new CyclePoints(List.copyOf(out),
        Times.isSet(firstStretchEnd) ? firstStretchEnd : stretchEnd, stretchAfter);
  }

  /** The bytes allocated in the gaps between stretches. */
  long allocatedBytes() {
    return cycles.stream().mapToLong(HeapRun.Cycle::allocatedBytes).sum();
  }

  /** The length of those gaps, in ms. */
  long allocationMillis() {
    return cycles.stream().mapToLong(HeapRun.Cycle::allocationMillis).sum();
  }
}
