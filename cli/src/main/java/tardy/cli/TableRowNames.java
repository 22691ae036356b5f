package tardy.cli;

import java.util.ArrayList;
import java.util.List;
import tardy.events.Family;
import tardy.record.grouping.Grouping;
import tardy.record.table.TableRow;

/**
 * A table's rows under the names a run with requirements gives their events: a row keeps the name
 * the writing run's grouping gave it (an operation, a pause kind), which a requirement matching it
 * renames as reading the logs with the requirements does ({@code pause: 'Pause Young*'} makes the
 * pause kinds it matches one group, named after the requirement). A row no requirement matches
 * keeps its name.
 */
final class TableRowNames {

  private TableRowNames() {}

  /**
   * @param judged the grouping of the run reading the table (the requirements' over the report's)
   * @param report the report's own grouping: where {@code judged} names a row as it does, no
   *     requirement matched the row
   */
  static List<TableRow> renamed(List<TableRow> rows, Grouping judged, Grouping report) {
    if (judged == report) {
      return rows;
    }
    List<TableRow> out = new ArrayList<>(rows.size());
    for (TableRow r : rows) {
      String name = nameOf(r, judged, report);
      out.add(name.equals(r.name()) ? r : r.named(name));
    }
    return out;
  }

  private static String nameOf(TableRow r, Grouping judged, Grouping report) {
    if (r.name().equals(tardy.record.Recorder.OTHER)) {
      return r.name(); // folded groups: no single name a requirement could match
    }
    if (r.family() == Family.REQUEST) {
      int space = r.name().indexOf(' ');
      if (space < 0) {
        return r.name();
      }
      String method = r.name().substring(0, space);
      String path = r.name().substring(space + 1);
      String name = judged.requestGroup(method, path);
      return name.equals(report.requestGroup(method, path)) ? r.name() : name;
    }
    String name = judged.pauseGroup(r.name());
    return name.equals(report.pauseGroup(r.name())) ? r.name() : name;
  }
}
