package tardy.classify.interval;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import tardy.classify.GroupKeys;
import tardy.classify.Grouping;
import tardy.classify.Recorder;
import tardy.parse.EventSink;
import tardy.parse.PauseEvent;
import tardy.parse.RequestEvent;
import tardy.parse.Times;

/**
 * Records events into interval histograms on the log's own clock, one {@link Timeline} per JVM
 * run that cannot share a time axis with the one before. A restart (uptime going back) keeps the
 * timeline when both runs have wall-clock time, and starts a new one on uptime alone.
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
  private final List<Timeline> timelines = new ArrayList<>();
  private final Set<String> groups = new HashSet<>();
  private long untimed;
  private long wallMinusUptime = Times.NONE;

  public IntervalRecorder(Settings settings, Grouping grouping) {
    this.settings = settings;
    this.keys = new GroupKeys<>(grouping, Function.identity());
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
    record(Clock.WALL, e.wallMillis(), Times.NONE, e.latencyNanos(), keys.request(e));
  }

  @Override
  public void pause(PauseEvent e) {
    if (!Times.isSet(e.totalNanos()) || e.totalNanos() < 0) {
      return;
    }
    long wall = e.wallMillis();
    long uptime = e.uptimeMillis();
    if (Times.isSet(wall) && Times.isSet(uptime)) {
      wallMinusUptime = wall - uptime;
    } else if (!Times.isSet(wall) && Times.isSet(uptime) && Times.isSet(wallMinusUptime)
        && !timelines.isEmpty()
        && !current().restartsBefore(uptime)) {
      wall = uptime + wallMinusUptime; // a line that lost its datestamp to an interleaved writer
    }
    // a log without operation names has only the untagged series
    String group = e.hasKind() ? keys.pause(e) : null;
    if (Times.isSet(wall)) {
      record(Clock.WALL, wall, uptime, e.totalNanos(), group);
    } else if (Times.isSet(uptime)) {
      record(Clock.UPTIME, uptime, uptime, e.totalNanos(), group);
    } else {
      untimed++;
    }
  }

  private void record(Clock clock, long millis, long uptime, long nanos, String group) {
    Timeline timeline = timelines.isEmpty() ? null : current();
    if (timeline == null || timeline.clock() != clock) {
      timeline = newTimeline(clock);
    } else if (timeline.restartsBefore(uptime)) {
      if (clock == Clock.WALL) {
        timeline.markRestart(millis);
      } else {
        timeline = newTimeline(clock);
      }
    }
    timeline.record(millis, uptime, nanos, settings.timeWeighted() ? null : capped(group));
  }

  private Timeline newTimeline(Clock clock) {
    Timeline t = new Timeline(clock, settings.intervalMillis(), settings.resolutionNanos());
    timelines.add(t);
    return t;
  }

  private Timeline current() {
    return timelines.get(timelines.size() - 1);
  }

  private String capped(String group) {
    if (group == null || groups.contains(group)) {
      return group;
    }
    if (groups.size() >= settings.maxGroups()) {
      return Recorder.OTHER;
    }
    groups.add(group);
    return group;
  }

  /** Adds what a recorder of a later part of the input (a chunk, the next file) recorded. */
  public void add(IntervalRecorder later) {
    untimed += later.untimed;
    groups.addAll(later.groups);
    for (Timeline next : later.timelines) {
      Timeline last = timelines.isEmpty() ? null : current();
      if (last == null || last.clock() != next.clock()) {
        timelines.add(next);
      } else if (!last.restartsBefore(next.firstUptime())) {
        last.add(next);
      } else if (next.clock() == Clock.WALL) {
        last.markRestart(next.firstMillis());
        last.add(next);
      } else {
        timelines.add(next);
      }
    }
    if (Times.isSet(later.wallMinusUptime)) {
      wallMinusUptime = later.wallMinusUptime;
    }
  }

  /** The timelines in time order; more than one when runs could not share a time axis. */
  public List<Timeline> timelines() {
    return List.copyOf(timelines);
  }

  /** Events that carried no time at all and so fit no interval. */
  public long untimed() {
    return untimed;
  }

  public Settings settings() {
    return settings;
  }
}
