package tardy.record;

import tardy.record.Group;
import tardy.record.histogram.NanosHistogram;
import tardy.record.interval.Intervals;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeSet;
import tardy.events.Family;
import tardy.events.Times;

/**
 * A report's {@code --interval}: latencies per interval of the log's wall clock, for each
 * family's total always and for each group while they fit. Memory is bounded whatever the log's
 * span and operations: past {@value #MAX_INTERVALS} intervals the interval is too fine and none
 * is kept; past {@value #MAX_GROUP_INTERVALS} interval histograms of groups, only the groups
 * ranked highest by the traffic sample keep theirs: those ranked below {@code K}, for the largest
 * {@code K} of (all, 2^16, 2^15, …, 1, 0) whose groups' histograms fit (0: the totals only).
 * The sample is decided before the parallel pass, and a part's histograms of the groups ranked
 * below any {@code K} are never more than the whole input's, so a part that must narrow means the
 * whole must too: what is kept does not depend on threads or cuts. Past the recorder's group
 * bound, only ranked groups keep theirs ({@link #rankedOnly}).
 *
 * <p>Counts alone do not bound memory: a busy interval's histogram holds pages of counts where its
 * values fall, tens to hundreds of KB. So the pages are bounded too, by the same rule: a part's
 * pages are never more than the whole's (adding histograms unions their pages). Past {@value
 * #MAX_TOTAL_PAGES} pages of the families' totals the interval is too fine as well; past {@value
 * #MAX_GROUP_PAGES} of the groups', they narrow as for their count. At {@value
 * NanosHistogram#PAGE_BYTES} bytes a page that is 17 and 34 MiB a part; two parts and their sum
 * (as the sum is made), with the slots' own few MiB, about 160 MiB of the launcher's 256: 1 M
 * nginx lines over 30 minutes need 2.1 and 25.7 MiB at 1m (all kept), 10.5 and 72 MiB at 10s.
 */
public final class ReportIntervals {

  public static final int MAX_INTERVALS = 1_000;
  public static final long MAX_GROUP_INTERVALS = 20_000;
  static final long MAX_TOTAL_PAGES = 1L << 16;
  /** The groups' page budget for the totals' one: twice it. */
  private static final long GROUP_PAGES_PER_TOTAL_PAGE = 2;
  static final long MAX_GROUP_PAGES = GROUP_PAGES_PER_TOTAL_PAGE * MAX_TOTAL_PAGES;

  /** What one part's intervals may take: both budgets' pages, and a quarter more for tables. */
  private static final long PART_BYTES =
      (MAX_TOTAL_PAGES + MAX_GROUP_PAGES) * NanosHistogram.PAGE_BYTES * 5 / 4;
  /** The rest of a report beside the parts' intervals. */
  private static final long REST_BYTES = 96L << 20;

  /**
   * How many parts may hold their intervals at once within {@code maxHeapBytes}: each part may
   * fill its budgets before the parts are added, so a run parses on no more threads than the heap
   * holds parts (two in the launcher's 256 MiB). What is kept does not depend on the threads, so
   * fewer of them change only the speed.
   */
  public static int partsThatFit(long maxHeapBytes) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, (maxHeapBytes - REST_BYTES) / PART_BYTES));
  }

  /** Every group keeps its intervals: none had to go. */
  private static final long ALL = Long.MAX_VALUE;

  /** The first narrowing: above every rank a sample gives (twice the largest cap). */
  private static final long FIRST_NARROWING = 1L << 16;

  /** The recorder's groups, as far as their intervals go. */
  interface Groups {
    /** A group's {@link Grouping#sampleRank}. */
    int rank(Group g);

    /** The intervals of every group ranked {@code fromRank} or lower go. */
    void dropIntervals(long fromRank);

    long intervalCount();

    /** The pages of counts of every group's interval histograms. */
    long intervalPages();
  }

  private final long lengthMillis;
  private final long maxTotalPages;
  private final long maxGroupPages;
  private final Groups groups;
  private final Map<Family, Intervals> totals = new EnumMap<>(Family.class);
  private final TreeSet<Long> indices = new TreeSet<>();
  private long groupIntervals;
  private long groupPages;
  private long totalPages;
  private boolean tooFine; // more than MAX_INTERVALS: no interval is kept, nor counted
  private boolean tooBusy; // the totals' pages past their budget: their intervals still counted
  private long keptRanks = ALL; // groups ranked below it keep their intervals
  private long untimed;
  private long lastIndex = Long.MIN_VALUE; // logs come in time order: no set lookup per event

  /**
   * Page budgets: the totals' {@code maxTotalPages} (the report's: {@link #MAX_TOTAL_PAGES}), the
   * groups' twice that.
   */
  ReportIntervals(long lengthMillis, long maxTotalPages, Groups groups) {
    if (lengthMillis < 1) {
      throw new IllegalArgumentException("an interval lasts at least 1 ms");
    }
    this.lengthMillis = lengthMillis;
    this.maxTotalPages = maxTotalPages;
    this.maxGroupPages = GROUP_PAGES_PER_TOTAL_PAGE * maxTotalPages;
    this.groups = groups;
  }

  /** Records one event of {@code group}, logged at {@code wallMillis} ({@link Times#NONE}: none). */
  void record(Group group, long wallMillis, long nanos) {
    if (!Times.isSet(wallMillis)) {
      untimed++;
      return;
    }
    if (tooFine) {
      return;
    }
    long index = tardy.record.interval.Timeline.index(wallMillis, lengthMillis);
    if (index != lastIndex) {
      lastIndex = index;
      if (indices.add(index) && indices.size() > MAX_INTERVALS) {
        becomeTooFine();
        return;
      }
    }
    if (tooBusy) {
      return; // the intervals are still counted: past MAX_INTERVALS the note says so instead
    }
    Intervals total =
        totals.computeIfAbsent(group.family(), f -> new Intervals(lengthMillis));
    long before = total.pages();
    total.record(index, nanos);
    totalPages += total.pages() - before;
    if (totalPages > maxTotalPages) {
      becomeTooBusy();
      return;
    }
    if (keptRanks == ALL || groups.rank(group) < keptRanks) {
      Intervals ours = group.intervals(lengthMillis);
      before = ours.pages();
      if (ours.record(index, nanos)) {
        groupIntervals++;
      }
      groupPages += ours.pages() - before;
      if (groupIntervals > MAX_GROUP_INTERVALS || groupPages > maxGroupPages) {
        narrow();
      }
    }
  }

  /**
   * Adds one interval's histogram of {@code group} recorded elsewhere (a histogram table's row
   * rolled up): to its family's total and to the group's own, as its events would have been.
   * The interval bounds apply as they do to events; the page budgets do not (the rows were
   * recorded within them).
   *
   * @param startMillis the row's interval start, within one interval of this length
   */
  void addRolledUp(Group group, long startMillis, org.HdrHistogram.AbstractHistogram latency,
      long max) {
    if (tooFine) {
      return;
    }
    long index = tardy.record.interval.Timeline.index(startMillis, lengthMillis);
    if (indices.add(index) && indices.size() > MAX_INTERVALS) {
      becomeTooFine();
      return;
    }
    Intervals total = totals.computeIfAbsent(group.family(), f -> new Intervals(lengthMillis));
    long before = total.pages();
    total.add(index, latency, max);
    totalPages += total.pages() - before;
    Intervals ours = group.intervals(lengthMillis);
    before = ours.pages();
    if (ours.add(index, latency, max)) {
      groupIntervals++;
    }
    groupPages += ours.pages() - before;
  }

  /** Events recorded elsewhere without a time of the wall clock (a table's whole-run row). */
  void addUntimed(long count) {
    untimed += count;
  }

  private void becomeTooFine() {
    tooFine = true;
    indices.clear();
    dropAll();
  }

  private void becomeTooBusy() {
    tooBusy = true;
    dropAll();
  }

  private void dropAll() {
    totals.clear();
    totalPages = 0;
    keptRanks = 0;
    groups.dropIntervals(0);
    groupIntervals = 0;
    groupPages = 0;
  }

  /** Fewer groups keep their intervals, until theirs fit. */
  private void narrow() {
    while (groupIntervals > MAX_GROUP_INTERVALS || groupPages > maxGroupPages) {
      keptRanks = keptRanks == ALL ? FIRST_NARROWING : keptRanks / 2;
      dropIntervals();
    }
  }

  private void dropIntervals() {
    groups.dropIntervals(keptRanks);
    groupIntervals = groups.intervalCount();
    groupPages = groups.intervalPages();
  }

  /**
   * Only the groups the sample ranked keep their intervals, as after the first narrowing: the
   * recorder went past its group bound, where which of the others it tracks one by one depends on
   * the cuts (see {@link Recorder}); the ranked ones it always tracks.
   */
  void rankedOnly() {
    if (keptRanks > FIRST_NARROWING) {
      keptRanks = FIRST_NARROWING;
      dropIntervals();
      narrow();
    }
  }

  /** Adds a later part's, once the later part's groups were added into the recorder's. */
  void add(ReportIntervals later) {
    untimed += later.untimed;
    if (tooFine || later.tooFine) {
      becomeTooFine();
      return;
    }
    indices.addAll(later.indices);
    if (indices.size() > MAX_INTERVALS) {
      becomeTooFine();
      return;
    }
    if (tooBusy || later.tooBusy) {
      becomeTooBusy();
      return;
    }
    later.totals.forEach((f, theirs) -> {
      Intervals ours = totals.computeIfAbsent(f, k -> new Intervals(lengthMillis));
      long before = ours.pages();
      ours.add(theirs);
      totalPages += ours.pages() - before;
    });
    if (totalPages > maxTotalPages) {
      becomeTooBusy();
      return;
    }
    keptRanks = Math.min(keptRanks, later.keptRanks);
    if (keptRanks != ALL) { // either part's groups ranked lower came in with their intervals
      groups.dropIntervals(keptRanks);
    }
    groupIntervals = groups.intervalCount();
    groupPages = groups.intervalPages();
    narrow();
  }

  /** Whether the group's intervals are all there, to be shown. */
  public boolean shows(Group group) {
    return keptRanks == ALL || groups.rank(group) < keptRanks;
  }

  /** Whether only some groups keep their intervals (and how many is the report's to count). */
  public boolean narrowed() {
    return keptRanks != ALL && keptRanks > 0;
  }

  public long lengthMillis() {
    return lengthMillis;
  }

  /** The family's total per interval; null when too fine or the family had no timed event. */
  public Intervals total(Family family) {
    return totals.get(family);
  }

  /** Whether no interval is kept: more than {@value #MAX_INTERVALS}, or {@link #tooBusy}. */
  public boolean tooFine() {
    return tooFine || tooBusy;
  }

  /** Whether the intervals were few enough but the totals' histograms past their pages. */
  public boolean tooBusy() {
    return tooBusy && !tooFine;
  }

  /** The totals' page budget in bytes of counts, for the note. */
  public long maxTotalBytes() {
    return maxTotalPages * NanosHistogram.PAGE_BYTES;
  }

  /** The groups' page budget in bytes of counts, for the note. */
  public long maxGroupBytes() {
    return maxGroupPages * NanosHistogram.PAGE_BYTES;
  }

  public boolean groupsLeftOut() {
    return keptRanks == 0;
  }

  public long untimed() {
    return untimed;
  }

  void write(DataOutput out) throws IOException {
    out.writeLong(lengthMillis);
    out.writeBoolean(tooFine);
    out.writeBoolean(tooBusy);
    out.writeLong(keptRanks);
    out.writeLong(untimed);
    out.writeLong(groupIntervals);
    out.writeLong(groupPages);
    out.writeInt(indices.size()); // too busy, the totals are gone but not their intervals
    for (long index : indices) {
      out.writeLong(index);
    }
    out.writeInt(totals.size());
    for (Map.Entry<Family, Intervals> e : totals.entrySet()) {
      out.writeByte(e.getKey().ordinal());
      e.getValue().write(out);
    }
  }

  void read(DataInput in) throws IOException {
    if (in.readLong() != lengthMillis) {
      throw new IOException("the encoded intervals have another length");
    }
    tooFine = in.readBoolean();
    tooBusy = in.readBoolean();
    keptRanks = in.readLong();
    untimed = in.readLong();
    groupIntervals = in.readLong();
    groupPages = in.readLong();
    for (int n = in.readInt(); n > 0; n--) {
      indices.add(in.readLong());
    }
    for (int n = in.readInt(); n > 0; n--) {
      int f = in.readUnsignedByte();
      if (f >= Family.values().length) {
        throw new IOException("not a family: " + f);
      }
      Intervals i = Intervals.read(in, lengthMillis);
      totals.put(Family.values()[f], i);
      totalPages += i.pages();
    }
  }
}
