package tardy.analysis.fleet;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.HdrHistogram.AbstractHistogram;
import tardy.analysis.Analysis;
import tardy.analysis.Analyzer;
import tardy.analysis.BudgetResult;
import tardy.analysis.Judge;
import tardy.analysis.Summary;
import tardy.analysis.Verdict;
import tardy.analysis.requirements.Requirements;
import tardy.analysis.slo.ErrorBudget;
import tardy.record.Result;
import tardy.record.table.TableRollup;
import tardy.record.table.TableRow;

/**
 * Makes the {@link FleetView} of a histogram table's rows: each host's rows rolled up as the
 * fleet's are (the same groups, cap and {@code (other)}), judged against the requirements when
 * there are some, and compared group by group with its peers: the fleet less the host.
 */
public final class FleetAnalyzer {

  /** The value a row without one of the column is shown under. */
  public static final String NONE = "(none)";

  private FleetAnalyzer() {}

  /**
   * @param column the partition column the hosts are values of
   * @param columns the table's partition columns, in its rows' order
   * @param rows the rows the fleet's analysis was rolled up from
   * @param fleet the fleet's analysis (its groups' p99 are the reference)
   * @param spec the shape the fleet's rows were rolled up with
   * @param requirements judged on each host, when given
   * @throws IllegalArgumentException when the table has no such column
   */
  public static FleetView of(String column, List<String> columns, List<TableRow> rows,
      Analysis fleet, Result.Spec spec, Optional<Requirements> requirements) {
    int at = columns.indexOf(column);
    if (at < 0) {
      throw new IllegalArgumentException("--fleet " + column + ": the table has no partition"
          + " column '" + column + "'" + (columns.isEmpty() ? " (it has none)"
              : "; its columns: " + String.join(", ", columns)));
    }
    Map<String, List<TableRow>> byHost = new TreeMap<>();
    for (TableRow r : rows) {
      String value = r.partition().size() > at ? r.partition().get(at) : null;
      byHost.computeIfAbsent(value == null ? NONE : value, k -> new ArrayList<>()).add(r);
    }
    Map<String, Summary> fleetGroups = new HashMap<>();
    for (Summary s : fleet.groups()) {
      fleetGroups.put(keyOf(s), s);
    }
    Map<String, Analysis> analyses = new TreeMap<>();
    List<FleetView.Failure> failures = new ArrayList<>();
    List<FleetView.Budget> budgets = new ArrayList<>();
    for (Map.Entry<String, List<TableRow>> e : byHost.entrySet()) {
      Analysis host = Analyzer.analyze(fleet.tool(), TableRollup.of(spec, e.getValue()).result());
      if (requirements.isPresent()) {
        host = Judge.judge(host, requirements.get());
        failures.addAll(failures(e.getKey(), host));
        for (ErrorBudget b : host.errorBudgets()) {
          budgets.add(new FleetView.Budget(e.getKey(), b));
        }
      }
      analyses.put(e.getKey(), host);
    }
    Peers peers = new Peers(fleetGroups, analyses);
    List<FleetView.Host> hosts = new ArrayList<>();
    for (Map.Entry<String, Analysis> e : analyses.entrySet()) {
      hosts.add(compare(e.getKey(), e.getValue(), peers));
    }
    hosts.sort(Comparator.comparingDouble(FleetView.Host::share).reversed()
        .thenComparing(Comparator.comparingLong(FleetView.Host::above).reversed())
        .thenComparing(FleetView.Host::value));
    failures.sort(Comparator.comparingDouble(FleetView.Failure::over).reversed()
        .thenComparing(FleetView.Failure::host).thenComparing(FleetView.Failure::name)
        .thenComparing(FleetView.Failure::budget));
    // the most spent first; a host without events of the objective (NaN) last
    budgets.sort(Comparator.comparingDouble((FleetView.Budget b) -> b.budget().noData()
            ? Double.NEGATIVE_INFINITY : b.spent()).reversed()
        .thenComparing(FleetView.Budget::host)
        .thenComparing(b -> b.budget().requirement()));
    return new FleetView(column, FleetView.MIN_COUNT, hosts, requirements.isPresent(), failures,
        budgets);
  }

  private static String keyOf(Summary s) {
    return s.family().key() + " " + s.key();
  }

  /** Each group's fleet, and the largest value each host logged in it (the peers' exact max). */
  private record Peers(Map<String, Summary> fleet, Map<String, Analysis> hosts) {

    /** The largest value of the group among the hosts other than {@code host}. */
    long maxWithout(String host, String key) {
      long max = 0;
      for (Map.Entry<String, Analysis> e : hosts.entrySet()) {
        if (!e.getKey().equals(host)) {
          for (Summary s : e.getValue().groups()) {
            if (s.count() > 0 && keyOf(s).equals(key)) {
              max = Math.max(max, s.maxNanos());
            }
          }
        }
      }
      return max;
    }
  }

  private static FleetView.Host compare(String value, Analysis host, Peers peers) {
    List<FleetView.GroupDiff> groups = new ArrayList<>();
    long count = 0;
    long compared = 0;
    long above = 0;
    for (Summary s : host.groups()) {
      count += s.count();
      Summary whole = peers.fleet().get(keyOf(s));
      if (whole == null || s.count() < FleetView.MIN_COUNT
          || whole.count() - s.count() < FleetView.MIN_COUNT) {
        continue;
      }
      AbstractHistogram mine = s.histogram();
      AbstractHistogram others = whole.histogram();
      others.subtract(mine);
      long peersP99 = Math.min(others.getValueAtPercentile(99),
          peers.maxWithout(value, keyOf(s))); // as the report's: never above the exact max
      long over = above(mine, peersP99);
      groups.add(new FleetView.GroupDiff(s.family(), s.key(), s.count(), over, p99(s), peersP99,
          p99(whole)));
      compared += s.count();
      above += over;
    }
    groups.sort(Comparator.comparingDouble(FleetView.GroupDiff::share).reversed()
        .thenComparing(g -> g.family().key()).thenComparing(FleetView.GroupDiff::name));
    return new FleetView.Host(value, count, compared, above, groups);
  }

  private static long p99(Summary s) {
    return s.latency().at("99");
  }

  /**
   * The values recorded above {@code limit}: those in buckets above the one holding it. A p99
   * as the report gives it is the top of its bucket (or the exact maximum), so this is the count
   * of the logged values above it, exactly.
   */
  static long above(AbstractHistogram h, long limit) {
    return h.getTotalCount() - h.getCountBetweenValues(0, limit);
  }

  private static List<FleetView.Failure> failures(String value, Analysis judged) {
    List<FleetView.Failure> out = new ArrayList<>();
    for (Summary s : judged.groups()) {
      if (s.judgement() == null || s.judgement().verdict() != Verdict.FAIL) {
        continue;
      }
      for (BudgetResult b : s.judgement().budgets()) {
        if (b.verdict() == Verdict.FAIL) {
          out.add(new FleetView.Failure(value, s.family(), s.key(), b.label(), b.limitNanos(),
              b.actualNanos(), s.count()));
        }
      }
    }
    return out;
  }
}
