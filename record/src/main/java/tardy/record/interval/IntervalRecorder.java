package tardy.record.interval;

import tardy.record.wire.Wire;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import tardy.record.grouping.GroupKeys;
import tardy.record.grouping.Grouping;
import tardy.record.clock.UptimeRuns;
import tardy.events.EventSink;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Times;

/**
 * Records events into interval histograms on the log's own clock, one {@link Timeline} per JVM
 * run that cannot share a time axis with the one before. A restart (uptime going back, by the
 * rule of {@link UptimeRuns#isRestart}) keeps the timeline when both runs have wall-clock time,
 * and starts a new one on uptime alone. Uptime-only events of a run that has datestamps go on
 * the wall clock with that run's offset (the latest one before them, else the first after), so
 * where the input was cut does not matter.
 *
 * <p>Memory is bounded: at most {@value #PENDING_CAP} uptime-only pauses in a row are held while
 * their offset is unknown. A longer stretch goes on an uptime timeline of its own (one per run
 * for a log without datestamps). So a run with more than that many pauses in a row without a
 * datestamp, and datestamps elsewhere, is split: its stretch on uptime, the rest on the wall
 * clock. That depends on the count in a row only, never on the cuts.
 *
 * <p>Groups are bounded too ({@link Settings#maxGroups}): an input with no more groups than that
 * keeps every group's histograms. One with more, wherever the parts saw them, keeps only those of
 * the groups the traffic sample ranked among its heaviest ({@link Grouping#expected}, a sample
 * that does not depend on the parts); every event stays in the untagged histograms. Which groups a part
 * meets first depends on where it was cut; whether the input has more groups than the cap, and
 * which ones the sample ranked, does not.
 *
 * <p>One recorder per thread; recorders of later parts are added in input order.
 */
public final class IntervalRecorder implements EventSink {

  /**
   * @param intervalMillis the length of every interval
   * @param resolutionNanos 0: every event counts once; above 0: the time-weighted view of a
   *     thread sampling at that resolution (jHiccup {@code -f -fz}), all groups together
   * @param maxGroups groups an input may have and keep all their histograms; past it, only the
   *     sample's heaviest keep theirs
   */
  public record Settings(long intervalMillis, long resolutionNanos, int maxGroups) {
    public Settings {
      if (intervalMillis < 1 || resolutionNanos < 0 || maxGroups < 1) {
        throw new IllegalArgumentException("interval, resolution and group cap must be positive");
      }
    }

    boolean timeWeighted() {
      return resolutionNanos > 0;
    }
  }

  /** Uptime-only pauses in a row held while their offset is unknown: about 1.3 MB. */
  static final int PENDING_CAP = 65_536;

  private final Settings settings;
  private final int pendingCap;
  private final Grouping grouping;
  private final GroupKeys<String> keys;
  private Set<String> groups = new HashSet<>(); // every group seen; null once past the cap
  private TimelineList timelines;
  private long untimed;
  // The first run's uptime-only pauses before its first datestamp here: an earlier part may
  // know their offset, so they are placed only when added to it, or at the end.
  private Stretch head;
  private long headOffset = Times.NONE; // wall minus uptime at the first run's first datestamp
  // Uptime-only pauses since the current run's last datestamp, or since its start.
  private Stretch current;
  private boolean restarted; // the current run is not the first one of this part
  private long offset = Times.NONE; // wall minus uptime of the current run, once it had a datestamp
  private long firstUptime = Times.NONE;
  private long lastUptime = Times.NONE;

  public IntervalRecorder(Settings settings, Grouping grouping) {
    this(settings, grouping, PENDING_CAP);
  }

  /** @param pendingCap uptime-only pauses in a row held before they go on uptime (tests: few) */
  IntervalRecorder(Settings settings, Grouping grouping, int pendingCap) {
    if (pendingCap < 1) {
      throw new IllegalArgumentException("the pending cap must be positive");
    }
    this.settings = settings;
    this.pendingCap = pendingCap;
    this.grouping = grouping;
    this.keys = new GroupKeys<>(grouping, Function.identity());
    this.timelines = new TimelineList(settings.intervalMillis(), settings.resolutionNanos());
    this.head = newStretch();
    this.current = newStretch();
  }

  @Override
  public void request(RequestEvent e) {
    if (!Times.isSet(e.latencyNanos()) || e.latencyNanos() < 0) {
      return;
    }
    if (!Times.isSet(e.wallMillis())) {
      untimed++;
      return;
    }
    timelines.recordWall(e.wallMillis(), e.latencyNanos(), capped(keys.request(e)));
  }

  @Override
  public void pause(PauseEvent e) {
    if (!Times.isSet(e.totalNanos()) || e.totalNanos() < 0) {
      return;
    }
    long wall = e.wallMillis();
    long uptime = e.uptimeMillis();
    // a log without operation names has only the untagged series
    String group = capped(e.hasKind() ? keys.pause(e) : null);
    if (!Times.isSet(uptime)) {
      if (Times.isSet(wall)) {
        timelines.recordWall(wall, e.totalNanos(), group);
      } else {
        untimed++;
      }
      return;
    }
    if (Times.isSet(lastUptime) && UptimeRuns.isRestart(lastUptime, uptime)) {
      startRun();
    }
    seen(uptime, uptime);
    if (Times.isSet(wall)) {
      datestamp(wall - uptime);
      timelines.recordWall(wall, e.totalNanos(), group);
    } else {
      (inHead() ? head : current).add(uptime, e.totalNanos(), group);
    }
  }

  /** The first run before its first datestamp: its pauses go to {@link #head}. */
  private boolean inHead() {
    return !restarted && !Times.isSet(offset);
  }

  /** A stretch past the cap goes on uptime where it is in time order (the head waits). */
  private void settled(Stretch s) {
    if (s == current) {
      timelines.addUptimeRun(s.settled());
    }
  }

  /** A datestamp of the current run: the stretch before it can be placed. */
  private void datestamp(long runOffset) {
    if (inHead()) {
      headOffset = runOffset; // the head stays held: an earlier part may know better
    } else {
      endStretch(Times.isSet(offset) ? offset : runOffset);
    }
    offset = runOffset;
  }

  /** The current stretch ends: on the wall clock with {@code at}, or on uptime if unknown. */
  private void endStretch(long at) {
    if (current.isEmpty()) {
      return; // the common case, every line datestamped: nothing to place, nothing to renew
    }
    if (!current.isSettled()) {
      if (Times.isSet(at)) {
        current.replayOnWall(at, timelines::recordWall);
      } else {
        timelines.addUptimeRun(current.onUptime()); // a run without any datestamp
      }
    }
    current = newStretch();
  }

  /** The JVM restarted: a later run without any datestamp is final on its uptime timeline. */
  private void startRun() {
    if (!inHead()) {
      endStretch(offset);
    }
    restarted = true;
    offset = Times.NONE;
    timelines.restart();
  }

  private void seen(long first, long last) {
    if (!Times.isSet(firstUptime)) {
      firstUptime = first;
    }
    lastUptime = last;
  }

  private Stretch newStretch() {
    return new Stretch(pendingCap, settings.intervalMillis(), settings.resolutionNanos())
        .whenSettled(this::settled);
  }

  /** The group an event is recorded under besides the untagged histograms; null: none. */
  private String capped(String group) {
    if (settings.timeWeighted() || group == null) {
      return null; // the time-weighted view has the untagged series only
    }
    if (groups != null) {
      if (groups.contains(group) || groups.add(group) && groups.size() <= settings.maxGroups()) {
        return group;
      }
      pastTheCap();
    }
    return grouping.expected(group) ? group : null;
  }

  /** The input has more groups than the cap: only the sample's heaviest keep their histograms. */
  private void pastTheCap() {
    if (groups == null) {
      return;
    }
    groups = null;
    java.util.function.Predicate<String> ranked = grouping::expected;
    timelines.retainGroups(ranked);
    head.retainGroups(ranked);
    current.retainGroups(ranked);
  }

  /** Whether the input had more groups than the cap, so that only the ranked ones were kept. */
  public boolean isPastTheCap() {
    return groups == null;
  }

  /**
   * Adds what a recorder of a later part of the input (a chunk, the next file) recorded: the
   * same as if this recorder had read that part's events itself.
   */
  public void add(IntervalRecorder later) {
    untimed += later.untimed;
    if (groups != null && later.groups != null) {
      groups.addAll(later.groups);
    }
    if (groups == null || later.groups == null || groups.size() > settings.maxGroups()) {
      pastTheCap(); // either part, or both together, have more groups than the cap
      later.pastTheCap();
    }
    if (!Times.isSet(later.firstUptime)) {
      timelines.addAll(later.timelines); // wall-clock time only: no runs to join
      return;
    }
    if (Times.isSet(lastUptime) && UptimeRuns.isRestart(lastUptime, later.firstUptime)) {
      startRun();
    }
    (inHead() ? head : current).addAll(later.head); // its head carries on our stretch
    if (Times.isSet(later.headOffset)) {
      datestamp(later.headOffset);
    } else if (later.restarted) {
      startRun(); // its first run ended without a datestamp, before its first timeline
    }
    timelines.addAll(later.timelines);
    if (later.restarted || Times.isSet(later.headOffset)) {
      restarted |= later.restarted;
      current = later.current.whenSettled(this::settled); // if settled, its timeline came with the list
      offset = later.offset;
    }
    seen(later.firstUptime, later.lastUptime);
  }

  /**
   * The timelines in time order; more than one when runs could not share a time axis. Leaves
   * the recorder as it is: held pauses are placed on copies.
   */
  public List<Timeline> timelines() {
    List<Timeline> rest = new ArrayList<>(timelines.list());
    if (!current.isSettled() && !current.isEmpty()) {
      if (Times.isSet(offset)) {
        // after the run's last datestamp: onto the timeline that holds it
        int last = rest.size() - 1;
        if (last >= 0 && rest.get(last).clock() == Clock.WALL) {
          Timeline onto = rest.get(last).copy();
          current.replayOnWall(offset, onto::record);
          rest.set(last, onto);
        } else {
          Timeline onto = new Timeline(Clock.WALL, settings.intervalMillis(),
              settings.resolutionNanos());
          current.replayOnWall(offset, onto::record);
          rest.add(onto);
        }
      } else {
        rest.add(current.onUptime());
      }
    }
    List<Timeline> settled = new ArrayList<>();
    if (head.isSettled() || (!head.isEmpty() && !Times.isSet(headOffset))) {
      settled.add(head.onUptime());
    } else if (!head.isEmpty()) {
      // the first timeline holds the run's first datestamp: its earlier events go before it
      Timeline first = new Timeline(Clock.WALL, settings.intervalMillis(),
          settings.resolutionNanos());
      head.replayOnWall(headOffset, first::record);
      first.add(rest.get(0));
      rest.set(0, first);
    }
    settled.addAll(rest);
    return List.copyOf(settled);
  }

  /**
   * Everything this recorder holds, interval histograms in HdrHistogram's encoding (intervals are
   * compacted on the way: their content stays the same), for {@link #read}.
   */
  public void write(java.io.DataOutput out) throws java.io.IOException {
    out.writeInt(pendingCap);
    out.writeLong(untimed);
    out.writeBoolean(groups == null);
    Set<String> seen = groups == null ? Set.of() : new java.util.TreeSet<>(groups);
    out.writeInt(seen.size());
    for (String g : seen) { // sorted: the same result, the same bytes
      Wire.writeString(out, g);
    }
    timelines.write(out);
    head.write(out, timelines.list());
    current.write(out, timelines.list());
    out.writeBoolean(restarted);
    for (long v : new long[] {headOffset, offset, firstUptime, lastUptime}) {
      out.writeLong(v);
    }
  }

  /** What {@link #write} wrote, recording further with these settings and grouping. */
  public static IntervalRecorder read(java.io.DataInput in, Settings settings, Grouping grouping)
      throws java.io.IOException {
    int pendingCap = in.readInt();
    if (pendingCap < 1) {
      throw new java.io.IOException("a damaged interval recorder");
    }
    IntervalRecorder r = new IntervalRecorder(settings, grouping, pendingCap);
    r.untimed = in.readLong();
    boolean past = in.readBoolean();
    for (int n = Wire.count(in); n > 0; n--) {
      r.groups.add(Wire.readString(in));
    }
    r.groups = past ? null : r.groups; // what was read holds the ranked groups' histograms only
    long length = settings.intervalMillis();
    long resolution = settings.resolutionNanos();
    r.timelines = TimelineList.read(in, length, resolution);
    r.head = Stretch.read(in, r.timelines.list(), pendingCap, length, resolution)
        .whenSettled(r::settled);
    r.current = Stretch.read(in, r.timelines.list(), pendingCap, length, resolution)
        .whenSettled(r::settled);
    r.restarted = in.readBoolean();
    r.headOffset = in.readLong();
    r.offset = in.readLong();
    r.firstUptime = in.readLong();
    r.lastUptime = in.readLong();
    return r;
  }

  /** Uptime-only pauses held now, for lack of an offset: never more than the cap per stretch. */
  int pendingEvents() {
    return head.pendingEvents() + current.pendingEvents();
  }

  /** Events that carried no time at all and so fit no interval. */
  public long untimed() {
    return untimed;
  }

  public Settings settings() {
    return settings;
  }
}
