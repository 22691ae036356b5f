package tardy.analysis.requirements;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DurationTextTest {

  @Test
  void everyUnitParsesExactly() {
    assertThat(DurationText.parse("100ns")).isEqualTo(100L);
    assertThat(DurationText.parse("250us")).isEqualTo(250_000L);
    assertThat(DurationText.parse("250ms")).isEqualTo(250_000_000L);
    assertThat(DurationText.parse("1.5s")).isEqualTo(1_500_000_000L);
    assertThat(DurationText.parse("2m")).isEqualTo(120_000_000_000L);
    assertThat(DurationText.parse("1h")).isEqualTo(3_600_000_000_000L);
  }

  @Test
  void decimalsAreExactWhereADoubleWouldNotBe() {
    assertThat(DurationText.parse("0.1s")).isEqualTo(100_000_000L);
    assertThat(DurationText.parse("0.3s")).isEqualTo(300_000_000L);
    assertThat(DurationText.parse("1.000000001s")).isEqualTo(1_000_000_001L);
  }

  @Test
  void badDurationsSayWhy() {
    assertThatThrownBy(() -> DurationText.parse("fast")).hasMessageContaining("not a duration");
    assertThatThrownBy(() -> DurationText.parse("100")).hasMessageContaining("unit");
    assertThatThrownBy(() -> DurationText.parse("-1s")).hasMessageContaining("not a duration");
    assertThatThrownBy(() -> DurationText.parse("1e3ms")).hasMessageContaining("not a duration");
    assertThatThrownBy(() -> DurationText.parse("0ms")).hasMessageContaining("more than 0");
    assertThatThrownBy(() -> DurationText.parse("1.5ns")).hasMessageContaining("finer than a nanosecond");
    assertThatThrownBy(() -> DurationText.parse("9999999999999999999h")).hasMessageContaining("longer than the maximum of 24h");
  }
}
