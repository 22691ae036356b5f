package tardy.report;

import java.util.Locale;
import java.util.function.Function;
import tardy.report.csv.CsvRenderer;
import tardy.report.hdr.HgrmRenderer;
import tardy.report.html.HtmlRenderer;
import tardy.report.json.JsonRenderer;
import tardy.report.table.TableRenderer;

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

  /** As the user types it: {@code table}, {@code json}, … */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
