package tardy.classify;

import tardy.parse.Times;

/** The first and last timestamps seen, on the wall clock and on the JVM's uptime clock. */
public final class TimeSpan {

  private long firstWall = Long.MAX_VALUE;
  private long lastWall = Long.MIN_VALUE;
  private long firstUptime = Long.MAX_VALUE;
  private long lastUptime = Long.MIN_VALUE;

  void record(long wallMillis, long uptimeMillis) {
    if (Times.isSet(wallMillis)) {
      firstWall = Math.min(firstWall, wallMillis);
      lastWall = Math.max(lastWall, wallMillis);
    }
    if (Times.isSet(uptimeMillis)) {
      firstUptime = Math.min(firstUptime, uptimeMillis);
      lastUptime = Math.max(lastUptime, uptimeMillis);
    }
  }

  void add(TimeSpan other) {
    firstWall = Math.min(firstWall, other.firstWall);
    lastWall = Math.max(lastWall, other.lastWall);
    firstUptime = Math.min(firstUptime, other.firstUptime);
    lastUptime = Math.max(lastUptime, other.lastUptime);
  }

  public boolean hasWall() {
    return firstWall <= lastWall;
  }

  public boolean hasUptime() {
    return firstUptime <= lastUptime;
  }

  public long firstWallMillis() {
    return hasWall() ? firstWall : Times.NONE;
  }

  public long lastWallMillis() {
    return hasWall() ? lastWall : Times.NONE;
  }

  /**
   * The milliseconds between the first and the last event, from the wall clock when the log has
   * one, else from uptime; {@link Times#NONE} when the log has neither.
   */
  public long millis() {
    if (hasWall()) {
      return lastWall - firstWall;
    }
    return hasUptime() ? lastUptime - firstUptime : Times.NONE;
  }
}
