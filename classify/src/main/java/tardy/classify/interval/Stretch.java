package tardy.classify.interval;

/**
 * Pauses of one JVM run that have uptime only, in a row: held until a datestamp tells where they
 * go on the wall clock, but no more than a cap of them. Past the cap they are settled on an
 * uptime timeline of their own for good, so memory stays bounded; whether that happens depends
 * on the count in a row alone, never on where the input was cut.
 */
final class Stretch {

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
