package tardy.analysis.heap;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tardy.events.Times;
import tardy.record.clock.UptimeRuns;
import tardy.record.heap.CycleSeries;
import tardy.record.heap.HeapSeries;

/**
 * Works out, run by run, what a GC analyst looks at first from the GC pauses in log order:
 * throughput and its worst windows, the heap after GC, the allocation rate and the live set's
 * trend (see {@link HeapRun} for the definitions).
 */
public final class HeapAnalyzer {

  static final long MINUTE_MILLIS = 60_000;
  static final long TEN_MINUTES_MILLIS = 600_000;

  private HeapAnalyzer() {}

  /**
   * One entry per JVM run; empty when the series holds no pause with a heap transition and no
   * concurrent cycle. A concurrent collector's heap figures are its cycles' ({@link CycleHeap}):
   * the k-th run of its cycles gives the k-th run of its pauses its heap, and a run of cycles
   * without pauses (ZGC logged with {@code -Xlog:gc} alone) is a run with no pause.
   */
  public static List<HeapRun> runs(HeapSeries series) {
    if (!series.hasHeap()) {
      return List.of();
    }
    List<HeapRun> runs = series.size() == 0 ? List.of() : pauseRuns(series);
    CycleSeries cycles = series.cycles();
    if (cycles.size() == 0) {
      return runs;
    }
    boolean uptime = series.size() == 0 ? CycleHeap.onUptime(cycles) : onUptime(series);
    List<Integer> starts = CycleHeap.runStarts(cycles, uptime);
    List<HeapRun> out = new ArrayList<>();
    for (int k = 0; k + 1 < starts.size() || k < runs.size(); k++) {
      CyclePoints points = k + 1 < starts.size()
          ? CyclePoints.of(cycles, starts.get(k), starts.get(k + 1), uptime) : null;
      Optional<HeapRun.Heap> heap = points == null ? Optional.empty()
          : CycleHeap.of(cycles, starts.get(k), starts.get(k + 1), uptime, points);
      List<HeapRun.Cycle> drawn = heap.isPresent() ? points.cycles() : List.of();
      if (k < runs.size()) {
        out.add(heap.isPresent() ? runs.get(k).withHeap(heap.get(), drawn) : runs.get(k));
      } else if (heap.isPresent()) {
        out.add(new HeapRun(k + 1, !uptime, CycleHeap.time(cycles, starts.get(k), uptime),
            CycleHeap.time(cycles, starts.get(k + 1) - 1, uptime), 0, 0, Optional.empty(),
            Optional.empty(), Optional.empty(), heap, new HeapRun.Troubles(0, 0, 0, 0, 0, 0),
            List.of(), Optional.empty(), drawn));
      }
    }
    return List.copyOf(out);
  }

  private static List<HeapRun> pauseRuns(HeapSeries series) {
    boolean uptime = onUptime(series);
    List<HeapRun> runs = new ArrayList<>();
    int from = 0;
    long previous = Times.NONE;
    for (int i = 0; i < series.size(); i++) {
      long t = time(series, i, uptime);
      if (uptime && Times.isSet(t) && Times.isSet(previous) && UptimeRuns.isRestart(previous, t)) {
        runs.add(run(series, from, i, uptime, runs.size() + 1));
        from = i;
      }
      if (Times.isSet(t)) {
        previous = t;
      }
    }
    runs.add(run(series, from, series.size(), uptime, runs.size() + 1));
    return List.copyOf(runs);
  }

  /** Uptime is the clock when every pause with a time has it (it restarts with the JVM). */
  private static boolean onUptime(HeapSeries s) {
    boolean any = false;
    for (int i = 0; i < s.size(); i++) {
      if (Times.isSet(s.wallMillis(i)) && !Times.isSet(s.uptimeMillis(i))) {
        return false;
      }
      any |= Times.isSet(s.uptimeMillis(i));
    }
    return any;
  }

  static long time(HeapSeries s, int i, boolean uptime) {
    return uptime ? s.uptimeMillis(i) : s.wallMillis(i);
  }

  private static HeapRun run(HeapSeries s, int from, int to, boolean uptime, int number) {
    long paused = 0;
    long first = Times.NONE;
    long last = Times.NONE;
    long full = 0, mixed = 0, humongous = 0, evacuation = 0, promotion = 0, concurrent = 0;
    for (int i = from; i < to; i++) {
      paused += s.pauseNanos(i);
      long t = time(s, i, uptime);
      if (Times.isSet(t)) {
        first = Times.isSet(first) ? Math.min(first, t) : t;
        last = Times.isSet(last) ? Math.max(last, t) : t;
      }
      int f = s.flags(i);
      full += (f & HeapSeries.FULL) != 0 ? 1 : 0;
      mixed += (f & HeapSeries.MIXED) != 0 ? 1 : 0;
      humongous += (f & HeapSeries.HUMONGOUS) != 0 ? 1 : 0;
      evacuation += (f & HeapSeries.EVACUATION_FAILED) != 0 ? 1 : 0;
      promotion += (f & HeapSeries.PROMOTION_FAILED) != 0 ? 1 : 0;
      concurrent += (f & HeapSeries.CONCURRENT_MODE_FAILURE) != 0 ? 1 : 0;
    }
    Throughput throughput = Throughput.of(s, from, to, uptime);
    return new HeapRun(number, !uptime, first, last, to - from, paused,
        throughput.overall(), throughput.worst(MINUTE_MILLIS), throughput.worst(TEN_MINUTES_MILLIS),
        heap(s, from, to, uptime),
        new HeapRun.Troubles(full, mixed, humongous, evacuation, promotion, concurrent),
        PausePoints.of(s, from, to, uptime), Optional.empty());
  }

  private static Optional<HeapRun.Heap> heap(HeapSeries s, int from, int to, boolean uptime) {
    long transitions = 0;
    long allocated = 0;
    long firstTime = Times.NONE;
    long lastTime = Times.NONE;
    long previousAfter = Times.NONE;
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    long lastAfter = Times.NONE;
    long capacity = 0;
    for (int i = from; i < to; i++) {
      long before = s.beforeBytes(i);
      long after = s.afterBytes(i);
      long t = time(s, i, uptime);
      if (!Times.isSet(before) || !Times.isSet(after) || !Times.isSet(t)) {
        continue;
      }
      transitions++;
      if (Times.isSet(previousAfter)) {
        allocated += Math.max(0, before - previousAfter);
      }
      previousAfter = after;
      firstTime = Times.isSet(firstTime) ? firstTime : t;
      lastTime = t;
      min = Math.min(min, after);
      max = Math.max(max, after);
      lastAfter = after;
      if (Times.isSet(s.capacityBytes(i))) {
        capacity = Math.max(capacity, s.capacityBytes(i));
      }
    }
    if (transitions == 0) {
      return Optional.empty();
    }
    return Optional.of(new HeapRun.Heap(transitions, allocated, firstTime, lastTime - firstTime, min, max,
        lastAfter, capacity, LiveSetTrend.of(s, from, to, uptime, capacity),
        GenerationFigures.generations(s, from, to, uptime, capacity),
        GenerationFigures.metaspace(s::metaspaceAfterBytes, from, to), false));
  }
}
