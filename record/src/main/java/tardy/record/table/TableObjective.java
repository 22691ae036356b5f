package tardy.record.table;

import java.util.Arrays;
import tardy.record.objective.MinuteCounts;

/**
 * A histogram-table row's events as an objective (an {@code slo:} of the requirements the table
 * was written with) counts them: what counts as bad, its events and bad events per minute of the
 * wall clock, and when the partition's last request was logged. Per minute, not only totals: an
 * error budget's window ends with the last request and its burn-rate alerts are replayed minute
 * by minute, so the counts judge exactly what the logs would, with or without {@code --interval}.
 *
 * <p>A request row of a table written with objectives whose group has none carries the end only
 * (a partition's last request may be of any operation).
 *
 * @param definition what counts as bad ({@link tardy.record.objective.Objective#definition});
 *     null: the row's group has no objective
 * @param minutes the row's events per minute ({@link MinuteCounts#encoded}), with those that have
 *     no wall-clock time; null when the group has no objective
 * @param endMillis the wall-clock time of the partition's last request (of any operation):
 *     the budget's window ends with it; {@link #NO_END} when none had a time
 */
public record TableObjective(String definition, byte[] minutes, long endMillis) {

  /** The end of a partition none of whose requests had a wall-clock time. */
  public static final long NO_END = Long.MIN_VALUE;

  public TableObjective {
    if ((definition == null) != (minutes == null)) {
      throw new IllegalArgumentException("objective counts without their definition");
    }
    minutes = minutes == null ? null : minutes.clone();
  }

  /** The end alone, on a row whose group has no objective. */
  public static TableObjective endOnly(long endMillis) {
    return new TableObjective(null, null, endMillis);
  }

  /** Whether the row's group has an objective, counted here. */
  public boolean counted() {
    return definition != null;
  }

  public static TableObjective of(String definition, MinuteCounts counts, long endMillis) {
    return new TableObjective(definition, counts.encoded(), endMillis);
  }

  /** The counts (empty without an objective); IllegalArgumentException when they do not decode. */
  public MinuteCounts counts() {
    return minutes == null ? new MinuteCounts() : MinuteCounts.decode(minutes);
  }

  @Override
  public byte[] minutes() {
    return minutes == null ? null : minutes.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TableObjective t && java.util.Objects.equals(definition, t.definition)
        && endMillis == t.endMillis && Arrays.equals(minutes, t.minutes);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hashCode(definition) * 31 + Arrays.hashCode(minutes);
  }
}
