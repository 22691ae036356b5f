package tardy.classify.interval;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.AbstractHistogram;
import tardy.classify.Histograms;

/** What one interval of a timeline recorded: all events, and the events of each group. */
public final class Interval {

  private final AbstractHistogram all = Histograms.newNanos();
  private final Map<String, AbstractHistogram> byGroup = new TreeMap<>(); // sorted: stable output

  void record(long nanos, String group) {
    all.recordValue(nanos);
    if (group != null) {
      byGroup.computeIfAbsent(group, g -> Histograms.newNanos()).recordValue(nanos);
    }
  }

  /** The time-weighted view: a pause seen by a thread sampling every {@code resolution} ns. */
  void recordSampled(long nanos, long resolutionNanos) {
    all.recordValueWithExpectedInterval(nanos, resolutionNanos);
  }

  void recordZeros(long count) {
    if (count > 0) {
      all.recordValueWithCount(0, count);
    }
  }

  void add(Interval later) {
    all.add(later.all);
    later.byGroup.forEach((g, h) -> byGroup.computeIfAbsent(g, k -> Histograms.newNanos()).add(h));
  }

  public AbstractHistogram all() {
    return all;
  }

  /** Per group name (as the grouping named it), sorted by name; read-only. */
  public Map<String, AbstractHistogram> byGroup() {
    return Collections.unmodifiableMap(byGroup);
  }
}
