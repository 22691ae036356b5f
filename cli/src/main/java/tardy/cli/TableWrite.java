package tardy.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import tardy.record.Group;
import tardy.record.Result;
import tardy.record.table.TableRow;
import tardy.record.table.HostRows;
import tardy.table.TableException;
import tardy.table.TableWriter;

/**
 * A run's result written as histogram-table rows ({@code --table}), one partition's each, and in
 * one partition per host its lines name ({@link HostRows}).
 */
final class TableWrite {

  private TableWrite() {}

  /**
   * @param partitions each partition's result, with its values in {@code columns}' order
   * @param whole the whole run's result: its groups are every partition's
   * @return the rows written
   */
  static List<TableRow> write(Path table, List<String> columns, List<Partition> partitions,
      Result whole) {
    Collection<Group> kept = whole.recorder().orElseThrow().groups();
    List<TableRow> rows = new ArrayList<>();
    for (Partition p : partitions) {
      rows.addAll(HostRows.of(p.result(), kept, p.values(), columns.indexOf(HostRows.COLUMN)));
    }
    try {
      TableWriter.write(table, columns, rows);
      return rows;
    } catch (TableException e) {
      throw new UserError(e.getMessage(), e);
    }
  }

  record Partition(List<String> values, Result result) {}
}
