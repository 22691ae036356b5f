package tardy.analysis.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tardy.analysis.Analysis;
import tardy.analysis.Summary;
import tardy.events.Family;

/** Makes a {@link Comparison} of two analyses whose groups were keyed by one grouping. */
public final class Comparer {

  /** The default significance level: one false alarm in a hundred tests of no change. */
  public static final double DEFAULT_ALPHA = 0.01;

  private Comparer() {}

  public static Comparison compare(String tool, Analysis before, Analysis after, double alpha) {
    if (!(alpha > 0 && alpha < 1)) {
      throw new IllegalArgumentException("alpha must be between 0 and 1, not " + alpha);
    }
    List<OperationChange> out = new ArrayList<>();
    for (Family family : Family.values()) {
      Optional<Summary> totalBefore = before.totalOf(family);
      Optional<Summary> totalAfter = after.totalOf(family);
      if (totalBefore.isEmpty() && totalAfter.isEmpty()) {
        continue;
      }
      out.add(change(family, totalBefore.orElse(null), totalAfter.orElse(null), alpha));
      Map<String, Summary> was = byKey(before.groupsOf(family));
      Map<String, Summary> is = byKey(after.groupsOf(family));
      List<OperationChange> both = new ArrayList<>();
      List<OperationChange> added = new ArrayList<>();
      List<OperationChange> gone = new ArrayList<>();
      is.forEach((key, a) -> {
        Summary b = was.get(key);
        (b == null ? added : both).add(change(family, b, a, alpha));
      });
      was.forEach((key, b) -> {
        if (!is.containsKey(key)) {
          gone.add(change(family, b, null, alpha));
        }
      });
      Comparator<OperationChange> busiest = Comparator
          .comparingLong((OperationChange c) -> c.afterCount() + c.beforeCount()).reversed()
          .thenComparing(OperationChange::key);
      both.sort(busiest);
      added.sort(busiest);
      gone.sort(busiest);
      out.addAll(both);
      out.addAll(added);
      out.addAll(gone);
    }
    return new Comparison(tool, before, after, alpha, out, List.of(), Optional.empty(),
        Optional.empty(), Optional.empty());
  }

  private static Map<String, Summary> byKey(List<Summary> groups) {
    Map<String, Summary> m = new LinkedHashMap<>();
    for (Summary s : groups) {
      if (s.count() > 0) { // a requirement's empty row is no operation seen
        m.put(s.key(), s);
      }
    }
    return m;
  }

  private static OperationChange change(Family family, Summary before, Summary after,
      double alpha) {
    String key = before != null ? before.key() : after.key();
    if (before == null || after == null) {
      return new OperationChange(key, family, before, after, List.of());
    }
    List<Change> changes = new ArrayList<>();
    for (String label : Comparison.LABELS) {
      long b = before.latency().at(label);
      long a = after.latency().at(label);
      if (label.equals("100")) {
        changes.add(new Change(label, before.maxNanos(), after.maxNanos(), Double.NaN,
            Change.Significance.UNTESTED));
        continue;
      }
      QuantileTest.Outcome o = QuantileTest.test(before.latencyCounts(), after.latencyCounts(),
          Double.parseDouble(label));
      Change.Significance verdict = !o.sufficient() ? Change.Significance.INSUFFICIENT
          : o.pValue() >= alpha ? Change.Significance.SAME
          : o.slower() ? Change.Significance.SLOWER : Change.Significance.FASTER;
      changes.add(new Change(label, b, a, o.pValue(), verdict));
    }
    return new OperationChange(key, family, before, after, changes);
  }
}
