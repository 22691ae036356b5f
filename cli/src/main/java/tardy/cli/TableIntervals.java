package tardy.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import tardy.record.table.TableRow;

/**
 * Whether a histogram table's rows can give a report's {@code --interval}: each row of an
 * interval is added into the report's interval that holds it, which is exact only when every row
 * is of an interval whose length divides the report's (a whole-run row has no time to place).
 */
final class TableIntervals {

  private TableIntervals() {}

  /**
   * @param millis the report's --interval (0: none asked, nothing to check)
   * @throws UserError when some row cannot be placed in one interval of {@code millis}
   */
  static void check(Path table, List<TableRow> rows, long millis) {
    if (millis <= 0) {
      return;
    }
    TreeSet<Long> lengths = new TreeSet<>();
    long wholeRun = 0;
    for (TableRow r : rows) {
      if (r.wholeRun()) {
        wholeRun++;
      } else {
        lengths.add(r.intervalMillis());
      }
    }
    String asked = "--interval " + tardy.render.IntervalWords.length(millis);
    if (lengths.isEmpty()) {
      throw new UserError(asked + ": " + table + " has no rows per interval (it was written"
          + " without --interval): read it without --interval, or write it again with one");
    }
    if (wholeRun > 0) {
      throw new UserError(asked + ": " + table + " holds " + wholeRun + " rows of the whole run"
          + " beside its rows per interval (series too large to keep when it was written), whose"
          + " time cannot be placed: read it without --interval");
    }
    for (long length : lengths) {
      if (millis % length != 0) {
        throw new UserError(asked + " is not a whole number of the table's intervals ("
            + tardy.render.IntervalWords.length(length) + "): give " + tardy.render.IntervalWords.length(length)
            + " or a multiple of it");
      }
    }
  }
}
