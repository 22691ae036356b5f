package tardy.render.json;

import tardy.analysis.heap.HeapRun;
import tardy.analysis.heap.LongPauses;
import tools.jackson.core.JsonGenerator;

/** The keys of an {@code allocation-before-long-pauses} finding (docs/json-schema.md). */
final class LongPausesJson {

  private LongPausesJson() {}

  static void write(JsonGenerator g, LongPauses l, boolean wallClock) {
    g.writeNumberProperty("long_pause_ns", l.thresholdNanos());
    if (l.bytesPerSecond().isPresent()) {
      g.writeNumberProperty("allocation_bytes_per_second_before", l.bytesPerSecond().get());
    }
    if (l.runBytesPerSecond().isPresent()) {
      g.writeNumberProperty("run_allocation_bytes_per_second", l.runBytesPerSecond().get());
    }
    g.writeArrayPropertyStart("long_pauses");
    for (HeapRun.Point p : l.worst()) {
      g.writeStartObject();
      g.writeNumberProperty(wallClock ? "time_ms" : "uptime_ms", p.millis());
      g.writeNumberProperty("pause_ns", p.pauseNanos());
      g.writeEndObject();
    }
    g.writeEndArray();
  }
}
