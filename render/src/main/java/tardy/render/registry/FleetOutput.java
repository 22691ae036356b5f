package tardy.render.registry;

import java.util.Optional;
import tardy.analysis.fleet.FleetView;
import tardy.render.Renderer;
import tardy.render.View;
import tardy.render.html.FleetHtml;
import tardy.render.html.HtmlRenderer;
import tardy.render.json.FleetJson;
import tardy.render.json.JsonRenderer;
import tardy.render.table.FleetTable;

/**
 * The report with its fleet view, in the formats that show one: the table (a section after the
 * report), JSON (a {@code "fleet"} object, additive) and HTML (two small tables). CSV and .hgrm
 * are one table of groups each: none.
 */
public final class FleetOutput {

  private FleetOutput() {}

  /** The renderer of {@code format} with the fleet view, or empty when the format shows none. */
  public static Optional<Renderer> renderer(OutputFormat format, View view, FleetView fleet) {
    return switch (format) {
      case TABLE -> Optional.of((a, out) -> {
        format.renderer(view).render(a, out);
        StringBuilder text = new StringBuilder();
        FleetTable.write(text, fleet, view);
        tardy.render.Utf8.write(text, out);
      });
      case JSON -> Optional.of((a, out) ->
          new JsonRenderer().render(a, out, g -> FleetJson.write(g, fleet)));
      case HTML -> Optional.of(new HtmlRenderer(view, h -> FleetHtml.write(h, fleet)));
      case CSV, HGRM -> Optional.empty();
    };
  }
}
