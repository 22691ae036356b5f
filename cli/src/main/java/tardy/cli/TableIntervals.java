package tardy.cli;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import tardy.events.Family;
import tardy.record.table.TableRow;

/**
 * Whether a histogram table's rows can give a report's {@code --interval}: each row of an
 * interval is added into the report's interval that holds it, which is exact only when every row
 * is of an interval whose length divides the report's. A whole-run row has no time to place: in a
 * family without rows per interval, or beside its own group's rows per interval, its events had
 * no time of the wall clock (a JVM log whose lines are wholly or partly uptime only), and are
 * counted as such, as the logs' report counts them; alone in a family with rows per interval it
 * is a series the writer could not keep (too many), whose share of the family's total per
 * interval is lost, so it is refused.
 */
final class TableIntervals {

  private TableIntervals() {}

  /** A group's rows in one partition: the same partition values, family and name. */
  private static List<Object> seriesOf(TableRow r) {
    return java.util.Arrays.asList(r.partition(), r.family(), r.name());
  }

  /**
   * @param millis the report's --interval (0: none asked, nothing to check)
   * @throws UserError when some row cannot be placed in one interval of {@code millis}
   */
  static void check(Path table, List<TableRow> rows, long millis) {
    if (millis <= 0) {
      return;
    }
    TreeSet<Long> lengths = new TreeSet<>();
    Set<Family> timed = EnumSet.noneOf(Family.class);
    for (TableRow r : rows) {
      if (!r.wholeRun()) {
        lengths.add(r.intervalMillis());
        timed.add(r.family());
      }
    }
    String asked = "--interval " + tardy.render.IntervalWords.length(millis);
    if (lengths.isEmpty()) {
      throw new UserError(asked + ": " + table + " has no rows per interval (written without"
          + " --interval, or its logs had no time of the wall clock, or too many intervals):"
          + " read it without --interval");
    }
    Set<List<Object>> withIntervals = new java.util.HashSet<>();
    for (TableRow r : rows) {
      if (!r.wholeRun()) {
        withIntervals.add(seriesOf(r));
      }
    }
    // beside its own group's intervals, a whole-run row holds the group's events without a
    // time of the wall clock; a timed family's group with no interval row lost its series
    long untimedSeries = rows.stream().filter(r -> r.wholeRun() && timed.contains(r.family())
        && !withIntervals.contains(seriesOf(r))).count();
    if (untimedSeries > 0) {
      throw new UserError(asked + ": " + table + " holds " + untimedSeries + " rows of the whole"
          + " run beside rows per interval of the same family (series too many to keep when it"
          + " was written), whose share of each interval cannot be placed: read it without"
          + " --interval");
    }
    for (long length : lengths) {
      if (millis % length != 0) {
        throw new UserError(asked + " is not a whole number of the table's intervals ("
            + tardy.render.IntervalWords.length(length) + "): give "
            + tardy.render.IntervalWords.length(length) + " or a multiple of it");
      }
    }
  }
}
