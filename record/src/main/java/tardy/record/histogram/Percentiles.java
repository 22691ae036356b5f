package tardy.record.histogram;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;

/**
 * The percentiles every report shows, as HdrHistogram reports them for one histogram.
 *
 * @param count the values recorded, behind the percentiles: a measure not every event carries
 *     (an upstream time, a time to safepoint) has fewer than the group has events
 */
public record Percentiles(List<Point> points, long count) {

  /** The percentiles shown: labels as in JSON. 100 is the largest value recorded. */
  public static final List<String> LABELS = List.of("50", "90", "99", "99.9", "99.99", "100");

  private static final double[] VALUES = {50, 90, 99, 99.9, 99.99, 100};

  /** One percentile: {@code label} "99.9" is percentile 99.9. */
  public record Point(String label, double percentile, long nanos) {}

  public Percentiles {
    points = List.copyOf(points);
  }

  /** As HdrHistogram's own histogram gives them, for histograms made outside the recorder. */
  public static Percentiles of(AbstractHistogram h) {
    List<Point> points = new ArrayList<>(LABELS.size());
    for (int i = 0; i < VALUES.length; i++) {
      points.add(new Point(LABELS.get(i), VALUES[i], h.getValueAtPercentile(VALUES[i])));
    }
    return new Percentiles(points, h.getTotalCount());
  }

  /**
   * The same with no point above {@code maxNanos}: HdrHistogram answers with its bucket's top,
   * which can lie above the largest value recorded, and the max is the max.
   */
  public Percentiles atMost(long maxNanos) {
    List<Point> capped = new ArrayList<>(points.size());
    for (Point p : points) {
      capped.add(p.nanos <= maxNanos ? p : new Point(p.label, p.percentile, maxNanos));
    }
    return new Percentiles(capped, count);
  }

  /** All of them from one pass over the histogram. */
  public static Percentiles of(NanosHistogram h) {
    long[] values = h.valuesAtPercentiles(VALUES);
    List<Point> points = new ArrayList<>(LABELS.size());
    for (int i = 0; i < VALUES.length; i++) {
      points.add(new Point(LABELS.get(i), VALUES[i], values[i]));
    }
    return new Percentiles(points, h.totalCount());
  }

  public long at(String label) {
    for (Point point : points) {
      if (point.label.equals(label)) {
        return point.nanos;
      }
    }
    throw new IllegalArgumentException("no percentile " + label);
  }
}
