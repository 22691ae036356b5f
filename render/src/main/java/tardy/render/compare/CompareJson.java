package tardy.render.compare;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import tardy.analysis.Analysis;
import tardy.analysis.compare.BudgetCheck;
import tardy.analysis.compare.Change;
import tardy.analysis.compare.Comparison;
import tardy.analysis.compare.OperationChange;
import tardy.analysis.compare.QuantileTest;
import tardy.record.InputSummary;
import tardy.render.json.JsonRenderer;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.exc.JacksonIOException;

/**
 * The comparison document ({@code "document": "comparison"}, its own schema number), documented in
 * docs/json-schema.md. Durations are integer nanoseconds, as in the report's document.
 */
public final class CompareJson {

  public static final int SCHEMA = 1;

  private CompareJson() {}

  public static void render(Comparison c, OutputStream out) throws IOException {
    try {
      try (JsonGenerator g = JsonRenderer.generator(out)) {
        write(g, c);
      }
      out.write('\n');
    } catch (JacksonIOException e) {
      throw e.getCause() != null ? e.getCause() : new IOException(e.getMessage(), e);
    }
  }

  private static void write(JsonGenerator g, Comparison c) {
    g.writeStartObject();
    g.writeStringProperty("document", "comparison");
    g.writeNumberProperty("schema", SCHEMA);
    g.writeStringProperty("tool", c.tool());
    g.writeStringProperty("test", "quantile");
    g.writeNumberProperty("alpha", BigDecimal.valueOf(c.alpha()));
    side(g, "before", c.before(), c.beforeTable());
    side(g, "after", c.after(), c.afterTable());
    g.writeArrayPropertyStart("operations");
    for (OperationChange op : c.operations()) {
      operation(g, op);
    }
    g.writeEndArray();
    if (c.verdict().isPresent()) {
      g.writeObjectPropertyStart("gate");
      g.writeStringProperty("verdict", c.verdict().get().label());
      g.writeArrayPropertyStart("budgets");
      for (BudgetCheck k : c.budgets()) {
        g.writeStartObject();
        g.writeStringProperty("family", k.operation().family().key());
        g.writeStringProperty("key", k.operation().key());
        g.writeStringProperty("budget", k.budget().name());
        g.writeStringProperty("max_increase", k.budget().text());
        g.writeStringProperty("outcome", k.outcome().label());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  private static void side(JsonGenerator g, String name, Analysis a,
      java.util.Optional<tardy.analysis.compare.TableSlice> table) {
    g.writeObjectPropertyStart(name);
    if (table.isPresent()) { // a table has no inputs: what was read instead
      g.writeObjectPropertyStart("table");
      g.writeStringProperty("path", table.get().table());
      g.writeArrayPropertyStart("where");
      for (String w : table.get().where()) {
        g.writeString(w);
      }
      g.writeEndArray();
      g.writeNumberProperty("rows", table.get().rows());
      g.writeNumberProperty("partitions", table.get().partitions());
      g.writeEndObject();
    }
    g.writeArrayPropertyStart("inputs");
    for (InputSummary in : a.inputs()) {
      g.writeStartObject();
      g.writeStringProperty("source", in.source());
      g.writeStringProperty("format", in.format());
      g.writeNumberProperty("lines", in.lines());
      g.writeNumberProperty("parsed", in.parsed());
      g.writeNumberProperty("ignored", in.ignored());
      g.writeNumberProperty("malformed", in.malformed());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private static void operation(JsonGenerator g, OperationChange op) {
    g.writeStartObject();
    g.writeStringProperty("family", op.family().key());
    g.writeStringProperty("key", op.key());
    g.writeStringProperty("presence", op.presence().word());
    g.writeNumberProperty("before_count", op.beforeCount());
    g.writeNumberProperty("after_count", op.afterCount());
    g.writeArrayPropertyStart("percentiles");
    for (Change ch : op.changes()) {
      g.writeStartObject();
      g.writeStringProperty("percentile", ch.label());
      g.writeNumberProperty("before_ns", ch.beforeNanos());
      g.writeNumberProperty("after_ns", ch.afterNanos());
      g.writeNumberProperty("change_ns", ch.deltaNanos());
      BigDecimal relative = CompareWords.relativeFraction(ch);
      if (relative == null) {
        g.writeNullProperty("relative_change");
      } else {
        g.writeNumberProperty("relative_change", relative);
      }
      BigDecimal p = CompareWords.pValue(ch.pValue());
      if (p == null) {
        g.writeNullProperty("p_value");
      } else {
        g.writeNumberProperty("p_value", p);
      }
      g.writeStringProperty("significance", ch.verdict().word());
      if (ch.verdict() != Change.Significance.UNTESTED) {
        g.writeNumberProperty("min_count", QuantileTest.minCount(Double.parseDouble(ch.label())));
      }
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }
}
