package tardy.record.histogram;

import org.HdrHistogram.AbstractHistogram;

/**
 * A histogram of nanoseconds with HdrHistogram's buckets at {@value Histograms#SIGNIFICANT_DIGITS}
 * significant digits (lowest discernible value 1), whose counts live in small pages allocated
 * where values fall. Recording costs what a dense histogram's does; memory follows the values
 * recorded (a rare operation holds a page or two, a busy one the pages of its range); and every
 * step of the end of a run is proportional to the pages in use, not to the range: adding two
 * histograms adds their pages, and the percentiles of a report come from one pass.
 *
 * <p>Every number it gives is the one an HdrHistogram {@code Histogram(3)} holding the same
 * values gives ({@code NanosHistogramTest} compares them); {@link #toHdrHistogram} makes one for
 * what needs HdrHistogram's own API (charts, .hgrm, the encoding).
 */
public final class NanosHistogram {

  // HdrHistogram's layout for lowest discernible value 1 and 3 significant digits
  private static final int SUB_BUCKET_HALF_COUNT_MAGNITUDE = 10;
  private static final int SUB_BUCKET_HALF_COUNT = 1 << SUB_BUCKET_HALF_COUNT_MAGNITUDE;
  private static final int SUB_BUCKET_COUNT = 2 * SUB_BUCKET_HALF_COUNT;
  private static final long SUB_BUCKET_MASK = SUB_BUCKET_COUNT - 1;
  private static final int LEADING_ZERO_COUNT_BASE = 64 - SUB_BUCKET_HALF_COUNT_MAGNITUDE - 1;

  /** 32 counts a page: a rare operation's one or two values cost a few hundred bytes. */
  private static final int PAGE_BITS = 5;
  private static final int PAGE = 1 << PAGE_BITS;
  private static final long[][] NO_PAGES = new long[0][];

  /** The whole milliseconds the front counts: 0 to 1,023 ms, each a bucket of its own. */
  private static final int FRONT_MILLIS = 1 << 10;
  /**
   * The pages a histogram with a front holds before it takes one: the front's 8 KiB then cost
   * less than the pages do, and a rare operation's few values never take one.
   */
  private static final int FRONT_AFTER_PAGES = 32;

  private final boolean frontWanted;
  /**
   * Counts of whole milliseconds not yet in the pages (null until taken): most access logs write
   * milliseconds, whose buckets below 1 s each sit on a page of their own, so one busy group's
   * values touch hundreds of pages; 8 KiB of dense counts keep them in the cache. Every read
   * settles them into the pages first, so nothing a histogram gives depends on it; so a read, like
   * a record, is for one thread at a time.
   */
  private long[] front;
  private boolean unsettled; // the front holds counts the pages do not

  private long[][] pages = NO_PAGES; // pages[i] holds page firstPage + i, null while unused
  private int firstPage;
  private int pagesInUse; // counted as pages are made: the memory a bound can watch in O(1)
  private long total;

  /** An empty histogram that records as {@link #withMillisFront()} says, or without a front. */
  private NanosHistogram(boolean frontWanted) {
    this.frontWanted = frontWanted;
  }

  public NanosHistogram() {
    this(false);
  }

  /**
   * An empty histogram for a busy stream of whole-millisecond values (an operation's latency):
   * once its values span {@value #FRONT_AFTER_PAGES} pages it counts whole milliseconds below
   * 1,024 ms in 8 KiB of its own first. The same numbers as any other; only where the counts
   * wait differs.
   */
  public static NanosHistogram withMillisFront() {
    return new NanosHistogram(true);
  }

  public void record(long nanos) {
    if (nanos < 0) {
      throw new IllegalArgumentException("a negative value: " + nanos);
    }
    if (!frontWanted || !countedInFront(nanos)) {
      addToBucket(nanos, 1);
    }
    total++;
  }

  /** Records {@code count} values of {@code nanos}. */
  public void record(long nanos, long count) {
    if (nanos < 0 || count < 0) {
      throw new IllegalArgumentException("a negative value or count: " + nanos + ", " + count);
    }
    addToBucket(nanos, count);
    total += count;
  }

  /** Counts a whole millisecond below the front's end in the front, taken once it pays. */
  private boolean countedInFront(long nanos) {
    long millis = nanos / 1_000_000;
    if (millis >= FRONT_MILLIS || millis * 1_000_000 != nanos) {
      return false;
    }
    if (front == null) {
      if (pagesInUse < FRONT_AFTER_PAGES) {
        return false;
      }
      front = new long[FRONT_MILLIS];
    }
    front[(int) millis]++;
    unsettled = true;
    return true;
  }

  /** Moves the front's counts into the pages: what every read sees first. */
  private void settle() {
    if (!unsettled) { // also without a front
      return;
    }
    for (int millis = 0; millis < FRONT_MILLIS; millis++) {
      long count = front[millis];
      if (count != 0) {
        addToBucket(millis * 1_000_000L, count);
        front[millis] = 0;
      }
    }
    unsettled = false;
  }

  /** Receives the counts that are not zero, by HdrHistogram's index, ascending. */
  public interface Counts {
    void at(int index, long count);
  }

  /** Every count that is not zero, in index order; pages not in use cost nothing. */
  public void forEachCount(Counts to) {
    settle();
    for (int at = 0; at < pages.length; at++) {
      long[] page = pages[at];
      if (page != null) {
        int base = (firstPage + at) << PAGE_BITS;
        for (int i = 0; i < PAGE; i++) {
          if (page[i] != 0) {
            to.at(base + i, page[i]);
          }
        }
      }
    }
  }

  /** Adds every count of {@code other}, which is left as it is. */
  public void add(NanosHistogram other) {
    other.settle();
    long[][] theirs = other.pages;
    if (theirs.length > 0) { // the table grows at most once
      cover(other.firstPage);
      cover(other.firstPage + theirs.length - 1);
    }
    for (int i = 0; i < theirs.length; i++) {
      long[] page = theirs[i];
      if (page == null) {
        continue;
      }
      int at = other.firstPage + i - firstPage;
      long[] ours = pages[at];
      if (ours == null) {
        pages[at] = page.clone();
        pagesInUse++;
        continue;
      }
      for (int j = 0; j < PAGE; j++) {
        ours[j] += page[j];
      }
    }
    total += other.total;
  }

  /** Adds every count of an HdrHistogram of the same precision (a decoded one). */
  public void add(AbstractHistogram h) {
    for (var v : h.recordedValues()) {
      addToBucket(v.getValueIteratedTo(), v.getCountAtValueIteratedTo());
      total += v.getCountAtValueIteratedTo();
    }
  }

  /** Takes away every count of {@code part}, which holds a part of these values. */
  public void subtract(NanosHistogram part) {
    settle();
    part.forEachCount((index, count) -> {
      int at = (index >>> PAGE_BITS) - firstPage;
      long[] page = at >= 0 && at < pages.length ? pages[at] : null;
      if (page == null || page[index & (PAGE - 1)] < count) {
        throw new IllegalArgumentException("not a part: more values of "
            + valueFromIndex(index) + " than held");
      }
      page[index & (PAGE - 1)] -= count;
      total -= count;
    });
  }

  /**
   * The values in buckets up to {@code nanos}'s, its own included: HdrHistogram's
   * {@code getCountBetweenValues(0, nanos)}.
   */
  public long countAtOrBelow(long nanos) {
    settle();
    int last = index(nanos);
    long n = 0;
    for (int at = 0; at < pages.length && (firstPage + at) << PAGE_BITS <= last; at++) {
      long[] page = pages[at];
      if (page == null) {
        continue;
      }
      int base = (firstPage + at) << PAGE_BITS;
      for (int i = 0; i < PAGE && base + i <= last; i++) {
        n += page[i];
      }
    }
    return n;
  }

  /** A copy: the two then change apart. */
  public NanosHistogram copy() {
    NanosHistogram c = new NanosHistogram();
    c.add(this);
    return c;
  }

  public long totalCount() {
    return total;
  }

  /**
   * The values at these percentiles, ascending, in one pass: each exactly what HdrHistogram's
   * {@code getValueAtPercentile} gives; 0 for every one when empty.
   */
  public long[] valuesAtPercentiles(double... ascending) {
    settle();
    long[] values = new long[ascending.length];
    if (total == 0) {
      return values;
    }
    long[] wanted = new long[ascending.length];
    for (int k = 0; k < ascending.length; k++) {
      if (k > 0 && ascending[k] < ascending[k - 1]) {
        throw new IllegalArgumentException("percentiles must ascend");
      }
      wanted[k] = countAtPercentile(ascending[k]);
    }
    int k = 0;
    long seen = 0;
    for (int at = 0; at < pages.length && k < wanted.length; at++) {
      long[] page = pages[at];
      if (page == null) {
        continue;
      }
      long pageTotal = 0;
      for (long c : page) {
        pageTotal += c;
      }
      if (seen + pageTotal < wanted[k]) {
        seen += pageTotal;
        continue;
      }
      for (int i = 0; i < PAGE && k < wanted.length; i++) {
        seen += page[i];
        while (k < wanted.length && seen >= wanted[k]) {
          long value = valueFromIndex(((firstPage + at) << PAGE_BITS) + i);
          values[k] = ascending[k] == 0.0 ? value : highestEquivalentValue(value);
          k++;
        }
      }
    }
    return values;
  }

  /** The value at one percentile, as HdrHistogram's {@code getValueAtPercentile}. */
  public long valueAtPercentile(double percentile) {
    return valuesAtPercentiles(percentile)[0];
  }

  /** HdrHistogram's rank: at least 1, rounded up, the percentile taken one ulp down. */
  private long countAtPercentile(double percentile) {
    double requested = Math.min(
        Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0.0D), 100.0D);
    double fpCount = (requested * total) / 100.0;
    return Math.max((long) Math.ceil(fpCount), 1);
  }

  /** The same counts in an HdrHistogram (dense, auto-resizing): a new one each call. */
  public AbstractHistogram toHdrHistogram() {
    settle();
    AbstractHistogram h = Histograms.newDenseNanos();
    for (int at = pages.length - 1; at >= 0; at--) { // the top first: one resize
      long[] page = pages[at];
      if (page != null) {
        for (int i = 0; i < PAGE; i++) {
          if (page[i] != 0) {
            h.recordValueWithCount(valueFromIndex(((firstPage + at) << PAGE_BITS) + i), page[i]);
          }
        }
      }
    }
    return h;
  }

  /** Bytes of counts held: pages in use and their table. */
  long footprintBytes() {
    settle();
    return pagesInUse * (long) PAGE_BYTES + 16L + 4L * pages.length
        + (front == null ? 0 : 16L + 8L * FRONT_MILLIS);
  }

  /**
   * Pages of counts in use: one per page of buckets a value fell in, so adding histograms
   * unions them (a part's never exceed the whole's).
   */
  public int pagesInUse() {
    settle();
    return pagesInUse;
  }

  /** What one page of counts takes on the heap: its longs and the array's header. */
  public static final int PAGE_BYTES = 16 + 8 * PAGE;

  /** Adds {@code count} to the bucket of {@code nanos}, its page made if need be; not the total. */
  private void addToBucket(long nanos, long count) {
    int index = index(nanos);
    pageAt(index >>> PAGE_BITS)[index & (PAGE - 1)] += count;
  }

  private long[] pageAt(int p) {
    int at = p - firstPage;
    if (at < 0 || at >= pages.length) {
      cover(p);
      at = p - firstPage;
    }
    long[] page = pages[at];
    if (page == null) {
      page = new long[PAGE];
      pages[at] = page;
      pagesInUse++;
    }
    return page;
  }

  /** Grows the table, by half again at least, so that it holds page {@code p}. */
  private void cover(int p) {
    if (pages.length == 0) {
      pages = new long[1][];
      firstPage = p;
      return;
    }
    int last = firstPage + pages.length - 1;
    if (p >= firstPage && p <= last) {
      return;
    }
    int more = Math.max(pages.length >> 1, 1);
    int from = p < firstPage ? Math.max(0, Math.min(p, firstPage - more)) : firstPage;
    int to = p > last ? Math.max(p, last + more) : last;
    long[][] grown = new long[to - from + 1][];
    System.arraycopy(pages, 0, grown, firstPage - from, pages.length);
    pages = grown;
    firstPage = from;
  }

  // HdrHistogram's index arithmetic, written out for its one layout

  /** HdrHistogram's index of the bucket that counts {@code value}. */
  public static int index(long value) {
    int bucket = LEADING_ZERO_COUNT_BASE - Long.numberOfLeadingZeros(value | SUB_BUCKET_MASK);
    int subBucket = (int) (value >>> bucket);
    return ((bucket + 1) << SUB_BUCKET_HALF_COUNT_MAGNITUDE) + subBucket - SUB_BUCKET_HALF_COUNT;
  }

  /** The lowest value HdrHistogram's index {@code index} counts. */
  public static long valueFromIndex(int index) {
    int bucket = (index >> SUB_BUCKET_HALF_COUNT_MAGNITUDE) - 1;
    int subBucket = (index & (SUB_BUCKET_HALF_COUNT - 1)) + SUB_BUCKET_HALF_COUNT;
    if (bucket < 0) {
      subBucket -= SUB_BUCKET_HALF_COUNT;
      bucket = 0;
    }
    return (long) subBucket << bucket;
  }

  /** The largest value in the same bucket as {@code value}. */
  public static long highestEquivalentValue(long value) {
    int bucket = LEADING_ZERO_COUNT_BASE - Long.numberOfLeadingZeros(value | SUB_BUCKET_MASK);
    int subBucket = (int) (value >>> bucket);
    int size = subBucket >= SUB_BUCKET_COUNT ? bucket + 1 : bucket;
    long lowest = (long) subBucket << bucket;
    return lowest + (1L << size) - 1;
  }
}
