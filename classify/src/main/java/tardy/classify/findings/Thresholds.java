package tardy.classify.findings;

/**
 * The evidence a finding needs, in one place. CPU times in GC logs have 10 ms resolution, so the
 * CPU floors sit well above it; safepoint times are in nanoseconds.
 */
final class Thresholds {

  /** Time to safepoint: at least this, and more than the rest of the pause. */
  static final long TTSP_MIN_MS = 1;

  /** Kernel time: sys above user, and at least this. */
  static final long SYS_MIN_MS = 50;

  /** Wall time without CPU: real at least this many times user + sys ... */
  static final double NO_CPU_RATIO = 1.5;

  /** ... and longer than user + sys by at least this. */
  static final long NO_CPU_MIN_MS = 50;

  /** Non-GC safepoints: a finding only when they hold this share of the stopped time. */
  static final int NON_GC_MIN_PERCENT = 5;

  /** Stopped share: a finding when the worst minute is stopped at least this long. */
  static final int MINUTE_MIN_PERCENT = 5;

  /** The worst instances kept per signature. */
  static final int WORST_KEPT = 5;

  private Thresholds() {}
}
