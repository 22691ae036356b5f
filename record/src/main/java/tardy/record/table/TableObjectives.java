package tardy.record.table;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import tardy.events.Family;
import tardy.record.Recorder;
import tardy.record.grouping.Grouping;
import tardy.record.objective.MinuteCounts;
import tardy.record.objective.Objective;

/**
 * The objective counts of a table's rows added back into a result, as if their logs had been
 * read with the reader's objectives: only where the table counted the same thing as bad. Counts
 * of another definition are refused, never judged; an objective some row does not count (a
 * partition written without it) gets no counts at all, rather than a part of them.
 */
public final class TableObjectives {

  /** A row counted an objective as the reader's requirements do not define it. */
  public static final class OtherDefinition extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    OtherDefinition(String message) {
      super(message);
    }
  }

  private TableObjectives() {}

  /**
   * @param grouping the reader's: its objectives decide what is added
   * @return the groups with an objective some row did not count, by name
   */
  static List<String> addInto(Recorder recorder, Grouping grouping, List<TableRow> rows) {
    if (!grouping.hasObjectives()) {
      return List.of();
    }
    Map<String, MinuteCounts> counted = new TreeMap<>();
    TreeSet<String> uncounted = new TreeSet<>();
    long end = TableObjective.NO_END;
    for (TableRow row : rows) {
      if (row.family() != Family.REQUEST) {
        continue;
      }
      if (row.objective() != null) {
        end = Math.max(end, row.objective().endMillis());
      }
      Objective expected = grouping.objective(row.name());
      if (expected == null) {
        continue;
      }
      if (row.objective() == null || !row.objective().counted()) {
        uncounted.add(row.name());
        continue;
      }
      String definition = expected.definition();
      if (!definition.equals(row.objective().definition())) {
        throw new OtherDefinition("the table counted the objective of " + row.name() + " as bad"
            + " when " + row.objective().definition() + "; the requirements count it as bad when "
            + definition + ": its counts cannot judge that objective (write the table again"
            + " from the logs with these requirements)");
      }
      counted.computeIfAbsent(row.name(), n -> new MinuteCounts()).add(row.objective().counts());
    }
    for (Map.Entry<String, MinuteCounts> e : counted.entrySet()) {
      if (!uncounted.contains(e.getKey())) {
        recorder.objectiveCounts().add(e.getKey(), e.getValue());
      }
    }
    if (end != TableObjective.NO_END && !counted.isEmpty()) {
      recorder.objectiveCounts().seeEnd(end);
    }
    return new ArrayList<>(uncounted);
  }
}
