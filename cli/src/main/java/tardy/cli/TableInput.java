package tardy.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tardy.record.Result;
import tardy.record.table.TableRollup;
import tardy.record.table.TableRow;
import tardy.table.TableException;
import tardy.table.TableReader;
import tardy.table.Where;

/**
 * A histogram table read where logs go: its rows (those --where keeps) rolled up into one result,
 * which the report, check or compare then reads as its logs'. What a table cannot give is said
 * on stderr ({@link #NOT_IN_A_TABLE}), never silently left out.
 */
final class TableInput {

  /** What the logs give that a table does not keep, said whenever a table is read. */
  static final String NOT_IN_A_TABLE = "a table keeps latencies only: no line accounting, status"
      + " codes (so no apdex: its 5xx cannot be counted), upstream times, time span, evidence"
      + " lines or findings that need the lines";

  private TableInput() {}

  /**
   * @param result the rows rolled up
   * @param note what the run read and what it could not give, for stderr
   */
  record Read(Result result, int groups, String note, List<String> columns, List<TableRow> rows,
      Result.Spec spec, List<String> uncounted) {}

  /**
   * @param spec the result's shape for the number of groups the rows name (none is folded again)
   */
  static Read read(Path table, List<String> filters, java.util.function.IntFunction<Result.Spec> spec) {
    return read(table, filters, spec, rows -> rows);
  }

  /**
   * The same, the rows named as the run names their events ({@link TableRowNames}): what it
   * judges and shows of them, and what its fleet view compares.
   */
  static Read read(Path table, List<String> filters, java.util.function.IntFunction<Result.Spec> spec,
      java.util.function.UnaryOperator<List<TableRow>> named) {
    List<Where> where = new ArrayList<>();
    try {
      for (String f : filters) {
        where.add(Where.parse(f));
      }
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage(), e);
    }
    TableReader.Read read;
    try {
      read = TableReader.read(table, where);
    } catch (TableException e) {
      throw new UserError(e.getMessage(), e);
    }
    List<TableRow> rows = named.apply(read.rows());
    Set<String> names = new LinkedHashSet<>();
    Set<List<String>> partitions = new LinkedHashSet<>();
    for (TableRow r : rows) {
      names.add(r.family() + " " + r.name());
      partitions.add(r.partition());
    }
    TableRollup.Rolled rolled;
    Result.Spec shape = spec.apply(names.size());
    TableIntervals.check(table, rows, shape.perIntervalMillis());
    try {
      rolled = TableRollup.of(shape, rows);
    } catch (tardy.record.table.TableObjectives.OtherDefinition e) {
      throw new UserError(table + ": " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new UserError(table + ": a damaged table: " + e.getMessage(), e);
    }
    String note = table + ": " + rows.size() + " rows of " + partitions.size()
        + (partitions.size() == 1 ? " partition" : " partitions")
        + (filters.isEmpty() ? "" : " (--where " + String.join(" --where ", filters) + ")")
        + " rolled up; " + NOT_IN_A_TABLE
        + (rolled.estimated() ? "; minima and sums of rows per interval are the histograms'"
            + " (within 0.1 %)" : "");
    return new Read(rolled.result(), names.size(), note, read.columns(), rows, shape,
        rolled.uncounted());
  }
}
