package tardy.record.histogram;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.PackedHistogram;

/** The one place that knows how tardy's histograms are made. */
public final class Histograms {

  /** Three significant digits: every reported value is within 0.1% of a recorded one. */
  public static final int SIGNIFICANT_DIGITS = 3;

  private Histograms() {}

  /**
   * An empty histogram of nanoseconds. Packed and auto-resizing: its memory follows the values
   * actually recorded, so a thousand operations cost kilobytes each, not the full range.
   */
  public static AbstractHistogram newNanos() {
    PackedHistogram h = new PackedHistogram(SIGNIFICANT_DIGITS);
    h.setAutoResize(true);
    return h;
  }

  /** An empty dense histogram of nanoseconds: more memory, cheaper recording. */
  public static AbstractHistogram newDenseNanos() {
    Histogram h = new Histogram(SIGNIFICANT_DIGITS);
    h.setAutoResize(true);
    return h;
  }
}
