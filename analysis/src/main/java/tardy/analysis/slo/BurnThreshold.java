package tardy.analysis.slo;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Whether a window burns faster than an alert's rate, decided exactly: bad / total > burn × (1 −
 * target), compared as integers, so an error rate exactly at the threshold never fires by a
 * rounding error (0.144 / 0.01 is not 14.4 in doubles).
 */
final class BurnThreshold {

  private final BigInteger factor; // burn × (100 − target), unscaled
  private final BigInteger scale; // 100 × 10^its scale: the bad events' side
  private final long factorLong;
  private final long scaleLong;

  BurnThreshold(BigDecimal burn, BigDecimal targetPercent) {
    BigDecimal f = burn.multiply(BigDecimal.valueOf(100).subtract(targetPercent)).stripTrailingZeros();
    if (f.scale() < 0) {
      f = f.setScale(0);
    }
    factor = f.unscaledValue();
    scale = BigInteger.valueOf(100).multiply(BigInteger.TEN.pow(f.scale()));
    factorLong = factor.bitLength() < 63 ? factor.longValue() : -1;
    scaleLong = scale.bitLength() < 63 ? scale.longValue() : -1;
  }

  /** bad × 100 × 10^s > burn × (100 − target) × 10^s × total; never without events. */
  boolean exceeded(long bad, long total) {
    if (total == 0) {
      return false;
    }
    if (factorLong >= 0 && scaleLong >= 0) {
      long hiBad = Math.multiplyHigh(bad, scaleLong);
      long hiTotal = Math.multiplyHigh(total, factorLong);
      if (hiBad == 0 && hiTotal == 0 && bad * scaleLong >= 0 && total * factorLong >= 0) {
        return bad * scaleLong > total * factorLong;
      }
    }
    return BigInteger.valueOf(bad).multiply(scale)
        .compareTo(BigInteger.valueOf(total).multiply(factor)) > 0;
  }
}
