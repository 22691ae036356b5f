package tardy.record.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tardy.events.Family;
import tardy.record.objective.MinuteCounts;
import tardy.record.objective.Objective;

/**
 * A group's objective counts shared out over its rows: every minute in exactly one row, the one
 * whose interval holds it, whatever the intervals' length; the counts of the rows add up to the
 * group's, and read back from their bytes the same.
 */
class TableObjectiveRowsTest {

  private static final long MINUTE = MinuteCounts.MINUTE_MILLIS;

  private static TableRow row(long start, long length) {
    return new TableRow(List.of(), Family.REQUEST, "Orders", start, length, 1, TableRow.NO_MIN,
        1, 1, 1, 1, 1, TableRow.NO_SUM, new byte[] {1});
  }

  @Test
  void everyMinuteGoesToTheRowOfItsIntervalAndTheUntimedToTheRowOfNone() {
    Random random = new Random(3);
    MinuteCounts counts = new MinuteCounts();
    long first = 29_600_000L; // an epoch minute
    for (int i = 0; i < 5_000; i++) {
      long at = (first + random.nextInt(120)) * MINUTE + random.nextInt(60_000);
      counts.record(at, random.nextInt(10) == 0);
    }
    counts.unplaced();
    counts.unplaced();
    for (long length : new long[] {MINUTE, 5 * MINUTE, 20_000, 3_600_000}) {
      List<TableRow> rows = new ArrayList<>();
      long from = Math.floorDiv(first * MINUTE, length) * length;
      for (long start = from; start < (first + 120) * MINUTE; start += length) {
        rows.add(row(start, length));
      }
      rows.add(row(0, 0)); // the events in no interval
      List<TableRow> counted = TableObjectiveRows.of(rows, "slower than 1ns", counts, 42);
      MinuteCounts sum = new MinuteCounts();
      for (TableRow r : counted) {
        TableObjective o = r.objective();
        assertThat(o.definition()).isEqualTo("slower than 1ns");
        assertThat(o.endMillis()).isEqualTo(42);
        MinuteCounts own = o.counts();
        if (r.wholeRun()) {
          assertThat(own.minutes()).isEmpty();
          assertThat(own.unplacedCount()).isEqualTo(2);
        }
        for (long m : own.minutes()) { // the minute's start in the row's interval, or sub-minute
          long start = m * MINUTE;
          assertThat(start < r.intervalStartMillis() + r.intervalMillis()).isTrue();
          assertThat(start + MINUTE > r.intervalStartMillis()).as(length + "").isTrue();
        }
        sum.add(own);
      }
      assertThat(sum.encoded()).as(length + " ms").isEqualTo(counts.encoded());
    }
  }

  @Test
  void aDefinitionSaysWhatIsBadInOneCanonicalLine() {
    BitSet statuses = new BitSet();
    statuses.set(500, 600);
    statuses.set(499);
    statuses.set(429);
    assertThat(new Objective(300_000_000L, statuses).definition())
        .isEqualTo("slower than 300000000ns or status 429,499-599");
    assertThat(new Objective(0, statuses).definition()).isEqualTo("status 429,499-599");
    assertThat(new Objective(5, new BitSet()).definition()).isEqualTo("slower than 5ns");
  }
}
