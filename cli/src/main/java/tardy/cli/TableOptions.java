package tardy.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The histogram table's options of report and check: {@code --table PATH} (the result also
 * written as the table's rows, as the Spark job writes them), {@code --partition-by NAME=REGEX}
 * and {@code --where COLUMN=VALUE} (the rows of a table given as INPUT). Holds no Parquet class:
 * those load only when a table is read or written ({@link TableInput}, {@link TableWrite}).
 */
final class TableOptions implements Specs.Fields {

  Path table;
  List<String> partitionBy;
  List<String> where;

  @Override
  public Object get(String field) {
    return switch (field) {
      case "table" -> table;
      case "partitionBy" -> partitionBy;
      case "where" -> where;
      default -> throw Specs.noField(this, field);
    };
  }

  @Override
  @SuppressWarnings("unchecked")
  public void set(String field, Object value) {
    switch (field) {
      case "table" -> table = (Path) value;
      case "partitionBy" -> partitionBy = (List<String>) value;
      case "where" -> where = (List<String>) value;
      default -> throw Specs.noField(this, field);
    }
  }

  void addTo(CommandSpec command) {
    command.addOption(Specs.option(this, "table", "--table").paramLabel("DIR")
        .description("Also write the result's histograms to DIR as a histogram table (Parquet,"
            + " as the Spark job writes it): one row per partition, operation or pause kind and"
            + " interval; the partitions written replace those in DIR, each whole or not at"
            + " all.").build());
    command.addOption(Specs.option(this, "partitionBy", "--partition-by")
        .paramLabel("NAME=REGEX")
        .description("With --table: a partition column taken from each input's path, the first"
            + " group of REGEX (repeatable); Hive's name=value directories are columns too.")
        .build());
    command.addOption(Specs.option(this, "where", "--where").paramLabel("COLUMN=VALUE")
        .description("With a histogram table as INPUT: only its rows whose partition column (or"
            + " family, name) has that value (repeatable: all must hold).").build());
  }

  /** --where given: the filters, for a table input only. */
  List<String> filters() {
    return where == null ? List.of() : where;
  }

  List<String> rules() {
    return partitionBy == null ? List.of() : partitionBy;
  }

  /** Refuses --partition-by without --table. */
  void validate() {
    if (table == null && !rules().isEmpty()) {
      throw new UserError("--partition-by names the partitions of --table DIR: give --table too");
    }
  }

  /**
   * The table the inputs name, or null when they name logs: one directory the Spark job or
   * --table wrote (a {@code _SUCCESS}, Parquet files or {@code name=value} directories in it),
   * one Parquet file, or any directory when --where is given. A table is read alone.
   */
  Path tableInput(List<String> inputs) {
    if (inputs == null) {
      return null;
    }
    Path found = null;
    for (String name : inputs) {
      Path p = pathOf(name);
      if (p != null && (looksLikeTable(p) || !filters().isEmpty() && Files.isDirectory(p))) {
        found = p;
      }
    }
    if (found == null) {
      if (!filters().isEmpty()) {
        throw new UserError("--where filters the rows of a histogram table given as INPUT; "
            + (inputs.size() == 1 ? inputs.get(0) + " is not one" : "the inputs name none"));
      }
      return null;
    }
    if (inputs.size() > 1) {
      throw new UserError(found + ": a histogram table is read alone, not with other inputs (its"
          + " partitions are the fleet's logs already)");
    }
    return found;
  }

  private static Path pathOf(String name) {
    if (name.equals("-")) {
      return null;
    }
    try {
      return Path.of(name);
    } catch (java.nio.file.InvalidPathException e) {
      return null; // not a path: the logs' reading says so
    }
  }

  private static boolean looksLikeTable(Path p) {
    if (Files.isRegularFile(p)) {
      try (var in = Files.newInputStream(p)) {
        byte[] head = in.readNBytes(4);
        return head.length == 4 && head[0] == 'P' && head[1] == 'A' && head[2] == 'R'
            && head[3] == '1';
      } catch (java.io.IOException e) {
        return false; // the logs' reading says why
      }
    }
    if (!Files.isDirectory(p)) {
      return false;
    }
    try (Stream<Path> entries = Files.list(p)) {
      return entries.map(e -> e.getFileName().toString())
          .anyMatch(n -> n.equals("_SUCCESS") || n.endsWith(".parquet")
              || n.indexOf('=') > 0 && Files.isDirectory(p.resolve(n)));
    } catch (java.io.IOException e) {
      return false;
    }
  }
}
