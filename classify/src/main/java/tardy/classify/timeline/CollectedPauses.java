package tardy.classify.timeline;

/**
 * The pauses of JVM logs as they are read, before they are placed: per pause its clock (the wall
 * clock's or the uptime's milliseconds, as its flags say), its duration, its kind and flags,
 * and its JVM run; 24 bytes each, in blocks, so that millions of them grow without copying all
 * (and twice the room) each time the room is full.
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
  private long[][] nanos = new long[4][];
  private int[][] kindAndFlags = new int[4][];
  private int[][] run = new int[4][];
  private int size;

  void add(long clockMillis, long durationNanos, int kind, int flags, int jvmRun) {
    int b = size >>> SHIFT;
    int i = size & MASK;
    if (i == 0) {
      if (b == clock.length) {
        clock = java.util.Arrays.copyOf(clock, 2 * b);
        nanos = java.util.Arrays.copyOf(nanos, 2 * b);
        kindAndFlags = java.util.Arrays.copyOf(kindAndFlags, 2 * b);
        run = java.util.Arrays.copyOf(run, 2 * b);
      }
      int room = b == 0 ? 64 : BLOCK; // a small log needs no 1.5 MiB
      clock[b] = new long[room];
      nanos[b] = new long[room];
      kindAndFlags[b] = new int[room];
      run[b] = new int[room];
    } else if (b == 0 && i == clock[0].length) {
      int room = Math.min(BLOCK, 2 * i);
      clock[0] = java.util.Arrays.copyOf(clock[0], room);
      nanos[0] = java.util.Arrays.copyOf(nanos[0], room);
      kindAndFlags[0] = java.util.Arrays.copyOf(kindAndFlags[0], room);
      run[0] = java.util.Arrays.copyOf(run[0], room);
    }
    clock[b][i] = clockMillis;
    nanos[b][i] = durationNanos;
    kindAndFlags[b][i] = kind << FLAG_BITS | flags;
    run[b][i] = jvmRun;
    size++;
  }

  int size() {
    return size;
  }

  long clockMillis(int p) {
    return clock[p >>> SHIFT][p & MASK];
  }

  long durationNanos(int p) {
    return nanos[p >>> SHIFT][p & MASK];
  }

  int kind(int p) {
    return kindAndFlags[p >>> SHIFT][p & MASK] >>> FLAG_BITS;
  }

  boolean has(int p, int flag) {
    return (kindAndFlags[p >>> SHIFT][p & MASK] & flag) != 0;
  }

  int run(int p) {
    return run[p >>> SHIFT][p & MASK];
  }
}
