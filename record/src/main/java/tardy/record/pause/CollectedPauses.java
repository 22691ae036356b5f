package tardy.record.pause;

import java.util.Arrays;

/**
 * The pauses of JVM logs as they are read, before they are placed: per pause its clock (the wall
 * clock's or the uptime's milliseconds, as its flags say), its duration, its kind and flags; the
 * JVM runs as the pauses where each begins. 16 bytes a pause, in blocks, so that millions of them
 * grow without copying all (and twice the room) each time the room is full. The index is built in
 * place ({@link #place}), then taken as whole columns block by block ({@link #takeStarts}, ...):
 * the pauses are never held twice over.
 */
final class CollectedPauses {

  /** A flag: the clock is the wall clock's (else the uptime's, if {@link #UPTIME}). */
  static final int WALL = 1;
  /** A flag: the pause's uptime is known (it is the clock when {@link #WALL} is not set). */
  static final int UPTIME = 2;
  /** A flag: the line's time is when the pause began, not when it ended. */
  static final int AT_START = 4;
  /** A flag: the JVM restarted before this pause (the uptime went back since the first). */
  static final int RESTARTED = 8;
  private static final int FLAG_BITS = 4;

  private static final int SHIFT = 16;
  private static final int BLOCK = 1 << SHIFT;
  private static final int MASK = BLOCK - 1;

  private long[][] clock = new long[4][];
  private int[][] nanos = new int[4][]; // a duration as {@link #duration} reads it
  private int[][] kindAndFlags = new int[4][];
  private final Durations longer = new Durations();
  private int[] runFrom = new int[4]; // run runOf[r] begins at pause runFrom[r]
  private int[] runOf = new int[4];
  private int runs;
  private int size;

  void add(long clockMillis, long durationNanos, int kind, int flags, int jvmRun) {
    int b = size >>> SHIFT;
    int i = size & MASK;
    if (i == 0) {
      if (b == clock.length) {
        clock = Arrays.copyOf(clock, 2 * b);
        nanos = Arrays.copyOf(nanos, 2 * b);
        kindAndFlags = Arrays.copyOf(kindAndFlags, 2 * b);
      }
      int room = b == 0 ? 64 : BLOCK; // a small log needs no 1 MiB
      clock[b] = new long[room];
      nanos[b] = new int[room];
      kindAndFlags[b] = new int[room];
    } else if (b == 0 && i == clock[0].length) {
      int room = Math.min(BLOCK, 2 * i);
      clock[0] = Arrays.copyOf(clock[0], room);
      nanos[0] = Arrays.copyOf(nanos[0], room);
      kindAndFlags[0] = Arrays.copyOf(kindAndFlags[0], room);
    }
    clock[b][i] = clockMillis;
    nanos[b][i] = longer.encode(durationNanos);
    kindAndFlags[b][i] = kind << FLAG_BITS | flags;
    if (runs == 0 || runOf[runs - 1] != jvmRun) {
      if (runs == runFrom.length) {
        runFrom = Arrays.copyOf(runFrom, 2 * runs);
        runOf = Arrays.copyOf(runOf, 2 * runs);
      }
      runFrom[runs] = size;
      runOf[runs++] = jvmRun;
    }
    size++;
  }

  int size() {
    return size;
  }

  long clockMillis(int p) {
    return clock[p >>> SHIFT][p & MASK];
  }

  long durationNanos(int p) {
    return longer.decode(nanos[p >>> SHIFT][p & MASK]);
  }

  int kind(int p) {
    return kindAndFlags[p >>> SHIFT][p & MASK] >>> FLAG_BITS;
  }

  boolean has(int p, int flag) {
    return (kindAndFlags[p >>> SHIFT][p & MASK] & flag) != 0;
  }

  int run(int p) {
    int lo = 0;
    int hi = runs - 1;
    while (lo < hi) { // the last run that begins at or before p
      int mid = (lo + hi + 1) >>> 1;
      if (runFrom[mid] <= p) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return runOf[lo];
  }

  /**
   * Pause {@code from} placed, written at {@code to} (at or before it: the unplaced drop out) as
   * the index holds it: its start in epoch nanoseconds, its duration, its kind in the index's
   * numbering. Pauses before {@code to} must already be placed so, and are not to be read as
   * collected any more; neither is {@code to}.
   */
  void place(int to, int from, long startNanos, int indexKind) {
    clock[to >>> SHIFT][to & MASK] = startNanos;
    nanos[to >>> SHIFT][to & MASK] = nanos[from >>> SHIFT][from & MASK];
    kindAndFlags[to >>> SHIFT][to & MASK] = indexKind;
  }

  /** The first {@code n} placed pauses' starts, in one array; their blocks let go on the way. */
  long[] takeStarts(int n) {
    return take(clock, new long[n]);
  }

  /** The same for their durations, each as {@link #durations()} reads it. */
  int[] takeDurations(int n) {
    return take(nanos, new int[n]);
  }

  /** The same for their kinds in the index's numbering. */
  int[] takeKinds(int n) {
    return take(kindAndFlags, new int[n]);
  }

  /** What reads the durations taken: those past an int are held apart. */
  Durations durations() {
    return longer;
  }

  /** Copies the blocks into {@code out} (an array of their type) as far as it goes; drops them. */
  private static <A> A take(A[] blocks, A out) {
    int n = java.lang.reflect.Array.getLength(out);
    for (int b = 0; b < blocks.length; b++) {
      int from = b << SHIFT;
      if (blocks[b] != null && from < n) {
        int length = java.lang.reflect.Array.getLength(blocks[b]);
        System.arraycopy(blocks[b], 0, out, from, Math.min(length, n - from));
      }
      blocks[b] = null;
    }
    return out;
  }

  /**
   * Durations in nanoseconds as ints: a pause shorter than 2.1 s (nearly all) is its own int, a
   * longer one is the complement of where it is held in a short list of longs.
   */
  static final class Durations implements java.io.Serializable {

    private static final long serialVersionUID = 1L;

    private long[] longer = new long[0];
    private int count;

    int encode(long nanos) {
      if (nanos <= Integer.MAX_VALUE) {
        return (int) nanos; // never negative: the collector takes no negative duration
      }
      if (count == longer.length) {
        longer = Arrays.copyOf(longer, Math.max(8, 2 * count));
      }
      longer[count] = nanos;
      return ~count++;
    }

    long decode(int encoded) {
      return encoded >= 0 ? encoded : longer[~encoded];
    }

    void write(java.io.DataOutput out) throws java.io.IOException {
      out.writeInt(count);
      for (int i = 0; i < count; i++) {
        out.writeLong(longer[i]);
      }
    }

    static Durations read(java.io.DataInput in) throws java.io.IOException {
      Durations d = new Durations();
      d.count = tardy.record.wire.Wire.count(in);
      d.longer = new long[d.count];
      for (int i = 0; i < d.count; i++) {
        d.longer[i] = in.readLong();
      }
      return d;
    }
  }
}
