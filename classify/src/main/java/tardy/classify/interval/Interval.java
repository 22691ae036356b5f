package tardy.classify.interval;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
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

  Interval copy() {
    Interval c = new Interval();
    c.add(this);
    return c;
  }

  /**
   * A copy of all events' histogram. Copies, because HdrHistogram keeps a buffer of tens of KB in
   * every histogram it encodes: writing the intervals' own ones would keep one per interval alive
   * as long as the timeline, hundreds of MB for a long log.
   */
  public AbstractHistogram all() {
    return copyOf(all);
  }

  /** Copies per group name (as the grouping named it), sorted by name; see {@link #all()}. */
  public Map<String, AbstractHistogram> byGroup() {
    Map<String, AbstractHistogram> copies = new TreeMap<>();
    byGroup.forEach((g, h) -> copies.put(g, copyOf(h)));
    return Collections.unmodifiableMap(copies);
  }

  /** The recorded histogram itself, for readers in this package that neither encode nor keep it. */
  AbstractHistogram recordedAll() {
    return all;
  }

  Map<String, AbstractHistogram> recordedByGroup() {
    return Collections.unmodifiableMap(byGroup);
  }

  /** Dense, of the same shape: many times quicker to fill than a packed one, and short-lived. */
  private static AbstractHistogram copyOf(AbstractHistogram h) {
    Histogram c = new Histogram(h.getLowestDiscernibleValue(), h.getHighestTrackableValue(),
        h.getNumberOfSignificantValueDigits());
    c.setAutoResize(true);
    c.add(h);
    return c;
  }
}
