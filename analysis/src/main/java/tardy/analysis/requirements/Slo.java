package tardy.analysis.requirements;

import java.math.BigDecimal;
import java.util.BitSet;
import java.util.List;
import tardy.record.objective.Objective;

/**
 * A service-level objective of a requirement: the share of its requests that must be good over a
 * rolling window, a request being bad when slower than {@code underNanos} or answered with one of
 * {@code errors}; the floor of error budget left under which the deploy gate fails; the burn-rate
 * alerts replayed over the logs.
 *
 * @param underNanos a request slower than this is bad; 0: latency does not matter
 * @param errors the statuses that make a request bad, as written ({@code 5xx}, {@code 499})
 * @param target the share of good events, as a percentage below 100 ({@code 99.9})
 * @param windowMillis the rolling window, whole minutes
 * @param budgetFloor the percentage of the budget that must be left; null: no floor
 * @param alerts the burn-rate alerts, the workbook's unless the file names others
 */
public record Slo(long underNanos, List<String> errors, BigDecimal target, long windowMillis,
    BigDecimal budgetFloor, List<BurnAlert> alerts) {

  public Slo {
    errors = List.copyOf(errors);
    alerts = List.copyOf(alerts);
  }

  /** The share of events that may be bad: 1 − target. */
  public double allowedBadShare() {
    return BigDecimal.ONE.subtract(target.movePointLeft(2)).doubleValue();
  }

  /** What the recorder counts against. */
  public Objective objective() {
    BitSet bad = new BitSet();
    for (String e : errors) {
      if (e.endsWith("xx")) {
        int from = (e.charAt(0) - '0') * 100;
        bad.set(from, from + 100);
      } else {
        bad.set(Integer.parseInt(e));
      }
    }
    return new Objective(underNanos, bad);
  }

  /** {@code 99% ≤ 300ms or not 5xx, 499 over 30d}, as tables show it. */
  public String label() {
    StringBuilder s = new StringBuilder(target.stripTrailingZeros().toPlainString()).append("% ");
    if (underNanos > 0) {
      s.append("≤ ").append(new BigDecimal(underNanos).movePointLeft(6).stripTrailingZeros()
          .toPlainString()).append("ms");
    }
    if (!errors.isEmpty()) {
      s.append(underNanos > 0 ? " and " : "").append("not ").append(String.join(", ", errors));
    }
    return s.append(" over ").append(WindowText.format(windowMillis)).toString();
  }
}
