package tardy.classify;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeSet;
import tardy.parse.Family;
import tardy.parse.Times;

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
 */
final class ReportIntervals {

  static final int MAX_INTERVALS = 1_000;
  static final long MAX_GROUP_INTERVALS = 20_000;

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
  }

  private final long lengthMillis;
  private final Groups groups;
  private final Map<Family, Intervals> totals = new EnumMap<>(Family.class);
  private final TreeSet<Long> indices = new TreeSet<>();
  private long groupIntervals;
  private boolean tooFine;
  private long keptRanks = ALL; // groups ranked below it keep their intervals
  private long untimed;
  private long lastIndex = Long.MIN_VALUE; // logs come in time order: no set lookup per event

  ReportIntervals(long lengthMillis, Groups groups) {
    if (lengthMillis < 1) {
      throw new IllegalArgumentException("an interval lasts at least 1 ms");
    }
    this.lengthMillis = lengthMillis;
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
    long index = tardy.classify.interval.Timeline.index(wallMillis, lengthMillis);
    if (index != lastIndex) {
      lastIndex = index;
      if (indices.add(index) && indices.size() > MAX_INTERVALS) {
        becomeTooFine();
        return;
      }
    }
    totals.computeIfAbsent(group.family(), f -> new Intervals(lengthMillis)).record(index, nanos);
    if ((keptRanks == ALL || groups.rank(group) < keptRanks)
        && group.intervals(lengthMillis).record(index, nanos)
        && ++groupIntervals > MAX_GROUP_INTERVALS) {
      narrow();
    }
  }

  private void becomeTooFine() {
    tooFine = true;
    totals.clear();
    indices.clear();
    keptRanks = 0;
    groups.dropIntervals(0);
    groupIntervals = 0;
  }

  /** Fewer groups keep their intervals, until theirs fit. */
  private void narrow() {
    while (groupIntervals > MAX_GROUP_INTERVALS) {
      keptRanks = keptRanks == ALL ? FIRST_NARROWING : keptRanks / 2;
      groups.dropIntervals(keptRanks);
      groupIntervals = groups.intervalCount();
    }
  }

  /**
   * Only the groups the sample ranked keep their intervals, as after the first narrowing: the
   * recorder went past its group bound, where which of the others it tracks one by one depends on
   * the cuts (see {@link Recorder}); the ranked ones it always tracks.
   */
  void rankedOnly() {
    if (keptRanks > FIRST_NARROWING) {
      keptRanks = FIRST_NARROWING;
      groups.dropIntervals(keptRanks);
      groupIntervals = groups.intervalCount();
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
    later.totals.forEach((f, theirs) ->
        totals.computeIfAbsent(f, k -> new Intervals(lengthMillis)).add(theirs));
    indices.addAll(later.indices);
    if (indices.size() > MAX_INTERVALS) {
      becomeTooFine();
      return;
    }
    keptRanks = Math.min(keptRanks, later.keptRanks);
    if (keptRanks != ALL) { // either part's groups ranked lower came in with their intervals
      groups.dropIntervals(keptRanks);
    }
    groupIntervals = groups.intervalCount();
    narrow();
  }

  /** Whether the group's intervals are all there, to be shown. */
  boolean shows(Group group) {
    return keptRanks == ALL || groups.rank(group) < keptRanks;
  }

  /** Whether only some groups keep their intervals (and how many is the report's to count). */
  boolean narrowed() {
    return keptRanks != ALL && keptRanks > 0;
  }

  long lengthMillis() {
    return lengthMillis;
  }

  /** The family's total per interval; null when too fine or the family had no timed event. */
  Intervals total(Family family) {
    return totals.get(family);
  }

  boolean tooFine() {
    return tooFine;
  }

  boolean groupsLeftOut() {
    return keptRanks == 0;
  }

  long untimed() {
    return untimed;
  }

  void write(DataOutput out) throws IOException {
    out.writeLong(lengthMillis);
    out.writeBoolean(tooFine);
    out.writeLong(keptRanks);
    out.writeLong(untimed);
    out.writeLong(groupIntervals);
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
    keptRanks = in.readLong();
    untimed = in.readLong();
    groupIntervals = in.readLong();
    for (int n = in.readInt(); n > 0; n--) {
      int f = in.readUnsignedByte();
      if (f >= Family.values().length) {
        throw new IOException("not a family: " + f);
      }
      Intervals i = Intervals.read(in, lengthMillis);
      totals.put(Family.values()[f], i);
      indices.addAll(i.indices());
    }
  }
}
