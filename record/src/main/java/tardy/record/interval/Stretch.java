package tardy.record.interval;

import java.util.List;

/**
 * Pauses of one JVM run that have uptime only, in a row: held until a datestamp tells where they
 * go on the wall clock, but no more than a cap of them. Past the cap they are settled on an
 * uptime timeline of their own for good, so memory stays bounded; whether that happens depends
 * on the count in a row alone, never on where the input was cut.
 *
 * <p>That uptime timeline is recorded from the first pause on, beside the held ones: a log
 * without datestamps (JDK 9+'s default decorations) is past the cap within a second of reading,
 * and its pauses then go on recording the same way, where replaying the held ones then (a
 * different path, first taken mid-run) made the compiler throw away and redo the per-event
 * code. A stretch a datestamp ends drops it; its pauses were recorded twice, a cap's worth at
 * most.
 */
final class Stretch {

  private static final int NONE = -1; // not settled
  private static final int OWN = -2; // settled on a timeline of its own, written in full

  private final int cap;
  private final PendingRun pending;
  private final Timeline timeline; // every pause added, on uptime: the stretch's once settled
  private boolean settled;
  private java.util.function.Consumer<Stretch> whenSettled = s -> {};

  Stretch(int cap, long intervalMillis, long resolutionNanos) {
    this(cap, new Timeline(Clock.UPTIME, intervalMillis, resolutionNanos));
  }

  private Stretch(int cap, Timeline timeline) {
    this.cap = cap;
    this.pending = new PendingRun(cap, this::settle);
    this.timeline = timeline;
  }

  /** Who is told, once, when this stretch settles (its holder: where it goes then). */
  Stretch whenSettled(java.util.function.Consumer<Stretch> then) {
    whenSettled = then;
    return this;
  }

  void add(long uptimeMillis, long nanos, String group) {
    pending.add(uptimeMillis, nanos, group); // past the cap: settles, then holds nothing read
    timeline.record(uptimeMillis, nanos, group);
  }

  /** Appends the same run's stretch that a later part of the input began with. */
  void addAll(Stretch later) {
    if (!later.settled) {
      later.pending.replay(this::add);
      return;
    }
    settle(); // together they are past the cap, as they would be in one pass
    timeline.add(later.timeline);
  }

  private void settle() {
    if (!settled) {
      settled = true;
      whenSettled.accept(this);
    }
  }

  void retainGroups(java.util.function.Predicate<String> keep) {
    if (!settled) {
      pending.retainGroups(keep);
    }
    timeline.retainGroups(keep);
  }

  boolean isEmpty() {
    return !settled && pending.size() == 0;
  }

  boolean isSettled() {
    return settled;
  }

  /** The uptime timeline once settled, else null. */
  Timeline settled() {
    return settled ? timeline : null;
  }

  int pendingEvents() {
    return settled ? 0 : pending.size();
  }

  /**
   * @param listed the recorder's timelines: a settled stretch whose timeline is among them (the
   *     current run's) is written as its place there, so that it stays one timeline when read
   */
  void write(java.io.DataOutput out, List<Timeline> listed) throws java.io.IOException {
    (settled ? new PendingRun() : pending).write(out); // the held pauses: none once settled
    int at = -1;
    for (int i = 0; settled && i < listed.size() && at < 0; i++) {
      at = listed.get(i) == timeline ? i : -1;
    }
    out.writeInt(!settled ? NONE : at >= 0 ? at : OWN);
    if (settled && at < 0) {
      timeline.write(out);
    }
  }

  /** What {@link #write} wrote; a stretch not settled records its held pauses again. */
  static Stretch read(java.io.DataInput in, List<Timeline> listed, int cap, long intervalMillis,
      long resolutionNanos) throws java.io.IOException {
    PendingRun held = PendingRun.read(in);
    int at = in.readInt();
    if (at >= listed.size() || at < OWN || (at != NONE && held.size() > 0)
        || held.size() > cap) {
      throw new java.io.IOException("a damaged stretch");
    }
    Stretch s;
    if (at == NONE) {
      s = new Stretch(cap, intervalMillis, resolutionNanos);
      held.replay(s::add);
    } else {
      s = new Stretch(cap, at >= 0 ? listed.get(at)
          : Timeline.read(in, intervalMillis, resolutionNanos));
      s.settled = true;
    }
    return s;
  }

  /** The held pauses on the wall clock, {@code offset} being wall minus uptime. */
  void replayOnWall(long offset, PendingRun.Replay to) {
    pending.replay((uptime, nanos, group) -> to.event(uptime + offset, nanos, group));
  }

  /**
   * The stretch on an uptime timeline: the run had no datestamp to place it by. Once settled,
   * its own timeline; before, a copy, so the stretch can go on holding.
   */
  Timeline onUptime() {
    return settled ? timeline : timeline.copy();
  }
}
