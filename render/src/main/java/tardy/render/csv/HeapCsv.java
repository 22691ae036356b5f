package tardy.render.csv;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tardy.analysis.heap.HeapRun;

/**
 * The JVM runs' heap and throughput in the CSV, when a GC log's pauses printed the heap (JSON's
 * {@code heap}): columns after the usual ones (and the error budgets'), and after the usual rows
 * one row per run ({@code heap_row} {@code run}), which leaves the usual columns empty but {@code
 * family}; the usual rows leave these columns empty. The names are JSON's keys, nested objects
 * joined by {@code _}, each prefixed {@code heap_}; times are epoch ms, or the JVM's uptime in ms
 * where {@code heap_clock} is {@code uptime}; a figure the run does not have is an empty cell.
 */
final class HeapCsv {

  static final List<String> COLUMNS = List.of("heap_row", "heap_run", "heap_clock",
      "heap_first_ms", "heap_last_ms", "heap_gc_pauses", "heap_paused_ns", "heap_throughput",
      "heap_worst_minute_start_ms", "heap_worst_minute_throughput",
      "heap_worst_10_minutes_start_ms", "heap_worst_10_minutes_throughput", "heap_transitions",
      "heap_after_min_bytes", "heap_after_max_bytes", "heap_after_last_bytes",
      "heap_capacity_max_bytes", "heap_allocated_bytes", "heap_allocation_ms",
      "heap_allocation_bytes_per_second", "heap_live_set_after", "heap_live_set_collections",
      "heap_live_set_first_bytes", "heap_live_set_last_bytes",
      "heap_live_set_trend_bytes_per_second", "heap_live_set_growing",
      "heap_generations_pauses", "heap_young_after_max_bytes", "heap_old_after_min_bytes",
      "heap_old_after_max_bytes", "heap_old_after_last_bytes", "heap_young_collections",
      "heap_promoted_bytes", "heap_promotion_ms", "heap_promotion_bytes_per_second",
      "heap_old_floor_after", "heap_old_floor_collections", "heap_old_floor_first_bytes",
      "heap_old_floor_last_bytes", "heap_old_floor_trend_bytes_per_second",
      "heap_old_floor_growing", "heap_metaspace_after_first_bytes",
      "heap_metaspace_after_max_bytes", "heap_metaspace_after_last_bytes", "heap_full",
      "heap_mixed", "heap_humongous", "heap_evacuation_failed", "heap_promotion_failed",
      "heap_concurrent_mode_failure");

  /**
   * The column that follows the heap's where the input has stalls: on each stall kind's row
   * ({@code family} {@code stall}), their time added up, which the runs' {@code heap_throughput}
   * leaves out (a stall holds one thread); empty on every other row.
   */
  static final String STALLS_COLUMN = "heap_stalled_ns_not_in_throughput";

  private HeapCsv() {}

  /** A group's row, with its stalled time last when it is a stall kind's and the column is there. */
  static List<Object> stalledTime(List<Object> row, tardy.analysis.Summary s, boolean column,
      int width) {
    if (column && s.family() == tardy.events.Family.STALL) {
      while (row.size() < width - 1) {
        row.add("");
      }
      row.add(s.sumNanos());
    }
    return row;
  }

  /** The run's row: {@code width} usual cells first, the family's set. */
  static List<Object> row(HeapRun r, int width, int familyColumn, String family) {
    List<Object> c = new ArrayList<>(width + COLUMNS.size());
    for (int i = 0; i < width; i++) {
      c.add("");
    }
    c.set(familyColumn, family);
    c.addAll(List.of("run", r.run(), r.wallClock() ? "wall" : "uptime", r.firstMillis(),
        r.lastMillis(), r.pauses(), r.pausedNanos(), plain(r.throughput())));
    window(c, r.worstMinute());
    window(c, r.worstTenMinutes());
    Optional<HeapRun.Heap> heap = r.heap();
    if (heap.isPresent()) {
      HeapRun.Heap h = heap.get();
      c.addAll(List.of(h.transitions(), h.afterMinBytes(), h.afterMaxBytes(), h.afterLastBytes(),
          h.capacityMaxBytes(), h.allocatedBytes(), h.allocationMillis(),
          plain(h.allocationBytesPerSecond())));
      liveSet(c, h.liveSet());
      if (h.generations().isPresent()) {
        HeapRun.Generations g = h.generations().get();
        c.addAll(List.of(g.pauses(), g.youngAfterMaxBytes(), g.oldAfterMinBytes(),
            g.oldAfterMaxBytes(), g.oldAfterLastBytes(), g.youngCollections(), g.promotedBytes(),
            g.promotionMillis(), plain(g.promotionBytesPerSecond())));
        liveSet(c, g.oldFloor());
      } else {
        empty(c, 9 + 6);
      }
      if (h.metaspace().isPresent()) {
        HeapRun.Metaspace m = h.metaspace().get();
        c.addAll(List.of(m.afterFirstBytes(), m.afterMaxBytes(), m.afterLastBytes()));
      } else {
        empty(c, 3);
      }
    } else {
      empty(c, 8 + 6 + 9 + 6 + 3);
    }
    HeapRun.Troubles t = r.troubles();
    c.addAll(List.of(t.full(), t.mixed(), t.humongous(), t.evacuationFailed(),
        t.promotionFailed(), t.concurrentModeFailure()));
    return c;
  }

  private static void window(List<Object> c, Optional<HeapRun.Window> w) {
    if (w.isPresent()) {
      c.add(w.get().startMillis());
      c.add(plain(w.get().throughput()));
    } else {
      empty(c, 2);
    }
  }

  private static void liveSet(List<Object> c, Optional<HeapRun.LiveSet> l) {
    if (l.isPresent()) {
      HeapRun.LiveSet s = l.get();
      c.addAll(List.of(s.from(), s.samples(), s.firstBytes(), s.lastBytes(),
          plain(s.bytesPerSecond()), s.growing()));
    } else {
      empty(c, 6);
    }
  }

  private static void empty(List<Object> c, int cells) {
    for (int i = 0; i < cells; i++) {
      c.add("");
    }
  }

  private static String plain(Optional<Double> v) {
    return v.map(HeapCsv::plain).orElse("");
  }

  /** Plain decimal, never an exponent; empty for NaN. */
  private static String plain(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? "" : BigDecimal.valueOf(v).toPlainString();
  }
}
