package tardy.render.json;

import tools.jackson.core.JsonGenerator;
import tardy.analysis.fleet.FleetView;
import tardy.analysis.slo.ErrorBudget;
import tardy.render.FleetWords;

/** The fleet view as the report's {@code "fleet"} object: every host, every failed budget. */
public final class FleetJson {

  private FleetJson() {}

  public static void write(JsonGenerator g, FleetView v) {
    g.writeObjectPropertyStart("fleet");
    g.writeStringProperty("column", v.column());
    g.writeStringProperty("measure", "share_above_peers_p99");
    g.writeNumberProperty("min_count", v.minCount());
    g.writeArrayPropertyStart("hosts");
    for (FleetView.Host h : v.hosts()) {
      g.writeStartObject();
      g.writeStringProperty("value", h.value());
      g.writeNumberProperty("count", h.count());
      g.writeNumberProperty("compared", h.compared());
      g.writeNumberProperty("above", h.above());
      g.writeNumberProperty("share", h.share());
      g.writeArrayPropertyStart("groups");
      for (FleetView.GroupDiff d : h.groups()) {
        g.writeStartObject();
        g.writeStringProperty("family", d.family().key());
        g.writeStringProperty("key", d.name());
        g.writeNumberProperty("count", d.count());
        g.writeNumberProperty("above", d.above());
        g.writeNumberProperty("share", d.share());
        g.writeNumberProperty("p99_ns", d.hostP99Nanos());
        g.writeNumberProperty("peers_p99_ns", d.peersP99Nanos());
        g.writeNumberProperty("fleet_p99_ns", d.fleetP99Nanos());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeBooleanProperty("judged", v.judged());
    g.writeArrayPropertyStart("failures");
    for (FleetView.Failure f : v.failures()) {
      g.writeStartObject();
      g.writeStringProperty("value", f.host());
      g.writeStringProperty("family", f.family().key());
      g.writeStringProperty("key", f.name());
      g.writeStringProperty("budget", f.budget());
      g.writeNumberProperty("limit_ns", f.limitNanos());
      g.writeNumberProperty("actual_ns", f.actualNanos());
      g.writeNumberProperty("over", f.over());
      g.writeNumberProperty("count", f.count());
      g.writeEndObject();
    }
    g.writeEndArray();
    if (!v.budgets().isEmpty()) { // only with objectives: a view without keeps its bytes
      g.writeArrayPropertyStart("error_budgets");
      for (FleetView.Budget b : v.budgets()) {
        ErrorBudget e = b.budget();
        g.writeStartObject();
        g.writeStringProperty("value", b.host());
        g.writeStringProperty("requirement", e.requirement());
        g.writeNumberProperty("total", e.total());
        g.writeNumberProperty("bad", e.bad());
        if (!e.noData()) {
          g.writeNumberProperty("spent_share", e.spent());
          g.writeNumberProperty("left_share", e.left());
          g.writeNumberProperty("burn_last_hour", e.burnLastHour());
        }
        g.writeStringProperty("verdict", FleetWords.verdict(b));
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    g.writeEndObject();
  }
}
