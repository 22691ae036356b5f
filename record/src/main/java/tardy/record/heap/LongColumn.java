package tardy.record.heap;

import java.util.Arrays;
import tardy.events.Times;

/**
 * One field of every GC pause, exactly, in 4 bytes a pause while each value fits an int as a
 * number of {@code unit}s from a base (sizes in KiB, which is how JVMs log them; times as an
 * offset from the first), else in 8: the first value that does not fit widens the column; and
 * in none while every value is {@link Times#NONE} (a field the log does not print). A long
 * log's heap series is most of what a report of it holds, and grows with its pauses. The owner
 * keeps the size.
 */
final class LongColumn {

  private static final int NONE = Integer.MIN_VALUE; // no value fits here: the range starts above

  private final long unit;
  private final boolean baseAtFirst;
  private long base;
  private boolean hasBase; // false while every value is none: no array is held
  private int capacity;
  private int[] ints;
  private long[] longs; // once a value did not fit

  private LongColumn(long unit, boolean baseAtFirst) {
    this.unit = unit;
    this.baseAtFirst = baseAtFirst;
  }

  /** Sizes in bytes: packed as whole KiB. */
  static LongColumn bytes() {
    return new LongColumn(1024, false);
  }

  /** Counts and durations from 0: packed while under 2^31. */
  static LongColumn counts() {
    return new LongColumn(1, false);
  }

  /** Times: packed as offsets from the first, while within 2^31 of it. */
  static LongColumn times() {
    return new LongColumn(1, true);
  }

  long get(int i) {
    if (longs != null) {
      return longs[i];
    }
    if (!hasBase) {
      return Times.NONE;
    }
    int v = ints[i];
    return v == NONE ? Times.NONE : base + v * unit;
  }

  void set(int i, long value) {
    if (longs == null) {
      if (value == Times.NONE) {
        if (hasBase) {
          ints[i] = NONE;
        }
        return;
      }
      if (!hasBase) { // the first value: until now, all were none
        base = baseAtFirst ? value : 0;
        hasBase = true;
        ints = new int[capacity];
        Arrays.fill(ints, NONE);
      }
      long offset = value - base;
      long packed = offset / unit;
      boolean overflowed = ((value ^ base) & (value ^ offset)) < 0;
      if (!overflowed && packed * unit == offset && packed > NONE && packed <= Integer.MAX_VALUE) {
        ints[i] = (int) packed;
        return;
      }
      widen();
    }
    longs[i] = value;
  }

  /** Bases this far from 0 at most shift a packed value by a long that cannot overflow. */
  private static final long SHIFTABLE = 1L << 60;

  /**
   * Sets the values at {@code [at, at + n)} to {@code from}'s first {@code n}, exactly as {@link
   * #set} would one by one (the state a column reaches depends on its values in order alone):
   * where both are packed in one unit with bases a whole number of units apart, each packed value
   * is shifted, not unpacked and packed again, until one no longer fits. Adding a part's results
   * copies each of its pauses' fields once, on the thread that waits for the parts.
   */
  void setAll(int at, LongColumn from, int n) {
    int i = 0;
    if (longs == null && hasBase && from.longs == null && from.hasBase && unit == from.unit
        && Math.abs(base) < SHIFTABLE && Math.abs(from.base) < SHIFTABLE
        && (from.base - base) % unit == 0) {
      long shift = (from.base - base) / unit;
      for (; i < n; i++) {
        int v = from.ints[i];
        long packed = v + shift;
        if (v == NONE) {
          ints[at + i] = NONE;
        } else if (packed > NONE && packed <= Integer.MAX_VALUE) {
          ints[at + i] = (int) packed;
        } else {
          break; // widens: set does it, and packs nothing after
        }
      }
    }
    for (; i < n; i++) {
      set(at + i, from.get(i));
    }
  }

  /** Room for {@code capacity} values; those up to it are kept. */
  void capacity(int capacity) {
    if (longs != null) {
      longs = Arrays.copyOf(longs, capacity);
    } else if (hasBase) {
      int had = ints.length;
      ints = Arrays.copyOf(ints, capacity);
      if (capacity > had) {
        Arrays.fill(ints, had, capacity, NONE);
      }
    }
    this.capacity = capacity;
  }

  private void widen() {
    long[] wide = new long[capacity];
    for (int i = 0; i < capacity; i++) {
      wide[i] = get(i);
    }
    longs = wide;
    ints = null;
  }

  /** Whether the values are held as longs, for tests. */
  boolean wide() {
    return longs != null;
  }

  /** Whether an array is held: none while every value is none, for tests. */
  boolean held() {
    return ints != null || longs != null;
  }
}
