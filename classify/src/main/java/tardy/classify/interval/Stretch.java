package tardy.classify.interval;

import java.util.List;

/**
 * Pauses of one JVM run that have uptime only, in a row: held until a datestamp tells where they
 * go on the wall clock, but no more than a cap of them. Past the cap they are settled on an
 * uptime timeline of their own for good, so memory stays bounded; whether that happens depends
 * on the count in a row alone, never on where the input was cut.
 */
final class Stretch {

  private static final int NONE = -1; // not settled
  private static final int OWN = -2; // settled on a timeline of its own, written in full

  private final int cap;
  private final long intervalMillis;
  private final long resolutionNanos;
  private PendingRun pending = new PendingRun();
  private Timeline settled;

  Stretch(int cap, long intervalMillis, long resolutionNanos) {
    this.cap = cap;
    this.intervalMillis = intervalMillis;
    this.resolutionNanos = resolutionNanos;
  }

  void add(long uptimeMillis, long nanos, String group) {
    if (settled == null && pending.size() >= cap) {
      settle();
    }
    if (settled != null) {
      settled.record(uptimeMillis, nanos, group);
    } else {
      pending.add(uptimeMillis, nanos, group);
    }
  }

  /** Appends the same run's stretch that a later part of the input began with. */
  void addAll(Stretch later) {
    if (later.settled == null) {
      later.pending.replay(this::add);
      return;
    }
    if (settled == null) { // together they are past the cap, as they would be in one pass
      settle();
    }
    settled.add(later.settled);
  }

  private void settle() {
    settled = onUptime();
    pending = new PendingRun(); // its arrays, a cap long, are not needed any more
  }

  void retainGroups(java.util.function.Predicate<String> keep) {
    pending.retainGroups(keep);
    if (settled != null) {
      settled.retainGroups(keep);
    }
  }

  boolean isEmpty() {
    return settled == null && pending.size() == 0;
  }

  boolean isSettled() {
    return settled != null;
  }

  /** The uptime timeline once settled, else null. */
  Timeline settled() {
    return settled;
  }

  int pendingEvents() {
    return pending.size();
  }

  /**
   * @param listed the recorder's timelines: a settled stretch whose timeline is among them (the
   *     current run's) is written as its place there, so that it stays one timeline when read
   */
  void write(java.io.DataOutput out, List<Timeline> listed) throws java.io.IOException {
    pending.write(out);
    int at = -1;
    for (int i = 0; settled != null && i < listed.size() && at < 0; i++) {
      at = listed.get(i) == settled ? i : -1;
    }
    out.writeInt(settled == null ? NONE : at >= 0 ? at : OWN);
    if (settled != null && at < 0) {
      settled.write(out);
    }
  }

  static Stretch read(java.io.DataInput in, List<Timeline> listed, int cap, long intervalMillis,
      long resolutionNanos) throws java.io.IOException {
    Stretch s = new Stretch(cap, intervalMillis, resolutionNanos);
    s.pending = PendingRun.read(in);
    int at = in.readInt();
    if (at >= listed.size() || at < OWN) {
      throw new java.io.IOException("a damaged stretch");
    } else if (at >= 0) {
      s.settled = listed.get(at);
    } else if (at == OWN) {
      s.settled = Timeline.read(in, intervalMillis, resolutionNanos);
    }
    return s;
  }

  /** The held pauses on the wall clock, {@code offset} being wall minus uptime. */
  void replayOnWall(long offset, PendingRun.Replay to) {
    pending.replay((uptime, nanos, group) -> to.event(uptime + offset, nanos, group));
  }

  /** The stretch on an uptime timeline: the run had no datestamp to place it by. */
  Timeline onUptime() {
    if (settled != null) {
      return settled;
    }
    Timeline t = new Timeline(Clock.UPTIME, intervalMillis, resolutionNanos);
    pending.replay(t::record);
    return t;
  }
}
