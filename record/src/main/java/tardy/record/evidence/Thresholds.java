package tardy.record.evidence;

/**
 * The evidence a finding needs, in one place. CPU times in GC logs have 10 ms resolution, so the
 * CPU floors sit well above it; safepoint times are in nanoseconds.
 */
public final class Thresholds {

  /** Time to safepoint: at least this, and more than the rest of the pause. */
  static final long TTSP_MIN_MS = 1;

  /** Kernel time: sys at least this (kept by its share of user + sys) ... */
  public static final long SYS_MIN_MS = 50;

  /** ... and above this share of user + sys (sys above user), JIFA's default. */
  public static final int SYS_SHARE_PERCENT = 50;

  /** Wall time without CPU: real at least this many times user + sys ... */
  static final double NO_CPU_RATIO = 1.5;

  /** ... and longer than user + sys by at least this. */
  static final long NO_CPU_MIN_MS = 50;

  /** Non-GC safepoints: a finding only when they hold this share of the stopped time. */
  public static final int NON_GC_MIN_PERCENT = 5;

  /** Stopped share: a finding when the worst minute is stopped at least this long. */
  static final int MINUTE_MIN_PERCENT = 5;

  /** Live-set growth: over at least this many full (or full and mixed) collections ... */
  public static final int LIVE_SET_MIN_COLLECTIONS = 3;

  /** ... a rise of at least this share of where the line through them starts ... */
  public static final int LIVE_SET_GROWTH_PERCENT = 10;

  /** ... and of at least this share of the heap's largest capacity. */
  public static final int LIVE_SET_CAPACITY_PERCENT = 2;

  /** Low throughput: a finding under this share of a run's time not stopped by GC pauses ... */
  public static final int THROUGHPUT_MIN_PERCENT = 90;

  /** ... over a run at least this long. */
  public static final long THROUGHPUT_MIN_RUN_MS = 60_000;

  /** A long GC pause, JIFA's default: the allocation before such pauses is a finding. */
  public static final long LONG_PAUSE_MS = 400;

  /** The same for the collectors whose pauses are meant to be short (ZGC, Shenandoah). */
  public static final long PAUSELESS_LONG_PAUSE_MS = 30;

  /** Time outside the backend: p99 request time at least this many times p99 upstream ... */
  public static final double OUTSIDE_RATIO = 2.0;

  /** ... above it by at least this ... */
  public static final long OUTSIDE_MIN_MS = 100;

  /** ... over at least this many requests with an upstream time ... */
  public static final long OUTSIDE_MIN_REQUESTS = 100;

  /** ... which are at least this share of the operation's requests, so both tails are of the
   * same requests. */
  public static final int OUTSIDE_MIN_COVER_PERCENT = 90;

  /** Clients giving up: at least this many 499 answers ... */
  public static final long GAVE_UP_MIN_COUNT = 10;

  /** ... and at least this share of the operation's requests. */
  public static final int GAVE_UP_MIN_PERCENT = 1;

  /** A cluster of 499s: at least this share of them waited within {@link #CLUSTER_WIDTH} ... */
  public static final int CLUSTER_MIN_PERCENT = 50;

  /** ... of one another (the longest wait at most this many times the shortest) ... */
  public static final double CLUSTER_WIDTH = 1.1;

  /** ... and at least this long: a timeout, not a fast click away. */
  public static final long CLUSTER_MIN_MS = 100;

  /** The worst instances kept per signature. */
  static final int WORST_KEPT = 5;

  private Thresholds() {}
}
