package tardy.record.clock;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * Events counted per slot of the wall clock, for the rate over time: slots of one width taken
 * from {@link #WIDTHS_MILLIS} and aligned on the epoch (a slot starts at a multiple of its width),
 * at most {@link #SLOTS} of them from the first event's slot to the last's. When an event falls
 * outside, the width grows to the next of the ladder (each a multiple of the one before, so every
 * slot lies in one slot of the next width) until the events fit.
 *
 * <p>The width is thus the narrowest of the ladder whose slots from the earliest event to the
 * latest number at most {@link #SLOTS}, and each count is the events in its slot: both depend on
 * the set of times only, whatever parts recorded them and in whatever order they are added. So a
 * file read by several threads gives the same slots as one pass.
 */
public final class TimeSlots {

  /** The most slots kept: a day in minutes, an hour in 2.5 seconds. */
  public static final int SLOTS = 1440;

  /** The widths a slot may have, each a multiple of the one before: times people read. */
  static final long[] WIDTHS_MILLIS = widths();

  private int width; // index into WIDTHS_MILLIS
  private long widthMillis = WIDTHS_MILLIS[0];
  private long firstSlot; // the earliest event's slot, in slots since the epoch
  private long lastSlot = Long.MIN_VALUE; // the latest event's; MIN_VALUE: no event yet
  private long[] counts = new long[0]; // counts[i] is slot firstSlot + i; room to grow past last
  /**
   * The milliseconds [lastFrom, lastFrom + lastWidth) of the slot last counted, which is {@code
   * lastCounted}: a log's lines come in time order, so most fall in it and cost one comparison,
   * not a 64-bit division. Empty (width 0) until a slot is counted and after the width changes.
   */
  private long lastFrom;
  private long lastWidth;
  private long lastCounted;

  private static long[] widths() {
    long s = 1000;
    long[] fixed = {s, 2 * s, 10 * s, 30 * s, 60 * s, 120 * s, 600 * s, 1800 * s, 3600 * s,
        7200 * s, 21600 * s, 43200 * s, 86400 * s};
    long[] all = Arrays.copyOf(fixed, fixed.length + 30);
    for (int i = fixed.length; i < all.length; i++) {
      all[i] = all[i - 1] * 2; // days, doubling: 2^30 days hold any clock a log has
    }
    for (int i = 1; i < all.length; i++) {
      if (all[i] % all[i - 1] != 0) {
        throw new AssertionError("a width that is no multiple of the one before: " + all[i]);
      }
    }
    return all;
  }

  /**
   * Counts one event at that wall-clock time (epoch milliseconds). Each step's test is one branch
   * that ordinary traffic takes both ways (the same slot; a later slot; a new width or an earlier
   * first slot, a few times a log), and the rarer steps are methods of their own: the JIT compiles
   * no trap into a recorder's per-line code for the first time a log's span widens.
   */
  public void record(long wallMillis) {
    // unsigned: wallMillis in [lastFrom, lastFrom + lastWidth) (remember keeps it from wrapping)
    if (wallMillis - lastFrom + Long.MIN_VALUE < lastWidth + Long.MIN_VALUE) {
      counts[(int) (lastCounted - firstSlot)]++;
      return;
    }
    recordInAnotherSlot(wallMillis);
  }

  private void recordInAnotherSlot(long wallMillis) {
    long slot = Math.floorDiv(wallMillis, widthMillis);
    long index = slot - firstSlot;
    // unsigned: a slot the counts have room for (at most SLOTS from the first), no rearranging;
    // past the last slot, the room holds zeros
    if (index + Long.MIN_VALUE < counts.length + Long.MIN_VALUE) {
      counts[(int) index]++;
      lastSlot = Math.max(lastSlot, slot);
      remember(slot);
      return;
    }
    recordRearranging(wallMillis, slot);
  }

  /** The first event, one before the first slot, or past the counts' room: grown or widened. */
  private void recordRearranging(long wallMillis, long slot) {
    if (isEmpty()) {
      firstSlot = slot;
      lastSlot = slot;
      counts = new long[16];
      counts[0] = 1;
      remember(slot);
      return;
    }
    while (Math.max(lastSlot, slot) - Math.min(firstSlot, slot) >= SLOTS) {
      widen();
      slot = Math.floorDiv(wallMillis, widthMillis);
    }
    include(slot);
    counts[(int) (slot - firstSlot)]++;
    remember(slot);
  }

  /** Keeps the bounds of a slot just counted (it stays among the counted ones at this width). */
  private void remember(long slot) {
    if (slot > Long.MIN_VALUE / widthMillis && slot < Long.MAX_VALUE / widthMillis - 1) {
      lastCounted = slot;
      lastFrom = slot * widthMillis;
      lastWidth = widthMillis;
    } else { // at the ends of the clock a slot's bounds overflow: no shortcut there
      forget();
    }
  }

  /** No slot last counted: the width changed, and with it every slot's number. */
  private void forget() {
    lastWidth = 0;
  }

  /** Adds what another recorded: the result is what one recorder of all events would hold. */
  public void add(TimeSlots other) {
    if (other.isEmpty()) {
      return;
    }
    TimeSlots theirs = other.copy();
    if (isEmpty()) {
      forget();
      width = theirs.width;
      widthMillis = theirs.widthMillis;
      firstSlot = theirs.firstSlot;
      lastSlot = theirs.lastSlot;
      counts = theirs.counts;
      return;
    }
    while (width < theirs.width) {
      widen();
    }
    while (theirs.width < width) {
      theirs.widen();
    }
    while (Math.max(lastSlot, theirs.lastSlot) - Math.min(firstSlot, theirs.firstSlot) >= SLOTS) {
      widen();
      theirs.widen();
    }
    include(theirs.firstSlot);
    include(theirs.lastSlot);
    int offset = (int) (theirs.firstSlot - firstSlot);
    for (int i = 0; i <= theirs.lastSlot - theirs.firstSlot; i++) {
      counts[offset + i] += theirs.counts[i];
    }
  }

  /** The widths of the ladder, narrowest first: what a view of these slots may join them into. */
  public static long[] widthsMillis() {
    return WIDTHS_MILLIS.clone();
  }

  /** The slots' width, in milliseconds. */
  public long widthMillis() {
    return widthMillis;
  }

  /** The first slot's start, epoch milliseconds; meaningless when {@link #isEmpty()}. */
  public long firstMillis() {
    return firstSlot * widthMillis;
  }

  public boolean isEmpty() {
    return lastSlot == Long.MIN_VALUE;
  }

  /** The events per slot from {@link #firstMillis()} on, to the latest event's slot. */
  public long[] counts() {
    return isEmpty() ? new long[0] : Arrays.copyOf(counts, (int) (lastSlot - firstSlot + 1));
  }

  /** What was counted; null when nothing was. */
  public SlotCounts snapshot() {
    return isEmpty() ? null : new SlotCounts(widthMillis, firstMillis(), counts());
  }

  private TimeSlots copy() {
    TimeSlots c = new TimeSlots();
    c.width = width;
    c.widthMillis = widthMillis;
    c.firstSlot = firstSlot;
    c.lastSlot = lastSlot;
    c.counts = counts.clone();
    return c;
  }

  /** Makes room for a slot within {@link #SLOTS} of the counted ones. */
  private void include(long slot) {
    if (slot < firstSlot) {
      int by = (int) (firstSlot - slot);
      long[] moved = new long[(int) (lastSlot - slot + 1)];
      System.arraycopy(counts, 0, moved, by, (int) (lastSlot - firstSlot + 1));
      counts = moved;
      firstSlot = slot;
    }
    if (slot > lastSlot) {
      int need = (int) (slot - firstSlot + 1);
      if (need > counts.length) {
        counts = Arrays.copyOf(counts, Math.min(SLOTS, Math.max(need, counts.length * 2)));
      }
      lastSlot = slot;
    }
  }

  /** Takes the next width of the ladder, adding the counts of the slots each new one holds. */
  private void widen() {
    long ratio = WIDTHS_MILLIS[width + 1] / widthMillis;
    long newFirst = Math.floorDiv(firstSlot, ratio);
    long newLast = Math.floorDiv(lastSlot, ratio);
    long[] merged = new long[(int) (newLast - newFirst + 1)];
    for (int i = 0; i <= lastSlot - firstSlot; i++) {
      merged[(int) (Math.floorDiv(firstSlot + i, ratio) - newFirst)] += counts[i];
    }
    width++;
    widthMillis = WIDTHS_MILLIS[width];
    forget();
    firstSlot = newFirst;
    lastSlot = newLast;
    counts = merged;
  }

  public void write(DataOutput out) throws IOException {
    long[] used = counts();
    out.writeInt(used.length);
    if (used.length > 0) {
      out.writeByte(width);
      out.writeLong(firstSlot);
      for (long c : used) {
        out.writeLong(c);
      }
    }
  }

  public static TimeSlots read(DataInput in) throws IOException {
    TimeSlots s = new TimeSlots();
    int n = in.readInt();
    if (n < 0 || n > SLOTS) {
      throw new IOException("a count of time slots out of range: " + n);
    }
    if (n > 0) {
      s.width = in.readByte();
      if (s.width < 0 || s.width >= WIDTHS_MILLIS.length) {
        throw new IOException("a time slot width out of range");
      }
      s.widthMillis = WIDTHS_MILLIS[s.width];
      s.firstSlot = in.readLong();
      s.lastSlot = s.firstSlot + n - 1;
      s.counts = new long[n];
      for (int i = 0; i < n; i++) {
        s.counts[i] = in.readLong();
      }
    }
    return s;
  }
}
