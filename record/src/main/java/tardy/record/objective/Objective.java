package tardy.record.objective;

import java.util.BitSet;

/**
 * What makes one request a bad event for a service-level objective: slower than a threshold, or
 * answered with one of a set of statuses (an availability objective), or either. Plain data, so
 * the recorder counts good and bad events per minute without knowing the requirements file.
 *
 * @param thresholdNanos a request slower than this is bad; 0: latency does not matter
 * @param badStatuses the statuses that make a request bad (index = status code); empty: none
 */
public record Objective(long thresholdNanos, BitSet badStatuses) {

  public Objective {
    badStatuses = (BitSet) badStatuses.clone();
  }

  /**
   * What counts as bad, in one canonical line ({@code slower than 300000000ns or status
   * 499,500-599}): a histogram table keeps it beside its counts, so that a reader whose objective
   * counts otherwise refuses them rather than judging with counts of another definition.
   */
  public String definition() {
    StringBuilder s = new StringBuilder();
    if (thresholdNanos > 0) {
      s.append("slower than ").append(thresholdNanos).append("ns");
    }
    if (!badStatuses.isEmpty()) {
      s.append(s.length() == 0 ? "" : " or ").append("status ");
      boolean first = true;
      for (int from = badStatuses.nextSetBit(0); from >= 0;
          from = badStatuses.nextSetBit(from)) {
        int to = badStatuses.nextClearBit(from); // exclusive
        s.append(first ? "" : ",").append(from).append(to - from > 1 ? "-" + (to - 1) : "");
        first = false;
        from = to;
      }
    }
    return s.length() == 0 ? "nothing" : s.toString();
  }

  /** Whether a request of that latency and status misses the objective. */
  public boolean bad(long latencyNanos, int status) {
    return thresholdNanos > 0 && latencyNanos > thresholdNanos
        || status >= 0 && badStatuses.get(status);
  }
}
