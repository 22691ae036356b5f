package tardy.record.table;

import java.util.Arrays;
import java.util.List;
import tardy.events.Family;

/**
 * One row of the histogram table: a group's latencies (an operation or a pause kind) in one
 * partition (its values, such as a day and a host) over one interval, or over the whole run.
 * The percentiles are the report's (never above the exact maximum); {@code hdr} holds every
 * count, so rows of any partitions and intervals add up exactly.
 *
 * @param partition the partition columns' values, in the table's column order (null: none)
 * @param intervalStartMillis the interval's start, epoch ms; meaningless for a whole-run row
 * @param intervalMillis the interval's length; 0 for a row of the whole run
 * @param minNanos the exact minimum of a whole-run row; {@link #NO_MIN} for an interval's row
 *     (an interval keeps its maximum only)
 * @param sumNanos the exact sum of a whole-run row's latencies (a pause kind's stopped time);
 *     {@link #NO_SUM} for an interval's row
 * @param hdr HdrHistogram's compressed encoding of the latencies, in nanoseconds
 * @param objective the row's events as its group's objective counts them; null when the group
 *     had none where the table was written
 */
public record TableRow(List<String> partition, Family family, String name,
    long intervalStartMillis, long intervalMillis, long count, long minNanos, long p50Nanos,
    long p90Nanos, long p99Nanos, long p999Nanos, long maxNanos, long sumNanos, byte[] hdr,
    TableObjective objective) {

  /** The minimum of a row that does not know its exact one (stored as null). */
  public static final long NO_MIN = -1;

  /** The sum of a row that does not know its exact one (stored as null). */
  public static final long NO_SUM = -1;

  public TableRow {
    partition = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(partition));
    hdr = hdr.clone();
  }

  /** A row without objective counts. */
  public TableRow(List<String> partition, Family family, String name, long intervalStartMillis,
      long intervalMillis, long count, long minNanos, long p50Nanos, long p90Nanos,
      long p99Nanos, long p999Nanos, long maxNanos, long sumNanos, byte[] hdr) {
    this(partition, family, name, intervalStartMillis, intervalMillis, count, minNanos, p50Nanos,
        p90Nanos, p99Nanos, p999Nanos, maxNanos, sumNanos, hdr, null);
  }

  /** The same row under another name (a requirement's). */
  public TableRow named(String other) {
    return new TableRow(partition, family, other, intervalStartMillis, intervalMillis, count,
        minNanos, p50Nanos, p90Nanos, p99Nanos, p999Nanos, maxNanos, sumNanos, hdr, objective);
  }

  /** The same row with these objective counts. */
  public TableRow withObjective(TableObjective counts) {
    return new TableRow(partition, family, name, intervalStartMillis, intervalMillis, count,
        minNanos, p50Nanos, p90Nanos, p99Nanos, p999Nanos, maxNanos, sumNanos, hdr, counts);
  }

  /** Whether the row covers the whole run rather than one interval. */
  public boolean wholeRun() {
    return intervalMillis == 0;
  }

  @Override
  public byte[] hdr() {
    return hdr.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TableRow r && partition.equals(r.partition) && family == r.family
        && name.equals(r.name) && intervalStartMillis == r.intervalStartMillis
        && intervalMillis == r.intervalMillis && count == r.count && minNanos == r.minNanos
        && p50Nanos == r.p50Nanos
        && p90Nanos == r.p90Nanos && p99Nanos == r.p99Nanos && p999Nanos == r.p999Nanos
        && maxNanos == r.maxNanos && sumNanos == r.sumNanos && Arrays.equals(hdr, r.hdr)
        && java.util.Objects.equals(objective, r.objective);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(partition, family, name, intervalStartMillis, count, maxNanos)
        * 31 + Arrays.hashCode(hdr);
  }
}
