package tardy.record.table;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import tardy.record.Group;
import tardy.record.Recorder;
import tardy.record.Result;

/**
 * Histogram-table rows added back into a result, as if their logs had been read: each row's
 * histogram decoded and added to its group's (exactly, count by count), its exact minimum,
 * maximum and sum kept. A row of an interval keeps no minimum or sum: the histogram's stand in,
 * and {@link Rolled#estimated()} says so.
 */
public final class TableRollup {

  private TableRollup() {}

  /**
   * @param result the rolled-up result, with no input accounted for (a table has no lines)
   * @param estimated whether some minimum or sum came from a histogram, not from the logs
   * @param uncounted the groups whose objective (the spec's grouping's) some row does not count:
   *     rows written without it; their objective has no counts here
   */
  public record Rolled(Result result, boolean estimated, java.util.List<String> uncounted) {}

  /**
   * @param spec the shape of the result (its grouping decides requirements' names; nothing is
   *     parsed); with its {@code --interval} ({@link Result.Spec#perIntervalMillis}), each row's
   *     interval is added into the result's interval that holds it, so every row must be of an
   *     interval whose length divides it; a whole-run row's events are counted as having no
   *     time of the wall clock (as its logs' were when its family has no row per interval)
   * @throws IllegalArgumentException when a row's histogram does not decode
   * @throws TableObjectives.OtherDefinition when a row counted an objective the spec's grouping
   *     defines otherwise
   */
  public static Rolled of(Result.Spec spec, List<TableRow> rows) {
    Result result = Result.empty(spec);
    Recorder recorder = result.recorder().orElseThrow(
        () -> new IllegalArgumentException("a table is read into a report's result"));
    boolean estimated = false;
    boolean perInterval = spec.perIntervalMillis() > 0;
    for (TableRow row : rows) {
      if (perInterval && !row.wholeRun() && spec.perIntervalMillis() % row.intervalMillis() != 0) {
        throw new IllegalArgumentException("a row of " + row.name() + " is not of an interval"
            + " that --interval " + spec.perIntervalMillis() + "ms holds whole");
      }
    }
    for (TableRow row : rows) {
      Histogram h = decode(row);
      if (h.getTotalCount() != row.count()) {
        throw new IllegalArgumentException("a row of " + row.name() + " counts " + row.count()
            + " but its histogram holds " + h.getTotalCount());
      }
      if (row.count() == 0) {
        continue;
      }
      long min = row.minNanos();
      long sum = row.sumNanos();
      if (min == TableRow.NO_MIN || sum == TableRow.NO_SUM) {
        estimated = true;
        min = min == TableRow.NO_MIN ? h.lowestEquivalentValue(h.getMinValue()) : min;
        sum = sum == TableRow.NO_SUM ? Math.round(h.getMean() * h.getTotalCount()) : sum;
      }
      Group g = Group.ofLatencies(row.name(), row.family(), h, min, row.maxNanos(), sum);
      if (perInterval && row.wholeRun()) {
        recorder.addRolledUpUntimed(g);
      } else if (perInterval) {
        recorder.addRolledUpInterval(g, row.intervalStartMillis());
      } else {
        recorder.addRolledUp(g);
      }
    }
    java.util.List<String> uncounted = TableObjectives.addInto(recorder, spec.grouping(), rows);
    return new Rolled(result, estimated, uncounted);
  }

  private static Histogram decode(TableRow row) {
    try {
      Histogram h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(row.hdr()), 0);
      h.setAutoResize(true);
      return h;
    } catch (DataFormatException | RuntimeException e) {
      throw new IllegalArgumentException("the histogram of a row of " + row.name()
          + " does not decode: " + e.getMessage(), e);
    }
  }
}
