package tardy.analysis.heap;

import java.util.Optional;
import java.util.function.IntToLongFunction;
import tardy.events.Times;
import tardy.record.heap.HeapSeries;

/**
 * The young/old split, the promotion and the metaspace of one JVM run's GC pauses, where the log
 * gives them (see {@link HeapRun.Generations} and {@link HeapRun.Metaspace} for the definitions).
 */
final class GenerationFigures {

  private GenerationFigures() {}

  static Optional<HeapRun.Generations> generations(HeapSeries s, int from, int to,
      boolean uptime, long capacityBytes) {
    long pauses = 0;
    long youngMax = 0;
    long oldMin = Long.MAX_VALUE;
    long oldMax = 0;
    long oldLast = 0;
    long promoted = 0;
    long young = 0;
    long first = Times.NONE;
    long last = Times.NONE;
    for (int i = from; i < to; i++) {
      long t = HeapAnalyzer.time(s, i, uptime);
      long oldAfter = s.oldAfterBytes(i);
      if (!Times.isSet(t) || !Times.isSet(oldAfter)) {
        continue;
      }
      pauses++;
      first = Times.isSet(first) ? first : t;
      last = t;
      oldMin = Math.min(oldMin, oldAfter);
      oldMax = Math.max(oldMax, oldAfter);
      oldLast = oldAfter;
      if (Times.isSet(s.youngAfterBytes(i))) {
        youngMax = Math.max(youngMax, s.youngAfterBytes(i));
      }
      if (isYoungOnly(s.flags(i)) && Times.isSet(s.oldBeforeBytes(i))) {
        young++;
        promoted += Math.max(0, oldAfter - s.oldBeforeBytes(i));
      }
    }
    if (pauses == 0) {
      return Optional.empty();
    }
    return Optional.of(new HeapRun.Generations(pauses, youngMax, oldMin, oldMax, oldLast, young,
        promoted, first, last - first,
        LiveSetTrend.of(s, from, to, uptime, capacityBytes, s::oldAfterBytes)));
  }

  /** A collection of the young generation only: not full, not mixed, no pauseless phase. */
  static boolean isYoungOnly(int flags) {
    return (flags & (HeapSeries.FULL | HeapSeries.MIXED | HeapSeries.PAUSELESS)) == 0;
  }

  /**
   * The metaspace after the collections {@code from} to {@code to} (pauses or concurrent cycles),
   * each read through {@code afterBytes} ({@link Times#NONE} where not logged).
   */
  static Optional<HeapRun.Metaspace> metaspace(IntToLongFunction afterBytes, int from, int to) {
    long n = 0;
    long firstBytes = 0;
    long max = 0;
    long lastBytes = 0;
    for (int i = from; i < to; i++) {
      long m = afterBytes.applyAsLong(i);
      if (!Times.isSet(m)) {
        continue;
      }
      firstBytes = n == 0 ? m : firstBytes;
      n++;
      max = Math.max(max, m);
      lastBytes = m;
    }
    return n == 0 ? Optional.empty()
        : Optional.of(new HeapRun.Metaspace(n, firstBytes, max, lastBytes));
  }
}
