package tardy.analysis.heap;

import tardy.record.evidence.Thresholds;

/**
 * What the heap findings take as too much, JIFA's documented defaults unless a requirements
 * file's {@code heap: thresholds:} says otherwise.
 *
 * @param longPauseNanos a GC pause at least this long is a long one (400 ms), for the finding
 *     that names the allocation rate before the long pauses
 * @param pauselessLongPauseNanos the same for the collectors whose pauses are meant to be short
 *     (ZGC, Shenandoah: 30 ms)
 * @param lowThroughputPercent a run's throughput under this is low (90 %)
 * @param sysSharePercent a GC pause's sys CPU above this share of user + sys, a whole
 *     percentage from 0 to 99, is kernel time (50 %: sys above user)
 */
public record HeapThresholds(long longPauseNanos, long pauselessLongPauseNanos,
    double lowThroughputPercent, int sysSharePercent) {

  /** JIFA's defaults. */
  public static final HeapThresholds DEFAULTS = new HeapThresholds(
      Thresholds.LONG_PAUSE_MS * 1_000_000L, Thresholds.PAUSELESS_LONG_PAUSE_MS * 1_000_000L,
      Thresholds.THROUGHPUT_MIN_PERCENT, Thresholds.SYS_SHARE_PERCENT);

  /** The heap's thresholds, kernel time's at its default. */
  public HeapThresholds(long longPauseNanos, long pauselessLongPauseNanos,
      double lowThroughputPercent) {
    this(longPauseNanos, pauselessLongPauseNanos, lowThroughputPercent,
        Thresholds.SYS_SHARE_PERCENT);
  }
}
