package tardy.record.table;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A partition column the logs name themselves (a JVM's host in its unified-logging decorators)
 * filled in where the paths give it no value: a path's own value wins, so a fleet laid out in
 * {@code host=} directories reads the same with or without the decorator.
 */
public final class LoggedPartitions {

  private LoggedPartitions() {}

  /**
   * @param columns the paths' columns and values, per input
   * @param column the column the logs name
   * @param logged per input (in the same order), the value its log names, if any
   * @return the same columns, {@code column} added last when no path gave it and a log does, and
   *     each input without a value of it given its log's
   */
  public static PathPartitions.Columns fill(PathPartitions.Columns columns, String column,
      List<Optional<String>> logged) {
    if (logged.stream().noneMatch(Optional::isPresent)) {
      return columns;
    }
    List<String> names = new ArrayList<>(columns.names());
    int at = names.indexOf(column);
    if (at < 0) {
      names.add(column);
      at = names.size() - 1;
    }
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < columns.values().size(); i++) {
      List<String> row = new ArrayList<>(columns.values().get(i));
      if (row.size() < names.size()) {
        row.add(null);
      }
      if (row.get(at) == null) {
        row.set(at, logged.get(i).orElse(null));
      }
      rows.add(java.util.Collections.unmodifiableList(row));
    }
    return new PathPartitions.Columns(List.copyOf(names), List.copyOf(rows));
  }
}
