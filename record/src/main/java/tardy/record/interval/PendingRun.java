package tardy.record.interval;

import tardy.record.wire.Wire;

import java.util.Arrays;

/**
 * Pause events of one JVM run that have uptime only, kept as they came until the run's offset to
 * the wall clock is known: intervals are aligned to the clock, so events can only be placed on the
 * wall clock one by one, not moved as finished intervals. Two longs and a reference an event; a
 * {@link Stretch} caps how many.
 */
final class PendingRun {

  /** Receives the events in the order they were logged. */
  interface Replay {
    void event(long uptimeMillis, long nanos, String group);
  }

  private final int cap;
  private final Runnable whenFull;
  private long[] uptimes;
  private long[] nanos;
  private String[] groups;
  private int size;

  /** Holds any number of events. */
  PendingRun() {
    this(Integer.MAX_VALUE, () -> {});
  }

  /**
   * @param cap events held at most
   * @param whenFull told when an event finds {@code cap} held: that event and later ones are
   *     written over the held ones, which the caller no longer reads
   */
  PendingRun(int cap, Runnable whenFull) {
    this.cap = cap;
    this.whenFull = whenFull;
    int initial = Math.min(16, cap);
    uptimes = new long[initial];
    nanos = new long[initial];
    groups = new String[initial];
  }

  void add(long uptimeMillis, long pauseNanos, String group) {
    if (size == uptimes.length) {
      roomOrFull();
    }
    uptimes[size] = uptimeMillis;
    nanos[size] = pauseNanos;
    groups[size] = group;
    size++;
  }

  /**
   * Grows the arrays up to the cap; at the cap, tells the holder and starts over in the same
   * arrays. The per-event path has this one branch, taken as the arrays grow from the first
   * events on: compiled code meets no branch it never took when the cap is reached (which would
   * deoptimise every method the recording is inlined into, the parser's loop among them).
   */
  private void roomOrFull() {
    if (size < cap) {
      int grown = (int) Math.min(cap, 2L * size);
      uptimes = Arrays.copyOf(uptimes, grown);
      nanos = Arrays.copyOf(nanos, grown);
      groups = Arrays.copyOf(groups, grown);
    } else {
      whenFull.run();
      size = 0;
    }
  }

  void replay(Replay to) {
    for (int i = 0; i < size; i++) {
      to.event(uptimes[i], nanos[i], groups[i]);
    }
  }

  /** Held events of the groups {@code keep} refuses stay, as events of no group. */
  void retainGroups(java.util.function.Predicate<String> keep) {
    for (int i = 0; i < size; i++) {
      if (groups[i] != null && !keep.test(groups[i])) {
        groups[i] = null;
      }
    }
  }

  int size() {
    return size;
  }

  void write(java.io.DataOutput out) throws java.io.IOException {
    out.writeInt(size);
    for (int i = 0; i < size; i++) {
      out.writeLong(uptimes[i]);
      out.writeLong(nanos[i]);
      Wire.writeGroup(out, groups[i]);
    }
  }

  static PendingRun read(java.io.DataInput in) throws java.io.IOException {
    PendingRun run = new PendingRun();
    for (int n = Wire.count(in); n > 0; n--) {
      run.add(in.readLong(), in.readLong(), Wire.readGroup(in));
    }
    return run;
  }
}
