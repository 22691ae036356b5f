package tardy.classify;

import org.HdrHistogram.AbstractHistogram;

/**
 * A histogram of nanoseconds that starts packed, so its memory follows the values recorded, and
 * turns dense once it is busy, because recording into a dense histogram is several times cheaper.
 * How many may turn dense is bounded per recorder ({@link DenseBudget}), so a log of a thousand
 * busy operations still fits a small heap. Either form reports exactly the same values.
 *
 * <p>A group's latency and 5xx histograms start dense while the budget lasts ({@link
 * #denseWhileBudgetLasts}): most groups that exist at all are busy, and a histogram that is packed
 * for its first values brings the packed code into the hot path, into the merge and into the JIT
 * compiler's queue just when the parse loop needs compiling (on 5 M nginx lines, 64 dense per
 * recorder instead of 128 cost 11 % more instructions and 15 % more cycles).
 */
final class GrowingHistogram {

  /** Values recorded before a histogram asks to turn dense. */
  static final long BUSY = 4096;

  private final DenseBudget budget;
  private AbstractHistogram histogram = Histograms.newNanos();
  private boolean settled;

  GrowingHistogram(DenseBudget budget) {
    this.budget = budget;
  }

  /** Dense from the start if the budget allows, else packed until busy like any other. */
  static GrowingHistogram denseWhileBudgetLasts(DenseBudget budget) {
    GrowingHistogram h = new GrowingHistogram(budget);
    if (budget.take()) {
      h.histogram = Histograms.newDenseNanos();
      h.settled = true;
    }
    return h;
  }

  void record(long nanos) {
    histogram.recordValue(nanos);
    if (!settled && histogram.getTotalCount() >= BUSY) {
      settle();
    }
  }

  void add(GrowingHistogram other) {
    // settle first: adding a large histogram into a packed one costs far more than into a dense
    if (!settled && histogram.getTotalCount() + other.histogram.getTotalCount() >= BUSY) {
      settle();
    }
    histogram.add(other.histogram);
  }

  private void settle() {
    settled = true;
    if (budget.take()) {
      AbstractHistogram dense = Histograms.newDenseNanos();
      dense.add(histogram);
      histogram = dense;
    }
  }

  AbstractHistogram histogram() {
    return histogram;
  }

  /** How many histograms of one recorder may turn dense. */
  static final class DenseBudget {
    /**
     * About 220 KiB each at nanosecond values up to a minute: 128 cost some 28 MiB per recorder,
     * enough for the latency and 5xx histograms of the 64 busiest operations of a typical log.
     */
    static final int PER_RECORDER = 128;

    private int left;

    DenseBudget(int left) {
      this.left = left;
    }

    static DenseBudget perRecorder() {
      return new DenseBudget(PER_RECORDER);
    }

    boolean take() {
      if (left == 0) {
        return false;
      }
      left--;
      return true;
    }
  }
}
