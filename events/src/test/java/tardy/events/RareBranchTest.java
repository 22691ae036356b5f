package tardy.events;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RareBranchTest {

  @Test
  void oneOnMultiplesOfThePeriodOnly() {
    long[] starts = {0, Integer.MAX_VALUE - 5000L, Long.MAX_VALUE - 5000, -5000};
    for (long start : starts) {
      for (long n = start; n < start + 5000; n++) {
        assertThat(RareBranch.every(n)).as("%d", n).isEqualTo(Math.floorMod(n, RareBranch.PERIOD) == 0 ? 1 : 0);
      }
    }
  }
}
