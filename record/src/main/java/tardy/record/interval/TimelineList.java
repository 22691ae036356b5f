package tardy.record.interval;

import tardy.record.wire.Wire;

import java.util.ArrayList;
import java.util.List;

/**
 * The timelines a recorder has settled, in time order. Wall-clock events of consecutive runs
 * share one timeline, with the restart between them marked; a run on uptime alone stands apart.
 */
final class TimelineList {

  private final long intervalMillis;
  private final long resolutionNanos;
  private final List<Timeline> list = new ArrayList<>();
  private boolean restartUnmarked; // a restart with no wall-clock event after it yet

  TimelineList(long intervalMillis, long resolutionNanos) {
    this.intervalMillis = intervalMillis;
    this.resolutionNanos = resolutionNanos;
  }

  void recordWall(long millis, long nanos, String group) {
    Timeline last = list.isEmpty() ? null : list.get(list.size() - 1);
    if (last == null || last.clock() != Clock.WALL) {
      last = new Timeline(Clock.WALL, intervalMillis, resolutionNanos);
      list.add(last);
    } else if (restartUnmarked) {
      last.markRestart(millis); // the first event of the new run
    }
    restartUnmarked = false;
    last.record(millis, nanos, group);
  }

  /** The JVM restarted: the next wall-clock event starts a new run. */
  void restart() {
    restartUnmarked = true;
  }

  void addUptimeRun(Timeline run) {
    list.add(run);
  }

  /** Adds the timelines of a later part of the input: what recording its events here gives. */
  void addAll(TimelineList later) {
    for (Timeline next : later.list) {
      Timeline last = list.isEmpty() ? null : list.get(list.size() - 1);
      if (next.clock() == Clock.WALL && last != null && last.clock() == Clock.WALL) {
        if (restartUnmarked) {
          last.markRestart(next.firstEventMillis());
        }
        last.add(next);
      } else {
        list.add(next);
      }
      if (next.clock() == Clock.WALL) {
        restartUnmarked = false;
      }
    }
    // a restart in the later part with no wall-clock event after it is still to be marked
    restartUnmarked |= later.restartUnmarked;
  }

  void retainGroups(java.util.function.Predicate<String> keep) {
    list.forEach(t -> t.retainGroups(keep));
  }

  void write(java.io.DataOutput out) throws java.io.IOException {
    out.writeInt(list.size());
    for (Timeline t : list) {
      t.write(out);
    }
    out.writeBoolean(restartUnmarked);
  }

  static TimelineList read(java.io.DataInput in, long intervalMillis, long resolutionNanos)
      throws java.io.IOException {
    TimelineList l = new TimelineList(intervalMillis, resolutionNanos);
    for (int n = Wire.count(in); n > 0; n--) {
      l.list.add(Timeline.read(in, intervalMillis, resolutionNanos));
    }
    l.restartUnmarked = in.readBoolean();
    return l;
  }

  List<Timeline> list() {
    return list;
  }
}
