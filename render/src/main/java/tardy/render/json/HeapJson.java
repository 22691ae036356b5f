package tardy.render.json;

import java.util.List;
import java.util.Optional;
import tardy.analysis.heap.HeapRun;
import tools.jackson.core.JsonGenerator;

/** The JSON array {@code heap}: per JVM run, its heap and throughput (docs/json-schema.md). */
final class HeapJson {

  private HeapJson() {}

  /**
   * {@code stalls_not_in_throughput}, where the input has stalls: per kind its stalls and their
   * time added up, which the runs' throughput leaves out (a stall holds one thread).
   */
  static void stalls(JsonGenerator g, List<tardy.analysis.StallTime> stalls) {
    if (stalls.isEmpty()) {
      return;
    }
    g.writeArrayPropertyStart("stalls_not_in_throughput");
    for (tardy.analysis.StallTime t : stalls) {
      g.writeStartObject();
      g.writeStringProperty("kind", t.kind());
      g.writeNumberProperty("stalls", t.count());
      g.writeNumberProperty("stalled_ns", t.nanos());
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  static void write(JsonGenerator g, List<HeapRun> runs) {
    g.writeArrayPropertyStart("heap");
    for (HeapRun r : runs) {
      String at = r.wallClock() ? "_ms" : "_uptime_ms";
      g.writeStartObject();
      g.writeNumberProperty("run", r.run());
      g.writeNumberProperty("first" + at, r.firstMillis());
      g.writeNumberProperty("last" + at, r.lastMillis());
      g.writeNumberProperty("gc_pauses", r.pauses());
      g.writeNumberProperty("paused_ns", r.pausedNanos());
      if (r.throughput().isPresent()) {
        g.writeNumberProperty("throughput", r.throughput().get());
      }
      window(g, "worst_minute", r.worstMinute(), at);
      window(g, "worst_10_minutes", r.worstTenMinutes(), at);
      if (r.heap().isPresent()) {
        HeapRun.Heap h = r.heap().get();
        g.writeNumberProperty("transitions", h.transitions());
        if (h.cycles()) { // a concurrent collector's: absent for the others, whose output stays
          g.writeBooleanProperty("cycles", true);
        }
        g.writeNumberProperty("after_min_bytes", h.afterMinBytes());
        g.writeNumberProperty("after_max_bytes", h.afterMaxBytes());
        g.writeNumberProperty("after_last_bytes", h.afterLastBytes());
        g.writeNumberProperty("capacity_max_bytes", h.capacityMaxBytes());
        g.writeNumberProperty("allocated_bytes", h.allocatedBytes());
        g.writeNumberProperty("allocation_ms", h.allocationMillis());
        if (h.allocationBytesPerSecond().isPresent()) {
          g.writeNumberProperty("allocation_bytes_per_second", h.allocationBytesPerSecond().get());
        }
        if (h.liveSet().isPresent()) {
          liveSet(g, "live_set", h.liveSet().get(), at, false);
        }
        if (h.generations().isPresent()) {
          HeapRun.Generations n = h.generations().get();
          g.writeObjectPropertyStart("generations");
          g.writeNumberProperty("pauses", n.pauses());
          g.writeNumberProperty("young_after_max_bytes", n.youngAfterMaxBytes());
          g.writeNumberProperty("old_after_min_bytes", n.oldAfterMinBytes());
          g.writeNumberProperty("old_after_max_bytes", n.oldAfterMaxBytes());
          g.writeNumberProperty("old_after_last_bytes", n.oldAfterLastBytes());
          g.writeNumberProperty("young_collections", n.youngCollections());
          g.writeNumberProperty("promoted_bytes", n.promotedBytes());
          g.writeNumberProperty("promotion_ms", n.promotionMillis());
          if (n.promotionBytesPerSecond().isPresent()) {
            g.writeNumberProperty("promotion_bytes_per_second", n.promotionBytesPerSecond().get());
          }
          if (n.oldFloor().isPresent()) {
            liveSet(g, "old_floor", n.oldFloor().get(), at, true);
          }
          g.writeEndObject();
        }
        if (h.metaspace().isPresent()) {
          HeapRun.Metaspace m = h.metaspace().get();
          g.writeObjectPropertyStart("metaspace");
          g.writeNumberProperty("pauses", m.pauses());
          g.writeNumberProperty("after_first_bytes", m.afterFirstBytes());
          g.writeNumberProperty("after_max_bytes", m.afterMaxBytes());
          g.writeNumberProperty("after_last_bytes", m.afterLastBytes());
          g.writeEndObject();
        }
      }
      HeapRun.Troubles t = r.troubles();
      g.writeObjectPropertyStart("collections");
      g.writeNumberProperty("full", t.full());
      g.writeNumberProperty("mixed", t.mixed());
      g.writeNumberProperty("humongous", t.humongous());
      g.writeNumberProperty("evacuation_failed", t.evacuationFailed());
      g.writeNumberProperty("promotion_failed", t.promotionFailed());
      g.writeNumberProperty("concurrent_mode_failure", t.concurrentModeFailure());
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  private static void liveSet(JsonGenerator g, String name, HeapRun.LiveSet l, String at,
      boolean line) {
    g.writeObjectPropertyStart(name);
    g.writeStringProperty("after", l.from());
    g.writeNumberProperty("collections", l.samples());
    g.writeNumberProperty("first_bytes", l.firstBytes());
    g.writeNumberProperty("last_bytes", l.lastBytes());
    g.writeNumberProperty("first" + at, l.firstMillis());
    g.writeNumberProperty("last" + at, l.lastMillis());
    g.writeNumberProperty("trend_bytes_per_second", l.bytesPerSecond());
    g.writeBooleanProperty("growing", l.growing());
    if (line) {
      g.writeNumberProperty("line_start_bytes", l.lineStartBytes());
      g.writeNumberProperty("line_end_bytes", l.lineEndBytes());
    }
    g.writeEndObject();
  }

  private static void window(JsonGenerator g, String name, Optional<HeapRun.Window> w, String at) {
    if (w.isPresent()) {
      g.writeObjectPropertyStart(name);
      g.writeNumberProperty("start" + at, w.get().startMillis());
      g.writeNumberProperty("length_ms", w.get().lengthMillis());
      g.writeNumberProperty("throughput", w.get().throughput());
      g.writeEndObject();
    }
  }
}
