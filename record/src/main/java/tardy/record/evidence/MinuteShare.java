package tardy.record.evidence;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import tardy.record.clock.UptimeRuns;

/**
 * The stopped time per minute of the log's clock, kept in constant space: the first minute, the
 * last one and the worst complete one between them, so a log of any span costs the same and
 * consecutive parts add up to what one pass gives. A pause counts in the minute its timestamp
 * falls in; a pause whose minute differs from the previous pause's, or whose clock went back as
 * at a JVM restart ({@link UptimeRuns#isRestart}), starts a new minute, so two runs never mix.
 * Each decision looks at two neighbouring pauses only, which is what makes parts add up exactly.
 */
public final class MinuteShare {

  public static final long MINUTE_MILLIS = 60_000;

  /** A minute and the nanoseconds stopped in it; time is the log's clock (wall or uptime). */
  public record Minute(long minute, boolean wallClock, long nanos) {
    Minute plus(long more) {
      return new Minute(minute, wallClock, nanos + more);
    }
  }

  private Minute first; // null: no pause yet
  private Minute last; // the same as first while only one minute was seen
  private Minute worstBetween; // the worst complete minute after first and before last
  private long minutes;
  private long firstTime; // the first and the latest pause's time, for restarts at a part's edge
  private long lastTime;
  private long minutesOver; // between first and last, at least the threshold
  private long pending; // nanoseconds of the last minute not yet in it: no object per pause

  boolean isEmpty() {
    return first == null;
  }

  void record(long timeMillis, boolean wallClock, long nanos) {
    long minute = Math.floorDiv(timeMillis, MINUTE_MILLIS);
    if (first == null) {
      first = last = new Minute(minute, wallClock, nanos);
      minutes = 1;
      firstTime = timeMillis;
    } else if (continues(lastTime, last, timeMillis, minute)) {
      grow(nanos);
    } else {
      next(new Minute(minute, wallClock, nanos));
    }
    lastTime = timeMillis;
  }

  /** Whether a pause at {@code time} in {@code minute} counts in the minute of the pause before. */
  private static boolean continues(long timeBefore, Minute before, long time, long minute) {
    return minute == before.minute && !UptimeRuns.isRestart(timeBefore, time);
  }

  private void grow(long nanos) {
    pending += nanos;
  }

  /** Adds the pending nanoseconds into the last minute, before anyone reads the minutes. */
  private void settle() {
    if (pending != 0) {
      boolean isFirst = last == first;
      last = last.plus(pending);
      if (isFirst) {
        first = last;
      }
      pending = 0;
    }
  }

  /** {@code minute} starts after the last one, which is now complete. */
  private void next(Minute minute) {
    settle();
    if (last != first) {
      between(last);
    }
    last = minute;
    minutes++;
  }

  private void between(Minute complete) {
    if (worstBetween == null || complete.nanos > worstBetween.nanos) {
      worstBetween = complete;
    }
    if (isOver(complete)) {
      minutesOver++;
    }
  }

  public static boolean isOver(Minute m) {
    return m.nanos * 100 >= Thresholds.MINUTE_MIN_PERCENT * MINUTE_MILLIS * 1_000_000;
  }

  /** Adds the minutes of the part of the log after this one. */
  void addLater(MinuteShare later) {
    settle();
    later.settle();
    if (later.first == null) {
      return;
    }
    if (first == null) {
      first = later.first;
      last = later.last;
      worstBetween = later.worstBetween;
      minutes = later.minutes;
      minutesOver = later.minutesOver;
      firstTime = later.firstTime;
      lastTime = later.lastTime;
      return;
    }
    Minute theirFirst = later.first;
    long theirMinutes = later.minutes;
    boolean continued = continues(lastTime, last, later.firstTime, theirFirst.minute);
    lastTime = later.lastTime;
    if (continued) {
      grow(theirFirst.nanos); // their first minute continues our last one
      theirMinutes--;
      if (later.last == later.first) {
        return;
      }
    } else {
      next(theirFirst);
      theirMinutes--;
      if (later.last == later.first) {
        minutes += theirMinutes;
        return;
      }
    }
    settle();
    if (last != first) {
      between(last);
    }
    if (later.worstBetween != null
        && (worstBetween == null || later.worstBetween.nanos > worstBetween.nanos)) {
      worstBetween = later.worstBetween;
    }
    minutesOver += later.minutesOver;
    last = later.last;
    minutes += theirMinutes;
  }

  void write(DataOutput out) throws IOException {
    settle();
    out.writeBoolean(first != null);
    if (first == null) {
      return;
    }
    out.writeBoolean(last == first);
    write(first, out);
    if (last != first) {
      write(last, out);
    }
    out.writeBoolean(worstBetween != null);
    if (worstBetween != null) {
      write(worstBetween, out);
    }
    out.writeLong(minutes);
    out.writeLong(minutesOver);
    out.writeLong(firstTime);
    out.writeLong(lastTime);
  }

  void read(DataInput in) throws IOException {
    if (!in.readBoolean()) {
      return;
    }
    boolean one = in.readBoolean();
    first = readMinute(in);
    last = one ? first : readMinute(in);
    worstBetween = in.readBoolean() ? readMinute(in) : null;
    minutes = in.readLong();
    minutesOver = in.readLong();
    firstTime = in.readLong();
    lastTime = in.readLong();
  }

  private static void write(Minute m, DataOutput out) throws IOException {
    out.writeLong(m.minute);
    out.writeBoolean(m.wallClock);
    out.writeLong(m.nanos);
  }

  private static Minute readMinute(DataInput in) throws IOException {
    return new Minute(in.readLong(), in.readBoolean(), in.readLong());
  }

  /** The minute stopped longest, the earliest of equals; null when no pause was seen. */
  public Minute worst() {
    settle();
    Minute worst = first;
    if (worstBetween != null && worstBetween.nanos > worst.nanos) {
      worst = worstBetween;
    }
    if (last != null && last.nanos > worst.nanos) {
      worst = last;
    }
    return worst;
  }

  /** How many minutes had a pause. */
  public long minutes() {
    return minutes;
  }

  /** How many minutes were stopped at least the threshold. */
  public long minutesOver() {
    settle();
    if (first == null) {
      return 0;
    }
    long over = minutesOver + (isOver(first) ? 1 : 0);
    return last != first && isOver(last) ? over + 1 : over;
  }
}
