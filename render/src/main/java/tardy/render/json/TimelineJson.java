package tardy.render.json;

import tools.jackson.core.JsonGenerator;
import tardy.analysis.Correlation;
import tardy.record.pause.PauseIndex;

/** The JSON object {@code timeline}: requests and JVM pauses on one clock (docs/json-schema.md). */
final class TimelineJson {

  private TimelineJson() {}

  /** How pauses with uptime only were placed: --start-time, the logs' own anchors. */
  private static void uptimePlaced(JsonGenerator g, PauseIndex index) {
    g.writeObjectPropertyStart("uptime_placed");
    g.writeNumberProperty("start_time_pauses", index.startTimePauses());
    if (index.startTimePauses() > 0) {
      g.writeNumberProperty("start_time_ms", index.startTimeMillis());
    }
    g.writeArrayPropertyStart("by_log_lines");
    for (PauseIndex.Anchored a : index.anchored()) {
      g.writeStartObject();
      g.writeStringProperty("source", a.source());
      g.writeNumberProperty("pauses", a.pauses());
      g.writeNumberProperty("lines", a.lines());
      g.writeNumberProperty("first_line", a.firstLine());
      g.writeNumberProperty("first_wall_ms", a.firstWallMillis());
      g.writeNumberProperty("first_uptime_ms", a.firstUptimeMillis());
      g.writeNumberProperty("drift_ms", a.spreadMillis());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  static void write(JsonGenerator g, Correlation c) {
    g.writeObjectPropertyStart("timeline");
    g.writeNumberProperty("tolerance_ns", c.toleranceNanos());
    g.writeNumberProperty("request_resolution_ms", c.requestResolutionMillis());
    g.writeNumberProperty("pauses", c.pausesPlaced());
    g.writeNumberProperty("stops", c.stops());
    g.writeNumberProperty("pauses_unplaced", c.pausesUnplaced());
    uptimePlaced(g, c.pauses());
    g.writeNumberProperty("requests_unplaced", c.requestsUnplaced());
    g.writeArrayPropertyStart("operations");
    for (Correlation.Operation o : c.operations()) {
      g.writeStartObject();
      g.writeStringProperty("key", o.key());
      g.writeNumberProperty("count", o.count());
      g.writeNumberProperty("overlapped", o.overlapped());
      g.writeNumberProperty("slow_ns", o.slowNanos());
      g.writeStringProperty("slow_from", o.slowFrom());
      g.writeNumberProperty("slow", o.slow());
      g.writeNumberProperty("slow_overlapped", o.slowOverlapped());
      if (o.count() > o.overlapped()) {
        JsonRenderer.percentiles(g, "percentiles_without_overlapped_ns", o.without());
      }
      g.writeArrayPropertyStart("pauses");
      for (Correlation.Met m : o.pauses()) {
        g.writeStartObject();
        g.writeStringProperty("kind", m.kind());
        g.writeStringProperty("family", m.family());
        g.writeNumberProperty("requests", m.requests());
        g.writeNumberProperty("longest_start_epoch_ns", m.longestStartEpochNanos());
        g.writeNumberProperty("longest_ns", m.longestNanos());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayPropertyStart("pause_kinds");
    for (Correlation.Kind k : c.kinds()) {
      g.writeStartObject();
      g.writeStringProperty("kind", k.kind());
      g.writeStringProperty("family", k.family());
      g.writeNumberProperty("pauses", k.pauses());
      g.writeNumberProperty("stopped_ns", k.stoppedNanos());
      g.writeNumberProperty("requests", k.requests());
      g.writeEndObject();
    }
    g.writeEndArray();
    if (c.headline().isPresent()) {
      g.writeStringProperty("headline", c.headline().get().key());
    }
    g.writeEndObject();
  }
}
