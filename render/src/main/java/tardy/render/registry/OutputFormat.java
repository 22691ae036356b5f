package tardy.render.registry;

import tardy.render.Renderer;
import tardy.render.View;

import java.util.Locale;
import java.util.function.Function;
import tardy.render.csv.CsvRenderer;
import tardy.render.hdr.HgrmRenderer;
import tardy.render.html.HtmlRenderer;
import tardy.render.json.JsonRenderer;
import tardy.render.table.TableRenderer;

/** The output formats of {@code --format}, each with its renderer. */
public enum OutputFormat {
  TABLE(TableRenderer::new),
  CSV(view -> new CsvRenderer()),
  JSON(view -> new JsonRenderer()),
  HTML(HtmlRenderer::new),
  /** HdrHistogram's percentile distribution text, in milliseconds. */
  HGRM(view -> new HgrmRenderer());

  private final Function<View, Renderer> factory;

  OutputFormat(Function<View, Renderer> factory) {
    this.factory = factory;
  }

  public Renderer renderer(View view) {
    return factory.apply(view);
  }

  /**
   * The format a file name's extension asks for ({@code .html}, {@code .htm}, {@code .json},
   * {@code .csv}, {@code .hgrm}); a table for any other name.
   */
  public static OutputFormat ofFileName(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    int dot = lower.lastIndexOf('.');
    String ext = dot < 0 || lower.indexOf('/', dot) >= 0 ? "" : lower.substring(dot + 1);
    return switch (ext) {
      case "html", "htm" -> HTML;
      case "json" -> JSON;
      case "csv" -> CSV;
      case "hgrm" -> HGRM;
      default -> TABLE;
    };
  }

  /** As the user types it: {@code table}, {@code json}, … */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
