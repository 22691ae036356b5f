package tardy.cli;

import picocli.CommandLine.Model.CommandSpec;
import tardy.render.registry.OutputFormat;
import tardy.render.Sort;
import tardy.render.View;

/** What the table and the page show, and in how many columns. */
final class ViewOptions implements Specs.Fields {

  Integer top;
  Sort sort = Sort.COUNT;
  Integer width;
  boolean singles;
  ColorChoice color = ColorChoice.AUTO;

  @Override
  public Object get(String field) {
    return switch (field) {
      case "top" -> top;
      case "sort" -> sort;
      case "width" -> width;
      case "singles" -> singles;
      case "color" -> color;
      default -> throw Specs.noField(this, field);
    };
  }

  @Override
  public void set(String field, Object value) {
    switch (field) {
      case "top" -> top = (Integer) value;
      case "sort" -> sort = (Sort) value;
      case "width" -> width = (Integer) value;
      case "singles" -> singles = (Boolean) value;
      case "color" -> color = (ColorChoice) value;
      default -> throw Specs.noField(this, field);
    }
  }

  void addTo(CommandSpec command) {
    command.addOption(Specs.option(this, "top", "--top").paramLabel("N")
        .description("Groups the table and the page show; the rest is summed up in one line."
            + " 0 shows all. Default: " + View.DEFAULT_TOP + " (CSV and JSON keep everything).")
        .build());
    command.addOption(Specs.option(this, "singles", "--singles")
        .description("Show groups of one request or pause each on rows of their own in the table"
            + " and the page; by default, past " + View.MAX_SINGLES + " of them, they are summed"
            + " up in one line.").build());
    command.addOption(Specs.option(this, "sort", "--sort").paramLabel("ORDER")
        .completionCandidates(new SortLabels())
        .description("Order of the groups: ${COMPLETION-CANDIDATES} (default: count; ties by count,"
            + " then name). A check shows failing requirements first.").build());
    command.addOption(Specs.option(this, "width", "--width").paramLabel("COLUMNS")
        .description("Fit the table in COLUMNS (default: the terminal's width; no limit in a pipe"
            + " or a file).").build());
    command.addOption(Specs.option(this, "color", "--color").paramLabel("WHEN")
        .completionCandidates(new ColorChoice.Labels())
        .description("Colour the table: ${COMPLETION-CANDIDATES} (default: auto, on a terminal"
            + " unless NO_COLOR is set; always also into a pipe, as for less -R).").build());
  }

  /** The sorts as users type them. */
  static final class SortLabels implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return java.util.Arrays.stream(Sort.values()).map(Sort::label).iterator();
    }
  }

  /** Widest a table is fitted to when the terminal cannot say its width. */
  static final int FALLBACK_WIDTH = 80;

  /** Refuses values out of range, before a long read rather than after it. */
  void validate() {
    if (top != null && (top < 0 || top > InputOptions.MAX_OPERATIONS_LIMIT)) {
      throw new UserError("--top must be from 0 to " + InputOptions.MAX_OPERATIONS_LIMIT + ", not " + top);
    }
    if (width != null && (width < 20 || width > 10_000)) {
      throw new UserError("--width must be from 20 to 10000, not " + width);
    }
  }

  View view(Streams streams, OutputOptions out) {
    validate();
    boolean terminal = out.output == null && out.format() == OutputFormat.TABLE && streams.stdoutIsTerminal();
    boolean colour = out.format() == OutputFormat.TABLE
        && color.colour(terminal, streams.env().containsKey("NO_COLOR"));
    int columns = width != null ? width : terminal ? Terminals.stdoutWidth(FALLBACK_WIDTH) : 0;
    return new View(colour, columns, top != null ? top : View.DEFAULT_TOP, sort, singles);
  }
}
