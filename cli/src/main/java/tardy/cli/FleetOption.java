package tardy.cli;

import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import tardy.analysis.Analysis;
import tardy.analysis.fleet.FleetAnalyzer;
import tardy.analysis.fleet.FleetView;
import tardy.analysis.requirements.Requirements;
import tardy.record.Result;
import tardy.record.table.TableRow;
import tardy.render.Renderer;
import tardy.render.View;
import tardy.render.registry.FleetOutput;
import tardy.render.registry.OutputFormat;

/**
 * {@code report --fleet COLUMN}: the report of a histogram table (given as INPUT, or written from
 * the logs with --table) followed by its fleet view, per value of a partition column. Asked for,
 * never automatic: a table's report stays what it was, and the column (host, dt, a region) is the
 * reader's choice.
 */
final class FleetOption implements Specs.Fields {

  String column;
  /** The requirements the report is judged by, judged on each host too; null: none. */
  Requirements judgedBy;
  private List<String> columns;
  private List<TableRow> rows;
  private Result.Spec spec;

  @Override
  public Object get(String field) {
    if (field.equals("column")) {
      return column;
    }
    throw Specs.noField(this, field);
  }

  @Override
  public void set(String field, Object value) {
    if (!field.equals("column")) {
      throw Specs.noField(this, field);
    }
    column = (String) value;
  }

  void addTo(CommandSpec command) {
    command.addOption(Specs.option(this, "column", "--fleet").paramLabel("COLUMN")
        .description("With a histogram table as INPUT (or --table): after the report, per value"
            + " of the partition column COLUMN (e.g. host), the budgets it fails (with"
            + " --requirements), the most over first, and the values whose latencies differ most"
            + " from their peers': the share of their requests above the other values' p99 of"
            + " the same operation. Table, JSON and HTML.").build());
  }

  /** Refuses what cannot show a fleet view, before anything is read. */
  void validate(OutputFormat format, boolean table) {
    if (column == null) {
      return;
    }
    if (format == OutputFormat.CSV || format == OutputFormat.HGRM) {
      throw new UserError("--fleet is shown in the table, JSON and HTML outputs, not in "
          + format.label());
    }
    if (!table) {
      throw new UserError("--fleet " + column + " compares the partitions of a histogram table:"
          + " give one as INPUT, or write one from the logs with --table DIR (and"
          + " --partition-by '" + column + "=REGEX' for paths without " + column
          + "= directories)");
    }
  }

  /**
   * The rows the fleet's result was made of, with the shape they were rolled up with; refuses a
   * column the table does not have.
   */
  void rows(List<String> columns, List<TableRow> rows, Result.Spec spec) {
    if (column != null && !columns.contains(column)) {
      throw new UserError("--fleet " + column + ": the table has no partition column '" + column
          + "'" + (columns.isEmpty() ? " (it has none)" : "; its columns: "
              + String.join(", ", columns)));
    }
    this.columns = columns;
    this.rows = rows;
    this.spec = spec;
  }

  /** The renderer of the report with its fleet view, or empty when none was asked for. */
  Optional<Renderer> renderer(OutputFormat format, View view, Analysis fleet) {
    if (column == null || rows == null) {
      return Optional.empty();
    }
    FleetView v;
    try {
      v = FleetAnalyzer.of(column, columns, rows, fleet, spec, Optional.ofNullable(judgedBy));
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage(), e);
    }
    return FleetOutput.renderer(format, view, v);
  }
}
