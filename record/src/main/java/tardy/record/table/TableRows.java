package tardy.record.table;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;
import tardy.events.Family;
import tardy.record.Group;
import tardy.record.Recorder;
import tardy.record.Result;
import tardy.record.histogram.NanosHistogram;
import tardy.record.clock.Span;
import tardy.record.interval.EncodedHistogram;
import tardy.record.objective.Objective;

/**
 * The histogram table's rows of one partition's result: per group, one row per interval of
 * {@code --interval} (those the report kept), else one for the whole run. A group with rows per
 * interval whose events are partly without a time of the wall clock (a JVM log whose lines are
 * partly uptime only) has a whole-run row beside them holding those events, with no exact minimum
 * nor sum: every event of the group is in one of its rows. The groups are those
 * the whole run keeps ({@link Recorder#groupsAs}), so the cap and {@value Recorder#OTHER} are the
 * same whatever the partitioning, and the rows of every partition add up to the whole's.
 */
public final class TableRows {

  private static final double[] SHOWN = {50, 90, 99, 99.9, 100};

  private TableRows() {}

  /**
   * @param part one partition's result (its inputs added in the plan's order)
   * @param kept the groups the whole run keeps ({@link Recorder#groups()} of its result)
   * @param partition the partition's values, in the table's column order
   */
  public static List<TableRow> of(Result part, Collection<Group> kept, List<String> partition) {
    Recorder recorder = part.recorder().orElseThrow(
        () -> new IllegalArgumentException("a result without a report's histograms"));
    return of(recorder, kept, partition, family -> true);
  }

  /** The same for one recorder's groups of the families {@code families} takes. */
  static List<TableRow> of(Recorder recorder, Collection<Group> kept, List<String> partition,
      Predicate<Family> families) {
    List<TableRow> rows = new ArrayList<>();
    long end = recorder.spans().stream().filter(s -> s.family() == Family.REQUEST)
        .mapToLong(Span::lastMillis).max().orElse(TableObjective.NO_END);
    for (Group g : recorder.groupsAs(kept)) {
      if (g.count() == 0 || !families.test(g.family())) {
        continue;
      }
      int first = rows.size();
      if (g.intervals() != null && g.intervals().size() > 0) {
        NanosHistogram inNone = g.latency().copy(); // the events of no interval: no wall clock
        g.intervals().forEach((start, length, latency, max) -> {
          rows.add(row(partition, g, start, length, latency, TableRow.NO_MIN, max,
              TableRow.NO_SUM));
          inNone.subtract(latency);
        });
        if (inNone.totalCount() > 0) { // beside the intervals, so that every event has a row
          long max = Math.min(inNone.valueAtPercentile(100), g.maxNanos());
          rows.add(row(partition, g, 0, 0, inNone, TableRow.NO_MIN, max, TableRow.NO_SUM));
        }
      } else {
        rows.add(row(partition, g, 0, 0, g.latency(), g.minNanos(), g.maxNanos(),
            g.sumNanos()));
      }
      Objective objective = g.family() == Family.REQUEST
          ? recorder.objectiveCounts().objective(g.name()) : null;
      if (objective == null && g.family() == Family.REQUEST && recorder.countsObjectives()
          && end != TableObjective.NO_END) {
        List<TableRow> own = rows.subList(first, rows.size());
        own.replaceAll(r -> r.withObjective(TableObjective.endOnly(end)));
      } else if (objective != null) {
        List<TableRow> own = rows.subList(first, rows.size());
        List<TableRow> counted = TableObjectiveRows.of(own, objective.definition(),
            recorder.objectiveCounts().of(g.name()), end);
        own.clear();
        own.addAll(counted);
      }
    }
    return rows;
  }

  private static TableRow row(List<String> partition, Group g, long start, long length,
      NanosHistogram latency, long minNanos, long maxNanos, long sumNanos) {
    long[] at = new long[SHOWN.length];
    long[] values = latency.valuesAtPercentiles(SHOWN);
    for (int i = 0; i < at.length; i++) { // as the report: never above the exact maximum
      at[i] = Math.min(values[i], maxNanos);
    }
    return new TableRow(partition, g.family(), g.name(), start, length, latency.totalCount(),
        minNanos, at[0], at[1], at[2], at[3], at[4], sumNanos,
        EncodedHistogram.of(latency).bytes());
  }
}
