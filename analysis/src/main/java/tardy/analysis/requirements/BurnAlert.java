package tardy.analysis.requirements;

import java.math.BigDecimal;
import java.util.List;

/**
 * A multi-window burn-rate alert: it fires while the error rate over both the long and the short
 * window is more than {@code burn} times the rate the objective allows, and clears when either
 * falls back. The long window makes one bad minute not page; the short one makes the alert clear
 * soon after the burn stops, not an hour later.
 *
 * @param longMillis the long window, whole minutes
 * @param shortMillis the short window, whole minutes, shorter than the long one
 * @param burn the burn rate that fires it: 1 spends the window's budget in exactly the window
 * @param page whether it is a fast burn that pages (and fails the deploy gate while firing at the
 *     end of the logs), else a ticket
 */
public record BurnAlert(long longMillis, long shortMillis, BigDecimal burn, boolean page) {

  private static final long HOUR = 3_600_000L;
  private static final long MINUTE = 60_000L;

  /**
   * The Google SRE workbook's recommended pairs ("Alerting on SLOs", multiwindow, multi-burn-rate
   * alerts), for a 30-day window: 2 % of the budget in 1 h (burn 14.4) and 5 % in 6 h (burn 6)
   * page; 10 % in 1 d (burn 3) and 10 % in 3 d (burn 1) open a ticket. The short window is a
   * twelfth of the long one.
   */
  public static final List<BurnAlert> WORKBOOK = List.of(
      new BurnAlert(HOUR, 5 * MINUTE, new BigDecimal("14.4"), true),
      new BurnAlert(6 * HOUR, 30 * MINUTE, BigDecimal.valueOf(6), true),
      new BurnAlert(24 * HOUR, 2 * HOUR, BigDecimal.valueOf(3), false),
      new BurnAlert(72 * HOUR, 6 * HOUR, BigDecimal.ONE, false));

  /** {@code 1h/5m ×14.4 page}, as tables show it. */
  public String label() {
    return WindowText.format(longMillis) + "/" + WindowText.format(shortMillis) + " ×"
        + burnText() + (page ? " page" : " ticket");
  }

  /** The burn rate as written: 14.4, 6. */
  public String burnText() {
    return burn.stripTrailingZeros().toPlainString();
  }
}
