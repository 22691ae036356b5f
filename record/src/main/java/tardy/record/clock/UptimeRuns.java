package tardy.record.clock;

/**
 * The time a JVM log covers on the uptime clock, run by run: when uptime goes back, the JVM
 * restarted, and the new run's time adds to the old one's instead of being measured against it.
 * A restart is decided from two neighbouring events only, so a later part of the log added with
 * {@link #addLater} (parallel chunks, rotated files) gives exactly what one pass gives.
 */
public final class UptimeRuns {

  /** Uptime going back by more than this is a restart, not the jitter of interleaved threads. */
  static final long RESTART_MILLIS = 1_000;

  private int runs; // 0: nothing seen
  private long first; // the first run: from its first event to its largest uptime
  private long firstRunMax;
  private long middle; // the length of every complete run between the first and the last
  private long lastRunStart;
  private long lastRunMax;
  private long lastSeen; // the previous event, which a restart is measured against

  public UptimeRuns() {}

  /**
   * The one restart rule of every command: did the JVM restart between two neighbouring events
   * at these uptimes? Only when uptime goes back by more than {@value #RESTART_MILLIS} ms; a
   * smaller step back is threads interleaving their lines.
   */
  public static boolean isRestart(long previousUptimeMillis, long nextUptimeMillis) {
    return nextUptimeMillis + RESTART_MILLIS < previousUptimeMillis;
  }

  public void record(long uptimeMillis) {
    if (runs == 0) {
      runs = 1;
      first = firstRunMax = lastRunStart = lastRunMax = uptimeMillis;
    } else if (isRestart(lastSeen, uptimeMillis)) {
      closeLastRun();
      lastRunStart = lastRunMax = uptimeMillis;
      runs++;
    } else {
      extendLastRun(uptimeMillis);
    }
    lastSeen = uptimeMillis;
  }

  /** Adds the runs of the part of the log that comes after this one. */
  public void addLater(UptimeRuns later) {
    if (later.runs == 0) {
      return;
    }
    if (runs == 0) {
      copy(later);
      return;
    }
    if (isRestart(lastSeen, later.first)) { // the later part starts with a restart
      closeLastRun();
      if (later.runs == 1) {
        lastRunStart = later.first;
      } else {
        middle += later.firstRunMax - later.first + later.middle;
        lastRunStart = later.lastRunStart;
      }
      lastRunMax = later.lastRunMax;
      runs += later.runs;
    } else { // its first run continues our last run
      extendLastRun(later.firstRunMax);
      if (later.runs > 1) {
        closeLastRun();
        middle += later.middle;
        lastRunStart = later.lastRunStart;
        lastRunMax = later.lastRunMax;
        runs += later.runs - 1;
      }
    }
    lastSeen = later.lastSeen;
  }

  private void extendLastRun(long uptimeMillis) {
    lastRunMax = Math.max(lastRunMax, uptimeMillis);
    if (runs == 1) {
      firstRunMax = lastRunMax;
    }
  }

  /** Counts the last run as complete; the first run is counted apart. */
  private void closeLastRun() {
    if (runs > 1) {
      middle += lastRunMax - lastRunStart;
    }
  }

  private void copy(UptimeRuns o) {
    runs = o.runs;
    first = o.first;
    firstRunMax = o.firstRunMax;
    middle = o.middle;
    lastRunStart = o.lastRunStart;
    lastRunMax = o.lastRunMax;
    lastSeen = o.lastSeen;
  }

  public void write(java.io.DataOutput out) throws java.io.IOException {
    out.writeInt(runs);
    for (long v : new long[] {first, firstRunMax, middle, lastRunStart, lastRunMax, lastSeen}) {
      out.writeLong(v);
    }
  }

  /** Replaces this one's state by what {@link #write} wrote. */
  public void read(java.io.DataInput in) throws java.io.IOException {
    runs = in.readInt();
    first = in.readLong();
    firstRunMax = in.readLong();
    middle = in.readLong();
    lastRunStart = in.readLong();
    lastRunMax = in.readLong();
    lastSeen = in.readLong();
  }

  /** How many JVM runs the log shows; 0 when it has no uptime. */
  public int runs() {
    return runs;
  }

  /** The milliseconds the log covers, each run measured on its own. */
  public long coveredMillis() {
    long covered = firstRunMax - first + middle;
    return runs > 1 ? covered + lastRunMax - lastRunStart : covered;
  }
}
