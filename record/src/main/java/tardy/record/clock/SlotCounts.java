package tardy.record.clock;

import java.util.Arrays;

/**
 * Events per slot of the wall clock, as {@link TimeSlots} counted them: slot {@code i} is
 * {@code [firstMillis + i × widthMillis, firstMillis + (i + 1) × widthMillis)}, the first and the
 * last holding an event.
 */
public record SlotCounts(long widthMillis, long firstMillis, long[] counts) {

  public SlotCounts {
    counts = counts.clone();
  }

  @Override
  public long[] counts() {
    return counts.clone();
  }

  public int size() {
    return counts.length;
  }

  public long count(int slot) {
    return counts[slot];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SlotCounts s && s.widthMillis == widthMillis
        && s.firstMillis == firstMillis && Arrays.equals(s.counts, counts);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(firstMillis) * 31 + Arrays.hashCode(counts);
  }

  @Override
  public String toString() {
    return "SlotCounts[" + widthMillis + "ms from " + firstMillis + ": " + Arrays.toString(counts) + "]";
  }
}
