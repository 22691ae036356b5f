package tardy.analysis.fleet;

import java.util.List;
import tardy.events.Family;

/**
 * A fleet seen host by host (or by any partition column): the budgets each host fails, most
 * over first, and the hosts whose latencies differ most from the fleet's own.
 *
 * <p>The measure of difference is the share of a host's requests (or pauses) above its peers' p99
 * of the same operation or pause kind, the peers being every other host: about 1 % of the peers'
 * own lie there, so a host like them shows about 1 % and a slow one more. The peers, not the
 * whole fleet: a slow host's own requests would raise the fleet's p99 it is compared with (with
 * few hosts, most of it). A count, not a ratio of two percentiles: it says how many requests were
 * hurt, adds up across operations of different speeds, and stays meaningful where a host's own
 * p99 rests on a handful of requests.
 *
 * @param column the partition column the hosts are values of
 * @param minCount the requests or pauses a host, and its peers, need in a group for that group to
 *     be compared
 * @param hosts every value of the column, the most different first
 * @param judged whether requirements were judged on each host
 * @param failures per host, the budgets that failed, the most over first (empty without
 *     requirements)
 * @param budgets per host, the error budget of each objective ({@code slo:}), the most spent
 *     first (empty without objectives)
 */
public record FleetView(String column, long minCount, List<Host> hosts, boolean judged,
    List<Failure> failures, List<Budget> budgets) {

  /** The fewest events of a host in a group that are compared: 1 % of them is one event. */
  public static final long MIN_COUNT = 100;

  public FleetView {
    hosts = List.copyOf(hosts);
    failures = List.copyOf(failures);
    budgets = List.copyOf(budgets);
  }

  /** Whether some host fails a budget: a latency budget or an objective's. */
  public boolean anyFails() {
    return !failures.isEmpty() || budgets.stream().anyMatch(b -> b.budget().fails());
  }

  /** Whether some host had a group compared with its peers. */
  public boolean compared() {
    return hosts.stream().anyMatch(h -> h.compared() > 0);
  }

  /**
   * One host against the fleet.
   *
   * @param value the column's value ({@code (none)} for rows without one)
   * @param count all its events
   * @param compared events in the groups compared (those with at least {@link #minCount})
   * @param above how many of them lie above the peers' p99 of their group
   * @param groups the groups compared, the largest share above first
   */
  public record Host(String value, long count, long compared, long above, List<GroupDiff> groups) {
    public Host {
      groups = List.copyOf(groups);
    }

    /** The share of the compared events above the peers' p99; 0 when none was compared. */
    public double share() {
      return compared == 0 ? 0 : (double) above / compared;
    }
  }

  /**
   * One group of one host against the same group of the fleet.
   *
   * @param above the host's events above {@code peersP99Nanos}
   * @param hostP99Nanos the host's own p99 (as the report gives it)
   * @param peersP99Nanos the p99 of every other host's events of the group
   * @param fleetP99Nanos the fleet's p99 of the group (the report's)
   */
  public record GroupDiff(Family family, String name, long count, long above, long hostP99Nanos,
      long peersP99Nanos, long fleetP99Nanos) {

    public double share() {
      return count == 0 ? 0 : (double) above / count;
    }
  }

  /**
   * A budget a host fails.
   *
   * @param budget {@code p99}, {@code max}, as the requirements file writes it
   * @param over how far over: the measured value divided by the limit
   */
  public record Failure(String host, Family family, String name, String budget,
      long limitNanos, long actualNanos, long count) {

    public double over() {
      return limitNanos == 0 ? Double.POSITIVE_INFINITY : (double) actualNanos / limitNanos;
    }
  }

  /**
   * One objective's error budget on one host, judged from the host's own good and bad requests
   * per minute (its window ending with the host's last request).
   */
  public record Budget(String host, tardy.analysis.slo.ErrorBudget budget) {

    /** The share of the budget spent; NaN (ranked last) without events. */
    public double spent() {
      return budget.spent();
    }
  }
}
