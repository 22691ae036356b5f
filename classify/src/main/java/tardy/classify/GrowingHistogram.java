package tardy.classify;

import org.HdrHistogram.AbstractHistogram;

/**
 * A histogram of nanoseconds, dense or packed. Recording into a dense one is several times
 * cheaper; a packed one's memory follows the values recorded. How many may be dense is bounded per
 * recorder ({@link DenseBudget}), so a log of a thousand busy operations still fits a small heap.
 * Either form reports exactly the same values.
 *
 * <p>Histograms start dense while most of the budget lasts: most groups that exist at all are
 * busy, and a histogram that is packed for its first values brings the packed code into the hot
 * path, into the merges and into the JIT compiler's queue just when the parse loop needs compiling
 * (on 5 M nginx lines, starting only latency histograms dense, 64 at most, cost 11 % more
 * instructions and 15 % more cycles than this). The rest of the budget goes to packed histograms
 * that turn out busy, so a log whose first operations are rare still records its busy ones fast.
 */
final class GrowingHistogram {

  /** Values recorded before a histogram asks to turn dense. */
  static final long BUSY = 4096;

  private final DenseBudget budget;
  private AbstractHistogram histogram;
  private boolean settled;

  GrowingHistogram(DenseBudget budget) {
    this.budget = budget;
    this.settled = budget.takeAtBirth();
    this.histogram = settled ? Histograms.newDenseNanos() : Histograms.newNanos();
  }

  void record(long nanos) {
    histogram.recordValue(nanos);
    if (!settled && histogram.getTotalCount() >= BUSY) {
      settle();
    }
  }

  void add(GrowingHistogram other) {
    add(other.histogram);
  }

  void add(AbstractHistogram other) {
    // settle first: adding a large histogram into a packed one costs far more than into a dense
    if (!settled && histogram.getTotalCount() + other.getTotalCount() >= BUSY) {
      settle();
    }
    if (other.getTotalCount() <= FEW) {
      addFew(other);
    } else {
      histogram.add(other);
    }
  }

  /** Folding a rare group: a packed histogram's own add reads every one of its buckets. */
  static final long FEW = 16;

  /** Adds a histogram of few values bucket by bucket from its smallest value to its largest. */
  private void addFew(AbstractHistogram few) {
    long left = few.getTotalCount();
    for (long v = few.lowestEquivalentValue(few.getMinValue()); left > 0;
        v = few.nextNonEquivalentValue(v)) {
      long count = few.getCountAtValue(v);
      if (count > 0) {
        histogram.recordValueWithCount(v, count);
        left -= count;
      }
    }
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
     * enough for the latency and 5xx histograms of 48 operations from birth, and 32 more that turn
     * busy later.
     */
    static final int PER_RECORDER = 128;

    /** Kept for packed histograms that turn out busy. */
    static final int FOR_BUSY = 32;

    private int left;

    DenseBudget(int left) {
      this.left = left;
    }

    static DenseBudget perRecorder() {
      return new DenseBudget(PER_RECORDER);
    }

    boolean takeAtBirth() {
      return left > FOR_BUSY && take();
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
