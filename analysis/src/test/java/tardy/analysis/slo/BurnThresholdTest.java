package tardy.analysis.slo;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A window burns faster than an alert's rate exactly when bad / total > burn × (1 − target). */
class BurnThresholdTest {

  @Test
  void exactlyAtTheRateDoesNotFireAndOneMoreBadEventDoes() {
    BurnThreshold fast = new BurnThreshold(new BigDecimal("14.4"), new BigDecimal("99.9"));
    // 14.4 × 0.1 % = 1.44 %: 144 of 10,000 is exactly at it
    assertThat(fast.exceeded(144, 10_000)).isFalse();
    assertThat(fast.exceeded(145, 10_000)).isTrue();
    assertThat(fast.exceeded(0, 0)).isFalse();
    BurnThreshold slow = new BurnThreshold(BigDecimal.ONE, new BigDecimal("99"));
    assertThat(slow.exceeded(1, 100)).isFalse();
    assertThat(slow.exceeded(2, 100)).isTrue();
  }

  @Test
  void agreesWithRationalArithmeticEverywhereIncludingHugeCounts() {
    Random rnd = new Random(5);
    String[] burns = {"14.4", "6", "3", "1", "0.5", "123.456789"};
    String[] targets = {"99", "99.9", "99.95", "90", "50.5"};
    for (int i = 0; i < 20_000; i++) {
      BigDecimal burn = new BigDecimal(burns[rnd.nextInt(burns.length)]);
      BigDecimal target = new BigDecimal(targets[rnd.nextInt(targets.length)]);
      long total = i % 10 == 0 ? Long.MAX_VALUE / (1 + rnd.nextInt(5)) : 1 + rnd.nextInt(100_000);
      long bad = (long) (rnd.nextDouble() * total);
      BigDecimal share = new BigDecimal(BigInteger.valueOf(bad)).multiply(BigDecimal.valueOf(100));
      BigDecimal limit = burn.multiply(BigDecimal.valueOf(100).subtract(target))
          .multiply(new BigDecimal(BigInteger.valueOf(total)));
      assertThat(new BurnThreshold(burn, target).exceeded(bad, total))
          .as("%d of %d at %s, %s%%", bad, total, burn, target)
          .isEqualTo(share.compareTo(limit) > 0);
    }
  }
}
