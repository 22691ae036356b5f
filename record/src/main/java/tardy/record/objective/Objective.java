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

  /** Whether a request of that latency and status misses the objective. */
  public boolean bad(long latencyNanos, int status) {
    return thresholdNanos > 0 && latencyNanos > thresholdNanos
        || status >= 0 && badStatuses.get(status);
  }
}
