package tardy.render.json;

import tardy.analysis.RateOverTime;
import tools.jackson.core.JsonGenerator;

/**
 * A request span's {@code rate}: the slices the table's "Rate per …" line is read from, each with
 * its requests and the time it covers (docs/json-schema.md), so a reader can plot them.
 */
final class RateJson {

  private RateJson() {}

  static void write(JsonGenerator g, RateOverTime rate) {
    g.writeObjectPropertyStart("rate");
    g.writeNumberProperty("slice_ms", rate.sliceMillis());
    g.writeNumberProperty("median_per_second", rate.medianPerSecond());
    g.writeArrayPropertyStart("slices");
    for (RateOverTime.Slice s : rate.slices()) {
      g.writeStartObject();
      g.writeNumberProperty("start_ms", s.startMillis());
      g.writeNumberProperty("covered_ms", s.coveredMillis());
      g.writeNumberProperty("events", s.events());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }
}
