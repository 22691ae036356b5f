package tardy.render.json;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import tardy.render.LiveFrame;
import tardy.analysis.VerdictChanges;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.exc.JacksonIOException;

/**
 * One refresh of {@code --follow} as one line of JSON (JSON lines): the live facts, then the
 * window's and the whole run's analyses, each the object a batch run writes (schema 2).
 */
public final class LiveJson {

  private LiveJson() {}

  public static void write(LiveFrame f, OutputStream out) throws IOException {
    try {
      try (JsonGenerator g = JsonRenderer.compactGenerator(out)) {
        g.writeStartObject();
        g.writeNumberProperty("schema", JsonRenderer.SCHEMA);
        g.writeStringProperty("tool", f.window().tool());
        g.writeObjectPropertyStart("live");
        g.writeNumberProperty("elapsed_ns", f.elapsedNanos());
        g.writeNumberProperty("refresh_ns", f.refreshNanos());
        g.writeNumberProperty("window_ns", f.windowLimitNanos());
        g.writeNumberProperty("window_covered_ns", f.windowNanos());
        g.writeNumberProperty("window_requests_per_s",
            Math.round(f.windowRequestRate() * 1000) / 1000.0);
        g.writeNumberProperty("restarts", f.restarts());
        g.writeBooleanProperty("last", f.last());
        g.writeEndObject();
        g.writeName("window");
        JsonRenderer.object(g, f.window());
        g.writeName("since_start");
        JsonRenderer.object(g, f.sinceStart());
        if (f.window().verdict().isPresent()) {
          g.writeStringProperty("verdict", f.window().verdict().get().label());
          g.writeArrayPropertyStart("changes");
          for (VerdictChanges.Change c : f.changes()) {
            change(g, c);
          }
          g.writeEndArray();
        }
        if (!f.window().errorBudgets().isEmpty()) {
          LiveBudgetJson.write(g, f);
        }
        g.writeEndObject();
      }
      out.write('\n');
      out.flush();
    } catch (JacksonIOException e) {
      throw e.getCause() != null ? e.getCause() : new IOException(e.getMessage(), e);
    }
  }

  private static void change(JsonGenerator g, VerdictChanges.Change c) {
    g.writeStartObject();
    g.writeStringProperty("key", c.key());
    if (!c.budget().isEmpty()) {
      g.writeStringProperty("budget", c.budgetResult().percentile());
    }
    if (c.from() != null) {
      g.writeStringProperty("from", c.from().label());
    }
    g.writeStringProperty("to", c.to().label());
    if (c.budgetResult() != null) {
      g.writeNumberProperty("limit_ns", c.budgetResult().limitNanos());
      g.writeNumberProperty("actual_ns", c.budgetResult().actualNanos());
    }
    g.writeEndObject();
  }
}
