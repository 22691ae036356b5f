package tardy.record.interval;

import java.util.Arrays;
import org.HdrHistogram.AbstractHistogram;
import tardy.record.histogram.NanosHistogram;

/**
 * One histogram of a live interval. An interval holds few events (a 5 s interval of a safepoint
 * log a few hundred, of one VM operation a handful), so each event's bucket index is appended as
 * it comes and the indices are sorted once, when the interval is encoded: recording allocates no
 * page per value, and the encoding walks the values held, not the pages of their range. Past
 * {@value #SMALL} values (a busy access log's interval, the time-weighted view's zero samples)
 * the counts move into a paged {@link NanosHistogram}, whose recording costs the same whatever the
 * count. Either way the counts, and so the encoding, are those of the values recorded.
 */
final class IntervalHistogram {

  /** Values held as indices at most: 4 KiB, sorted in microseconds. */
  static final int SMALL = 1_024;

  private int[] indices;
  private int size;
  private NanosHistogram large; // once past SMALL; indices are then unused

  IntervalHistogram() {
    this(8);
  }

  /**
   * @param expected values it will probably hold (a timeline's guess from the interval before):
   *     room for them from the start, where growing by doubling from a few allocated twice the
   *     final array, half of everything a long safepoint log's recording allocated
   */
  IntervalHistogram(int expected) {
    indices = new int[Math.max(8, Math.min(SMALL, expected))];
  }

  /** The counts of a decoded histogram, to record into again. */
  static IntervalHistogram of(NanosHistogram counts) {
    IntervalHistogram h = new IntervalHistogram();
    h.indices = null;
    h.large = counts;
    return h;
  }

  void record(long nanos) {
    if (nanos < 0) {
      throw new IllegalArgumentException("a negative value: " + nanos);
    }
    if (large == null && (size < indices.length || grow(1))) {
      indices[size++] = NanosHistogram.index(nanos);
    } else {
      large.record(nanos);
    }
  }

  /** Records {@code count} values of {@code nanos}. */
  void record(long nanos, long count) {
    if (nanos < 0 || count < 0) {
      throw new IllegalArgumentException("a negative value or count: " + nanos + ", " + count);
    }
    add(NanosHistogram.index(nanos), count);
  }

  /** Adds {@code count} values at HdrHistogram's index {@code index}. */
  void add(int index, long count) {
    if (large == null && count <= SMALL - size && (size + (int) count <= indices.length
        || grow((int) count))) {
      for (long i = 0; i < count; i++) {
        indices[size++] = index;
      }
    } else if (count > 0) {
      large().record(NanosHistogram.valueFromIndex(index), count);
    }
  }

  /** Adds every count of {@code other}, which is left as it is. */
  void add(IntervalHistogram other) {
    if (other.large != null || !grow(other.size)) {
      NanosHistogram ours = large();
      if (other.large != null) {
        ours.add(other.large);
      } else {
        for (int i = 0; i < other.size; i++) {
          ours.record(NanosHistogram.valueFromIndex(other.indices[i]));
        }
      }
      return;
    }
    System.arraycopy(other.indices, 0, indices, size, other.size);
    size += other.size;
  }

  long totalCount() {
    return large != null ? large.totalCount() : size;
  }

  /**
   * Every count that is not zero, by HdrHistogram's index, ascending; {@code sorter} is the
   * caller's room for sorting the indices (an encoder's own: no thread-local looked up here).
   */
  void forEachCount(NanosHistogram.Counts to, Sorter sorter) {
    if (large != null) {
      large.forEachCount(to);
      return;
    }
    sorter.sort(indices, size); // the order of events means nothing: kept sorted from here
    for (int i = 0; i < size; ) {
      int index = indices[i];
      int run = i + 1;
      while (run < size && indices[run] == index) {
        run++;
      }
      to.at(index, run - i);
      i = run;
    }
  }

  /**
   * Sorts indices: one per encoder, so a thread that starts encoding late (the end of the run)
   * does not meet a thread-local's first lookup inside compiled code. Written out rather than
   * {@code Arrays.sort}: the JDK's sorter is several kilobytes of bytecode that C2 compiles (and
   * recompiles per input shape) for arrays of a few dozen.
   */
  static final class Sorter {

    /** Below this many, an insertion sort is quicker than two radix passes. */
    private static final int RADIX_FROM = 48;

    private final int[] values = new int[SMALL];
    private final int[] low = new int[257];
    private final int[] high = new int[257];

    /**
     * Sorts the first {@code n} indices. An index is below 2^16 (HdrHistogram's highest for this
     * precision is 56,319), so two byte-wide counting passes sort any number of them without the
     * mispredicted comparisons of a quicksort over random values.
     */
    void sort(int[] a, int n) {
      if (n < RADIX_FROM) {
        insertionSort(a, n);
      } else {
        radixSort(a, n);
      }
    }

    /**
     * Each value goes after the last one not above it, found by halving: no loop that C2 makes a
     * counted one whose limit check then fails (a deoptimisation of every method it is in).
     */
    private static void insertionSort(int[] a, int n) {
      for (int i = 1; i < n; i++) {
        int v = a[i];
        if (a[i - 1] <= v) {
          continue; // in place already
        }
        int lo = 0;
        int hi = i - 1; // a[hi] > v
        while (lo < hi) {
          int mid = (lo + hi) >>> 1;
          if (a[mid] > v) {
            hi = mid;
          } else {
            lo = mid + 1;
          }
        }
        System.arraycopy(a, lo, a, lo + 1, i - lo);
        a[lo] = v;
      }
    }

    private void radixSort(int[] a, int n) {
      int[] b = values;
      Arrays.fill(low, 0);
      Arrays.fill(high, 0);
      for (int i = 0; i < n; i++) {
        low[(a[i] & 0xFF) + 1]++;
        high[(a[i] >>> 8 & 0xFF) + 1]++;
      }
      for (int d = 1; d < 257; d++) {
        low[d] += low[d - 1];
        high[d] += high[d - 1];
      }
      for (int i = 0; i < n; i++) {
        b[low[a[i] & 0xFF]++] = a[i];
      }
      for (int i = 0; i < n; i++) {
        a[high[b[i] >>> 8 & 0xFF]++] = b[i];
      }
    }
  }

  /** The same counts in an HdrHistogram: a new one each call. */
  AbstractHistogram toHdrHistogram() {
    if (large != null) {
      return large.toHdrHistogram();
    }
    NanosHistogram copy = new NanosHistogram();
    forEachCount((index, count) -> copy.record(NanosHistogram.valueFromIndex(index), count),
        new Sorter());
    return copy.toHdrHistogram();
  }

  /**
   * Room for {@code more} indices: false once the counts are (or now went) past {@link #SMALL},
   * in the paged histogram.
   */
  private boolean grow(int more) {
    if (large != null) {
      return false;
    }
    int needed = size + more;
    if (needed <= indices.length) {
      return true;
    }
    if (needed > SMALL) {
      large();
      return false;
    }
    indices = Arrays.copyOf(indices, Math.min(SMALL, Math.max(needed, 2 * indices.length)));
    return true;
  }

  /** The paged form, made from the indices the first time. */
  private NanosHistogram large() {
    if (large == null) {
      large = new NanosHistogram();
      for (int i = 0; i < size; i++) {
        large.record(NanosHistogram.valueFromIndex(indices[i]));
      }
      indices = null;
      size = 0;
    }
    return large;
  }
}
