package tardy.analysis.heap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import tardy.events.Times;
import tardy.record.clock.UptimeRuns;
import tardy.record.heap.CycleSeries;

/**
 * The heap figures of a concurrent collector (ZGC, Shenandoah), from its cycles rather than its
 * pauses. A cycle frees memory while the application allocates, so the heap after it holds what
 * was allocated while it ran: the allocation is read between cycles only, where nothing is freed,
 * as the heap when a cycle began less the heap the cycles before it left, over the time from the
 * end of those to the start of this one. Cycles that overlap (a generational ZGC minor collection
 * inside a major one) count as one stretch: from the earliest start, with the heap then, to the
 * latest end, with the heap that end left. A cycle whose start is not logged counts from its end.
 * The live set is the heap after the cycles that marked the whole heap (all of ZGC's and
 * Shenandoah's, generational ZGC's major ones): the live objects and what was allocated during
 * the cycle, whose trend is the live set's; ZGC's warm-up collections, run as a starting JVM first
 * fills its heap, are left out of it. The young/old split, the promotion and the
 * metaspace are the cycles' where logged ({@link CycleGenerations}).
 */
final class CycleHeap {

  /** What the live set is read after: {@link HeapRun.LiveSet#from}. */
  static final String WHOLE_HEAP = "concurrent whole-heap";

  private CycleHeap() {}

  /** The cycles' time on the clock the figures use. */
  static long time(CycleSeries c, int i, boolean uptime) {
    return uptime ? c.uptimeMillis(i) : c.wallMillis(i);
  }

  /** Uptime is the clock when every cycle with a time has it, as for pauses. */
  static boolean onUptime(CycleSeries c) {
    boolean any = false;
    for (int i = 0; i < c.size(); i++) {
      if (Times.isSet(c.wallMillis(i)) && !Times.isSet(c.uptimeMillis(i))) {
        return false;
      }
      any |= Times.isSet(c.uptimeMillis(i));
    }
    return any;
  }

  /** Where each JVM run's cycles start (uptime going back starts a new run), then the size. */
  static List<Integer> runStarts(CycleSeries c, boolean uptime) {
    List<Integer> starts = new ArrayList<>();
    starts.add(0);
    long previous = Times.NONE;
    for (int i = 0; i < c.size(); i++) {
      long t = time(c, i, uptime);
      if (uptime && Times.isSet(t) && Times.isSet(previous) && UptimeRuns.isRestart(previous, t)) {
        starts.add(i);
      }
      if (Times.isSet(t)) {
        previous = t;
      }
    }
    starts.add(c.size());
    return starts;
  }

  /** The heap figures of cycles {@code [from, to)}; empty when none has a time. */
  static Optional<HeapRun.Heap> of(CycleSeries c, int from, int to, boolean uptime) {
    int n = 0;
    Integer[] order = new Integer[to - from];
    long[] starts = new long[c.size()];
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    long capacity = 0;
    long[] wholeMillis = new long[to - from];
    long[] wholeBytes = new long[to - from];
    int whole = 0;
    for (int i = from; i < to; i++) {
      long end = time(c, i, uptime);
      if (!Times.isSet(end)) {
        continue;
      }
      long d = c.durationNanos(i);
      starts[i] = Times.isSet(d) ? end - Math.round(d / 1e6) : end;
      order[n++] = i;
      min = Math.min(min, c.afterBytes(i));
      max = Math.max(max, c.afterBytes(i));
      if (Times.isSet(c.capacityBytes(i))) {
        capacity = Math.max(capacity, c.capacityBytes(i));
      }
      if (c.wholeHeap(i) && !c.warmUp(i)) {
        wholeMillis[whole] = end;
        wholeBytes[whole++] = c.afterBytes(i);
      }
    }
    if (n == 0) {
      return Optional.empty();
    }
    Integer[] byStart = Arrays.copyOf(order, n);
    Arrays.sort(byStart, (a, b) -> Long.compare(starts[a], starts[b])); // stable: log order on ties
    long allocated = 0;
    long between = 0;
    long stretchEnd = time(c, byStart[0], uptime);
    long stretchAfter = c.afterBytes(byStart[0]);
    long firstEnd = Times.NONE;
    for (int k = 1; k < n; k++) {
      int i = byStart[k];
      long end = time(c, i, uptime);
      if (starts[i] < stretchEnd) { // overlaps the stretch: the same freeing
        if (end >= stretchEnd) {
          stretchEnd = end;
          stretchAfter = c.afterBytes(i);
        }
        continue;
      }
      firstEnd = Times.isSet(firstEnd) ? firstEnd : stretchEnd;
      if (Times.isSet(c.beforeBytes(i))) {
        allocated += Math.max(0, c.beforeBytes(i) - stretchAfter);
        between += starts[i] - stretchEnd;
      }
      stretchEnd = end;
      stretchAfter = c.afterBytes(i);
    }
    return Optional.of(new HeapRun.Heap(n, allocated,
        Times.isSet(firstEnd) ? firstEnd : stretchEnd, between, min, max, stretchAfter, capacity,
        LiveSetTrend.of(wholeMillis, wholeBytes, whole, WHOLE_HEAP, capacity),
        CycleGenerations.of(c, from, to, uptime, capacity),
        GenerationFigures.metaspace(c::metaspaceAfterBytes, from, to), true));
  }
}
