package tardy.analysis.heap;

import java.util.Optional;
import tardy.events.Times;
import tardy.record.heap.CycleSeries;

/**
 * The young/old split and the promotion of a concurrent collector's cycles, where
 * the log gives them (generational ZGC and Shenandoah; see {@link HeapRun.Generations}). Unlike
 * the pause collectors', the promotion is what the log states each cycle promoted (generational
 * ZGC's {@code Promoted} at Relocate End), not worked out from the old generation's growth, and
 * the cycles it counts are those that state it; the old generation's floor is read after the
 * cycles that marked the whole heap (generational ZGC's major collections) past the JVM's warm-up
 * ones (its old generation starts empty and fills with what starting keeps, which is no leak).
 */
final class CycleGenerations {

  private CycleGenerations() {}

  static Optional<HeapRun.Generations> of(CycleSeries c, int from, int to, boolean uptime,
      long capacityBytes) {
    long cycles = 0;
    long youngMax = 0;
    long oldMin = Long.MAX_VALUE;
    long oldMax = 0;
    long oldLast = 0;
    long promoted = 0;
    long promoting = 0;
    long first = Times.NONE;
    long last = Times.NONE;
    long[] wholeMillis = new long[to - from];
    long[] wholeBytes = new long[to - from];
    int whole = 0;
    for (int i = from; i < to; i++) {
      long t = CycleHeap.time(c, i, uptime);
      long oldAfter = c.oldAfterBytes(i);
      if (!Times.isSet(t) || !Times.isSet(oldAfter)) {
        continue;
      }
      cycles++;
      first = Times.isSet(first) ? first : t;
      last = t;
      oldMin = Math.min(oldMin, oldAfter);
      oldMax = Math.max(oldMax, oldAfter);
      oldLast = oldAfter;
      if (Times.isSet(c.youngAfterBytes(i))) {
        youngMax = Math.max(youngMax, c.youngAfterBytes(i));
      }
      if (Times.isSet(c.promotedBytes(i))) {
        promoting++;
        promoted += c.promotedBytes(i);
      }
      if (c.wholeHeap(i) && !c.warmUp(i)) {
        wholeMillis[whole] = t;
        wholeBytes[whole++] = oldAfter;
      }
    }
    if (cycles == 0) {
      return Optional.empty();
    }
    return Optional.of(new HeapRun.Generations(cycles, youngMax, oldMin, oldMax, oldLast,
        promoting, promoted, first, last - first,
        LiveSetTrend.of(wholeMillis, wholeBytes, whole, CycleHeap.WHOLE_HEAP, capacityBytes)));
  }
}
