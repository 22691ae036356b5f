package tardy.report;

import java.util.Locale;
import java.util.function.Function;
import tardy.report.hdr.HgrmRenderer;
import tardy.report.json.JsonRenderer;
import tardy.report.table.TableRenderer;

/** The output formats of {@code --format}, each with its renderer. */
public enum OutputFormat {
  TABLE(TableRenderer::new),
  JSON(style -> new JsonRenderer()),
  /** HdrHistogram's percentile distribution text, in milliseconds. */
  HGRM(style -> new HgrmRenderer());

  private final Function<TerminalStyle, Renderer> factory;

  OutputFormat(Function<TerminalStyle, Renderer> factory) {
    this.factory = factory;
  }

  public Renderer renderer(TerminalStyle style) {
    return factory.apply(style);
  }

  /** As the user types it: {@code table}, {@code json}, … */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
