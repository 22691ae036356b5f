package tardy.record.evidence;

import tardy.events.Family;

/**
 * Which family's pauses are a JVM log's stopped time: the safepoints' when the log has them (a GC
 * pause is inside its safepoint), else the GC pauses'; the GC pauses' too when they add up to
 * more than twice the safepoints'. A pause nested in another (a young collection that turns into
 * a full one) is counted twice at most, so more than twice means the safepoint lines miss
 * collections (logged for part of the run, or rotated apart), and shares of the safepoints' time
 * would pass 100 %. The one place that decides it: findings, the stopped share and its sentence.
 */
public final class StoppedFamily {

  private StoppedFamily() {}

  /** The family, from the two families' summed pause times (0 for one the log lacks). */
  public static Family of(long safepointNanos, long gcPauseNanos) {
    return safepointNanos > 0 && gcPauseNanos / 2 <= safepointNanos ? Family.SAFEPOINT
        : Family.GC_PAUSE;
  }
}
