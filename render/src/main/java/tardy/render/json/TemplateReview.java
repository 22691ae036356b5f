package tardy.render.json;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tardy.analysis.Analysis;
import tardy.render.Escape;
import tardy.analysis.Summary;
import tardy.record.grouping.SampledGrouping;
import tools.jackson.core.JsonGenerator;

/**
 * The review list of {@code tardy report --templates}: every operation whose name holds a
 * placeholder, with its requests (exact, from the whole run), and from the sample the grouping was
 * decided on, the distinct paths it took in and the commonest ones, so templates can be checked
 * and pasted into a requirements file.
 */
public final class TemplateReview {

  /** One template: the report's row and what the sample showed of it. */
  public record Row(String operation, long requests, long sampleRequests, int distinctPaths,
      List<String> examples) {}

  private final String tool;
  private final String grouping;
  private final List<Row> rows;

  private TemplateReview(String tool, String grouping, List<Row> rows) {
    this.tool = tool;
    this.grouping = grouping;
    this.rows = List.copyOf(rows);
  }

  /** The templated rows of an analysis, in its order (most requests first). */
  public static TemplateReview of(Analysis a, SampledGrouping grouping) {
    List<Row> rows = new ArrayList<>();
    for (Summary s : a.groups()) {
      if (s.key().indexOf('{') < 0) {
        continue;
      }
      var seen = grouping.seen(s.key());
      rows.add(new Row(s.key(), s.count(), seen.map(SampledGrouping.Seen::requests).orElse(0L),
          seen.map(SampledGrouping.Seen::distinctPaths).orElse(0),
          seen.map(SampledGrouping.Seen::examples).orElse(List.of())));
    }
    return new TemplateReview(a.tool(), grouping.mode().option(), rows);
  }

  public List<Row> rows() {
    return rows;
  }

  public void table(OutputStream out) {
    PrintStream p = new PrintStream(out, false, StandardCharsets.UTF_8);
    p.println("Templates (--grouping " + grouping + "): requests in the whole input; distinct paths"
        + " and examples in the sample the templates were inferred from");
    int width = 9;
    for (Row r : rows) {
      width = Math.max(width, Escape.terminal(r.operation()).length());
    }
    p.println(String.format(Locale.ROOT, "%-" + width + "s  %10s  %8s  %s", "operation",
        "requests", "distinct", "examples"));
    for (Row r : rows) {
      p.println(String.format(Locale.ROOT, "%-" + width + "s  %10d  %8d  %s",
          Escape.terminal(r.operation()), r.requests(), r.distinctPaths(),
          Escape.terminal(String.join("  ", r.examples().stream().map(TemplateReview::shortened)
              .toList()))));
    }
    if (rows.isEmpty()) {
      p.println("(no operation holds a placeholder)");
    }
    p.flush();
  }

  private static String shortened(String example) {
    return example.length() <= 60 ? example : example.substring(0, 57) + "...";
  }

  public void json(OutputStream out) throws IOException {
    try (JsonGenerator g = JsonRenderer.generator(out)) {
      g.writeStartObject();
      g.writeNumberProperty("schema", JsonRenderer.SCHEMA);
      g.writeStringProperty("tool", tool);
      g.writeStringProperty("grouping", grouping);
      g.writeArrayPropertyStart("templates");
      for (Row r : rows) {
        g.writeStartObject();
        g.writeStringProperty("operation", r.operation());
        g.writeNumberProperty("requests", r.requests());
        g.writeNumberProperty("sample_requests", r.sampleRequests());
        g.writeNumberProperty("sample_distinct_paths", r.distinctPaths());
        g.writeArrayPropertyStart("examples");
        for (String e : r.examples()) {
          g.writeString(e);
        }
        g.writeEndArray();
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    out.write('\n');
  }
}
