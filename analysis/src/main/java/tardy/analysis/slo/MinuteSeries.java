package tardy.analysis.slo;

import tardy.record.objective.MinuteCounts;

/**
 * One objective's counts laid out minute by minute from a first minute to the log's last, with
 * running sums, so that the events and bad events of any window of whole minutes ending at any
 * minute come in constant time.
 */
final class MinuteSeries {

  private final long firstMinute;
  private final long[] totalSums; // totalSums[i]: events of the minutes before firstMinute + i
  private final long[] badSums;

  /** The minutes {@code firstMinute} to {@code lastMinute}, both included. */
  MinuteSeries(MinuteCounts counts, long firstMinute, long lastMinute) {
    this.firstMinute = firstMinute;
    int n = Math.toIntExact(lastMinute - firstMinute + 1);
    totalSums = new long[n + 1];
    badSums = new long[n + 1];
    long[] total = new long[n];
    long[] bad = new long[n];
    for (long m : counts.minutes()) {
      if (m >= firstMinute && m <= lastMinute) {
        total[(int) (m - firstMinute)] = counts.total(m);
        bad[(int) (m - firstMinute)] = counts.bad(m);
      }
    }
    for (int i = 0; i < n; i++) {
      totalSums[i + 1] = totalSums[i] + total[i];
      badSums[i + 1] = badSums[i] + bad[i];
    }
  }

  long firstMinute() {
    return firstMinute;
  }

  long lastMinute() {
    return firstMinute + totalSums.length - 2;
  }

  /** Events of the {@code minutes} minutes ending with {@code minute} (those in the series). */
  long total(long minute, long minutes) {
    return sum(totalSums, minute, minutes);
  }

  /** Bad events of the same. */
  long bad(long minute, long minutes) {
    return sum(badSums, minute, minutes);
  }

  private long sum(long[] sums, long minute, long minutes) {
    long to = minute - firstMinute + 1; // exclusive index into the sums
    long from = Math.max(0, to - minutes);
    if (to <= 0) {
      return 0;
    }
    return sums[(int) to] - sums[(int) from];
  }
}
