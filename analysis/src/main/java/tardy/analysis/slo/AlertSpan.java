package tardy.analysis.slo;

import tardy.analysis.requirements.BurnAlert;

/**
 * One time a burn-rate alert would have fired, replayed from the logs.
 *
 * @param firedMillis the end of the first minute whose windows both burned faster than the alert's
 *     rate, epoch ms
 * @param clearedMillis the end of the first minute after it where one of them did not; -1 when
 *     it still fires at the end of the logs
 * @param peakBurn the highest burn rate of the long window while it fired
 */
public record AlertSpan(BurnAlert alert, long firedMillis, long clearedMillis, double peakBurn) {

  public boolean firingAtEnd() {
    return clearedMillis < 0;
  }
}
