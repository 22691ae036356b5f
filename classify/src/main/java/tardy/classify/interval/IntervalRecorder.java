package tardy.classify.interval;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import tardy.classify.GroupKeys;
import tardy.classify.Grouping;
import tardy.classify.Recorder;
import tardy.classify.UptimeRuns;
import tardy.parse.EventSink;
import tardy.parse.PauseEvent;
import tardy.parse.RequestEvent;
import tardy.parse.Times;

/**
 * Records events into interval histograms on the log's own clock, one {@link Timeline} per JVM
 * run that cannot share a time axis with the one before. A restart (uptime going back, by the
 * rule of {@link UptimeRuns#isRestart}) keeps the timeline when both runs have wall-clock time,
 * and starts a new one on uptime alone. Uptime-only events of a run that has datestamps later go
 * on the wall clock with that run's offset, so where the input was cut does not matter.
 *
 * <p>One recorder per thread; recorders of later parts are added in input order.
 */
public final class IntervalRecorder implements EventSink {

  /**
   * @param intervalMillis the length of every interval
   * @param resolutionNanos 0: every event counts once; above 0: the time-weighted view of a
   *     thread sampling at that resolution (jHiccup {@code -f -fz}), all groups together
   * @param maxGroups groups kept before new ones fold into {@value Recorder#OTHER}
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

  private final Settings settings;
  private final GroupKeys<String> keys;
  private final Set<String> groups = new HashSet<>();
  private final TimelineList timelines;
  private long untimed;
  // The first run's uptime-only events before its offset: an earlier part may know that offset.
  private PendingRun head = new PendingRun();
  private long headOffset = Times.NONE; // wall minus uptime at the first run's first datestamp
  // A later run's uptime-only events while its offset is unknown.
  private PendingRun tail = new PendingRun();
  private boolean restarted; // the current run is not the first one of this part
  private long offset = Times.NONE; // wall minus uptime of the current run, once it had a datestamp
  private long firstUptime = Times.NONE;
  private long lastUptime = Times.NONE;

  public IntervalRecorder(Settings settings, Grouping grouping) {
    this.settings = settings;
    this.keys = new GroupKeys<>(grouping, Function.identity());
    this.timelines = new TimelineList(settings.intervalMillis(), settings.resolutionNanos());
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
      if (!Times.isSet(offset)) {
        firstOffset(wall - uptime);
      }
      offset = wall - uptime;
      timelines.recordWall(wall, e.totalNanos(), group);
    } else {
      uptimeOnly(uptime, e.totalNanos(), group);
    }
  }

  private void uptimeOnly(long uptime, long nanos, String group) {
    if (Times.isSet(offset)) {
      timelines.recordWall(uptime + offset, nanos, group); // a line that lost its datestamp
    } else {
      (restarted ? tail : head).add(uptime, nanos, group);
    }
  }

  /** The current run's first datestamp: its uptime-only events so far go on the wall clock. */
  private void firstOffset(long runOffset) {
    if (!restarted) {
      headOffset = runOffset; // settled in timelines(): an earlier part may know better
      return;
    }
    tail.replay((uptime, nanos, group) -> timelines.recordWall(uptime + runOffset, nanos, group));
    tail = new PendingRun();
  }

  /** The JVM restarted: a later run without any datestamp is final on its uptime timeline. */
  private void startRun() {
    if (restarted && !tail.isEmpty()) {
      timelines.addUptimeRun(onUptime(tail));
      tail = new PendingRun();
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

  private Timeline onUptime(PendingRun run) {
    return run.onUptime(settings.intervalMillis(), settings.resolutionNanos());
  }

  private String capped(String group) {
    if (settings.timeWeighted() || group == null) {
      return null; // the time-weighted view has the untagged series only
    }
    if (groups.contains(group)) {
      return group;
    }
    if (groups.size() >= settings.maxGroups()) {
      return Recorder.OTHER;
    }
    groups.add(group);
    return group;
  }

  /**
   * Adds what a recorder of a later part of the input (a chunk, the next file) recorded: the
   * same as if this recorder had read that part's events itself.
   */
  public void add(IntervalRecorder later) {
    untimed += later.untimed;
    groups.addAll(later.groups);
    if (!Times.isSet(later.firstUptime)) {
      timelines.addAll(later.timelines); // wall-clock time only: no runs to join
      return;
    }
    if (Times.isSet(lastUptime) && UptimeRuns.isRestart(lastUptime, later.firstUptime)) {
      startRun();
    }
    later.head.replay(this::uptimeOnly); // its offset may be ours
    if (Times.isSet(later.headOffset) && !Times.isSet(offset)) {
      firstOffset(later.headOffset);
    }
    if (later.restarted && !Times.isSet(later.headOffset)) {
      startRun(); // its first run ended without a datestamp, before its first timeline
    }
    timelines.addAll(later.timelines);
    if (later.restarted) {
      restarted = true;
      tail = later.tail;
      offset = later.offset;
    } else if (Times.isSet(later.offset)) {
      offset = later.offset;
    }
    seen(later.firstUptime, later.lastUptime);
  }

  /** The timelines in time order; more than one when runs could not share a time axis. */
  public List<Timeline> timelines() {
    List<Timeline> settled = new ArrayList<>();
    List<Timeline> rest = timelines.list();
    if (!head.isEmpty() && Times.isSet(headOffset)) {
      // the first timeline holds the run's first datestamp: its earlier events go before it
      Timeline first = new Timeline(Clock.WALL, settings.intervalMillis(),
          settings.resolutionNanos());
      head.replay((uptime, nanos, group) -> first.record(uptime + headOffset, nanos, group));
      first.add(rest.get(0));
      settled.add(first);
      rest = rest.subList(1, rest.size());
    } else if (!head.isEmpty()) {
      settled.add(onUptime(head));
    }
    settled.addAll(rest);
    if (!tail.isEmpty()) {
      settled.add(onUptime(tail));
    }
    return List.copyOf(settled);
  }

  /** Events that carried no time at all and so fit no interval. */
  public long untimed() {
    return untimed;
  }

  public Settings settings() {
    return settings;
  }
}
