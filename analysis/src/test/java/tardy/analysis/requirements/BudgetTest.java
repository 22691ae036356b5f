package tardy.analysis.requirements;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BudgetTest {

  @Test
  void keysBecomeJsonPercentiles() {
    assertThat(Budget.percentileOf("p90")).isEqualTo("90");
    assertThat(Budget.percentileOf("p99.90")).isEqualTo("99.9");
    assertThat(Budget.percentileOf("p99.999")).isEqualTo("99.999");
    assertThat(Budget.percentileOf("max")).isEqualTo("100");
  }

  @Test
  void badKeysAreRefused() {
    for (String key : new String[] {"p100", "p9", "p99.9999", "P99", "p49", "min", "p-1", "p99."}) {
      assertThatThrownBy(() -> Budget.percentileOf(key)).as(key)
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void requiredSamplesFollowTheTail() {
    assertThat(new Budget("50", 1).requiredSamples()).isEqualTo(2);
    assertThat(new Budget("90", 1).requiredSamples()).isEqualTo(10);
    assertThat(new Budget("95", 1).requiredSamples()).isEqualTo(20);
    assertThat(new Budget("99", 1).requiredSamples()).isEqualTo(100);
    assertThat(new Budget("99.9", 1).requiredSamples()).isEqualTo(1_000);
    assertThat(new Budget("99.99", 1).requiredSamples()).isEqualTo(10_000);
    assertThat(new Budget("99.999", 1).requiredSamples()).isEqualTo(100_000);
    assertThat(new Budget("97", 1).requiredSamples()).isEqualTo(34); // 33.3… rounds up
    assertThat(new Budget("100", 1).requiredSamples()).isEqualTo(1);
  }
}
