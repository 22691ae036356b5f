package tardy.record.table;

import java.util.ArrayList;
import java.util.List;
import tardy.record.objective.MinuteCounts;

/**
 * One group's objective counts shared out over its rows of one partition: each minute to the row
 * of the interval that holds the minute's start (or, for intervals shorter than a minute, the
 * first of the minute's), the events without a wall-clock time to the row of the events in no
 * interval; a whole-run row takes them all. Every counted event is in exactly one row, so any
 * set of rows adds up to its own counts, and all of them to the partition's.
 */
final class TableObjectiveRows {

  private static final long MINUTE = MinuteCounts.MINUTE_MILLIS;

  private TableObjectiveRows() {}

  /**
   * @param rows the group's rows in the order {@link TableRows} makes them: its intervals in
   *     time order, then the row of the events in none (or its one whole-run row)
   */
  static List<TableRow> of(List<TableRow> rows, String definition, MinuteCounts counts,
      long endMillis) {
    List<MinuteCounts> shares = new ArrayList<>();
    int untimed = -1;
    for (int i = 0; i < rows.size(); i++) {
      shares.add(new MinuteCounts());
      if (rows.get(i).wholeRun()) {
        untimed = i;
      }
    }
    int intervals = untimed < 0 ? rows.size() : rows.size() - 1;
    int at = 0;
    for (long minute : counts.minutes()) {
      int to;
      if (intervals == 0) {
        to = untimed; // one whole-run row: every minute is its
      } else {
        long start = minute * MINUTE;
        while (at < intervals - 1 && rows.get(at).intervalStartMillis()
            + rows.get(at).intervalMillis() <= start) {
          at++;
        }
        to = at;
      }
      shares.get(to).add(minute, counts.total(minute), counts.bad(minute));
    }
    shares.get(untimed >= 0 ? untimed : 0).addUnplaced(counts.unplacedCount());
    List<TableRow> out = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      out.add(rows.get(i).withObjective(TableObjective.of(definition, shares.get(i), endMillis)));
    }
    return out;
  }
}
