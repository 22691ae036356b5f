package tardy.analysis.heap;

import java.util.ArrayList;
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
 * end of those to the start of this one ({@link CyclePoints}, which the chart draws too). A cycle
 * whose start is not logged counts from its end.
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

  /**
   * The heap figures of cycles {@code [from, to)}, whose order and gaps are {@code points}; empty
   * when none has a time.
   */
  static Optional<HeapRun.Heap> of(CycleSeries c, int from, int to, boolean uptime,
      CyclePoints points) {
    if (points.cycles().isEmpty()) {
      return Optional.empty();
    }
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
    return Optional.of(new HeapRun.Heap(points.cycles().size(), points.allocatedBytes(),
        points.firstStretchEndMillis(), points.allocationMillis(), min, max,
        points.lastAfterBytes(), capacity,
        LiveSetTrend.of(wholeMillis, wholeBytes, whole, WHOLE_HEAP, capacity),
        CycleGenerations.of(c, from, to, uptime, capacity),
        GenerationFigures.metaspace(c::metaspaceAfterBytes, from, to), true));
  }
}
