package tardy.analysis.heap;

import java.util.Arrays;
import java.util.Optional;
import tardy.events.Times;
import tardy.record.heap.HeapSeries;

/**
 * The share of a run's time not stopped by GC pauses, over the time from its first to its last
 * GC pause as the log stamps them, and the lowest share over any window of a given length inside
 * that time. Each pause is the stretch its duration covers before its stamp (after it, for a log
 * that stamps pauses when they began); pauses that overlap count once.
 */
final class Throughput {

  private static final long MILLI = 1_000_000;

  private final long lo; // the covered time, ns on the run's clock
  private final long hi;
  private final long[] starts; // the pauses' union, sorted, disjoint
  private final long[] ends;
  private final long[] before; // before[k]: the stopped time of the stretches before k

  private Throughput(long lo, long hi, long[] starts, long[] ends) {
    this.lo = lo;
    this.hi = hi;
    this.starts = starts;
    this.ends = ends;
    this.before = new long[starts.length + 1];
    for (int k = 0; k < starts.length; k++) {
      before[k + 1] = before[k] + ends[k] - starts[k];
    }
  }

  static Throughput of(HeapSeries s, int from, int to, boolean uptime) {
    // the stretches' starts and ends, each sorted on its own: a pair per pause would be an object
    // per pause, 2.5 million of them for a few days of a busy JVM, more than the default heap
    long[] opened = new long[to - from];
    long[] closed = new long[to - from];
    int n = 0;
    long lo = Long.MAX_VALUE;
    long hi = Long.MIN_VALUE;
    for (int i = from; i < to; i++) {
      long t = HeapAnalyzer.time(s, i, uptime);
      if (!Times.isSet(t)) {
        continue;
      }
      long stamp = t * MILLI;
      long pause = s.pauseNanos(i);
      boolean atStart = (s.flags(i) & HeapSeries.STAMPED_AT_START) != 0;
      opened[n] = atStart ? stamp : stamp - pause;
      closed[n] = atStart ? stamp + pause : stamp;
      n++;
      lo = Math.min(lo, stamp);
      hi = Math.max(hi, stamp);
    }
    Arrays.sort(opened, 0, n);
    Arrays.sort(closed, 0, n);
    long[] starts = new long[n];
    long[] ends = new long[n];
    int m = 0;
    int open = 0;
    // the union, swept: how many stretches cover a time is the starts up to it less the ends
    // before it, whichever stretch each belongs to; a start at an end keeps the union open, so
    // stretches that touch stop the application once
    for (int i = 0, j = 0; j < n; ) {
      if (i < n && opened[i] <= closed[j]) {
        if (open++ == 0) {
          starts[m] = opened[i];
        }
        i++;
      } else {
        if (--open == 0) {
          ends[m++] = closed[j];
        }
        j++;
      }
    }
    return new Throughput(n == 0 ? 0 : lo, n == 0 ? 0 : hi, Arrays.copyOf(starts, m),
        Arrays.copyOf(ends, m));
  }

  /** Over the whole covered time; empty when it is no time at all. */
  Optional<Double> overall() {
    return hi > lo ? Optional.of(share(lo, hi)) : Optional.empty();
  }

  /**
   * The window of {@code lengthMillis} with the lowest throughput, the earliest of equals; empty
   * when the covered time is shorter. The lowest is found among the windows that start where a
   * pause starts or end where one ends (any other window can slide towards one of those without
   * losing stopped time), held inside the covered time.
   */
  Optional<HeapRun.Window> worst(long lengthMillis) {
    long w = lengthMillis * MILLI;
    if (hi - lo < w) {
      return Optional.empty();
    }
    long bestStart = lo;
    long bestStopped = stopped(lo, lo + w);
    // each kind of window starts later as k grows, so its search only moves forward: a sweep
    // per kind, where two searches per window took a quarter of a 5 M-line log's analysis
    for (boolean atStarts : new boolean[] {true, false}) {
      Sweep sweep = new Sweep();
      for (int k = 0; k < starts.length; k++) {
        long ws = clamp(atStarts ? starts[k] : ends[k] - w, lo, hi - w);
        long stopped = sweep.stopped(ws, ws + w);
        if (stopped > bestStopped || stopped == bestStopped && ws < bestStart) {
          bestStopped = stopped;
          bestStart = ws;
        }
      }
    }
    return Optional.of(new HeapRun.Window(Math.floorDiv(bestStart, MILLI), lengthMillis,
        1.0 - (double) bestStopped / w));
  }

  private double share(long from, long to) {
    return 1.0 - (double) stopped(from, to) / (to - from);
  }

  private static long clamp(long v, long min, long max) {
    return Math.max(min, Math.min(max, v));
  }

  /** The stopped time inside [from, to): a sweep from the first stretch (one window, once). */
  long stopped(long from, long to) {
    return new Sweep().stopped(from, to);
  }

  /**
   * The stopped time inside [from, to), given the first stretch that ends after {@code from} and
   * the last that starts before {@code to}.
   */
  private long stopped(long from, long to, int first, int last) {
    if (first > last) {
      return 0;
    }
    long sum = before[last + 1] - before[first];
    sum -= Math.max(0, from - starts[first]);
    sum -= Math.max(0, ends[last] - to);
    return sum;
  }

  /**
   * The stopped time inside windows that never start earlier than the one before: the first and
   * last stretch a window touches only move forward.
   */
  private final class Sweep {
    private int first; // the first stretch that ends after the window's start
    private int next; // the first stretch that starts at the window's end or later

    long stopped(long from, long to) {
      while (first < ends.length && ends[first] <= from) {
        first++;
      }
      while (next < starts.length && starts[next] < to) {
        next++;
      }
      return Throughput.this.stopped(from, to, first, next - 1);
    }
  }
}
