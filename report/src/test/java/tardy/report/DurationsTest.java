package tardy.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tardy.classify.Analysis;

class DurationsTest {

  @Test
  void subMillisecondValuesKeepTheirUnit() {
    assertThat(Durations.format(850_000)).isEqualTo("850us");
    assertThat(Durations.format(12_345)).isEqualTo("12.3us");
    assertThat(Durations.format(999)).isEqualTo("999ns");
  }

  @Test
  void aZeroFromAMillisecondLogSaysUnderOneMillisecond() {
    long ms = Durations.resolution(Analysis.Kind.REQUESTS);
    assertThat(Durations.format(0, ms)).isEqualTo("<1ms");
    assertThat(Durations.format(2_000_000, ms)).isEqualTo("2.00ms");
    assertThat(Durations.format(0, Durations.resolution(Analysis.Kind.PAUSES))).isEqualTo("0");
  }
}
