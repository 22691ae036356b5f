package tardy.classify.interval;

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

  private long[] uptimes = new long[16];
  private long[] nanos = new long[16];
  private String[] groups = new String[16];
  private int size;

  void add(long uptimeMillis, long pauseNanos, String group) {
    if (size == uptimes.length) {
      int grown = size * 2;
      uptimes = Arrays.copyOf(uptimes, grown);
      nanos = Arrays.copyOf(nanos, grown);
      groups = Arrays.copyOf(groups, grown);
    }
    uptimes[size] = uptimeMillis;
    nanos[size] = pauseNanos;
    groups[size] = group;
    size++;
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
