package tardy.render.json;

import java.util.List;
import tardy.analysis.HeapBudgetResult;
import tools.jackson.core.JsonGenerator;

/** The JSON array {@code heap_budgets}: one object per budget and JVM run (docs/json-schema.md). */
final class HeapBudgetJson {

  private HeapBudgetJson() {}

  static void write(JsonGenerator g, List<HeapBudgetResult> results) {
    g.writeArrayPropertyStart("heap_budgets");
    for (HeapBudgetResult r : results) {
      g.writeStartObject();
      g.writeStringProperty("budget", r.budget());
      if (r.run() > 0) {
        g.writeNumberProperty("run", r.run());
      }
      g.writeNumberProperty(r.isMin() ? "min" : "max", r.limit());
      if (r.actual().isPresent()) {
        g.writeNumberProperty("actual", r.actual().get());
      }
      g.writeStringProperty("verdict", r.verdict().label());
      g.writeEndObject();
    }
    g.writeEndArray();
  }
}
