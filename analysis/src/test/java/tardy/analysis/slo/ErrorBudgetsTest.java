package tardy.analysis.slo;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tardy.analysis.requirements.BurnAlert;
import tardy.analysis.requirements.Requirement;
import tardy.analysis.requirements.Slo;
import tardy.record.objective.MinuteCounts;

/** The gate's cases: no data, a log shorter than the window, the floor, a quiet pass. */
class ErrorBudgetsTest {

  private static final long MIN = 60_000;
  private static final long T0 = 1_790_000_000_000L / MIN * MIN;

  private static Slo slo(String floor) {
    return new Slo(300_000_000L, List.of(), new BigDecimal("99"), 30L * 1440 * MIN,
        floor == null ? null : new BigDecimal(floor), BurnAlert.WORKBOOK);
  }

  private static Requirement req(boolean optional) {
    return new Requirement("Checkout", null, "slow", List.of(), 0, optional);
  }

  /** {@code minutes} minutes of 100 requests each, {@code badPerMinute} of them bad. */
  private static MinuteCounts counts(int minutes, int badPerMinute) {
    MinuteCounts c = new MinuteCounts();
    for (int m = 0; m < minutes; m++) {
      for (int i = 0; i < 100; i++) {
        c.record(T0 + m * MIN + i, i < badPerMinute);
      }
    }
    return c;
  }

  @Test
  void noRequestIsNoDataAndFailsUnlessOptional() {
    MinuteCounts none = new MinuteCounts();
    none.unplaced();
    ErrorBudget b = ErrorBudgets.of(req(false), slo(null), none, Optional.of(T0));
    assertThat(b.noData()).isTrue();
    assertThat(b.failures()).containsExactly("no data: 1 request without a wall-clock time,"
        + " which no window can hold");
    assertThat(ErrorBudgets.of(req(true), slo(null), none, Optional.of(T0)).fails()).isFalse();
  }

  @Test
  void aShortLogGetsTheBudgetOfWhatItCoversAndPassesAboveTheFloor() {
    // two hours at 0.5 % bad against 1 %: half the budget spent
    MinuteCounts c = counts(120, 0);
    for (int m = 0; m < 120; m += 2) {
      c.record(T0 + m * MIN, true);
      c.record(T0 + m * MIN + 1, false); // keep the minute's events even
    }
    ErrorBudget b = ErrorBudgets.of(req(false), slo("20"), c,
        Optional.of(T0 + 119 * MIN + 5));
    assertThat(b.total()).isEqualTo(120 * 100 + 120);
    assertThat(b.bad()).isEqualTo(60);
    assertThat(b.coversWindow()).isFalse();
    assertThat(b.coveredMillis()).isEqualTo(120 * MIN);
    assertThat(b.spent()).isCloseTo(60 / (0.01 * 12_120), org.assertj.core.data.Offset.offset(1e-12));
    assertThat(b.fails()).isFalse();
    assertThat(b.alerts()).isEmpty();
    assertThat(b.millisLeftAtBurn()).isPositive();
  }

  @Test
  void underTheFloorFailsAndAFastBurnAtTheEndFails() {
    // 3 h: 1 % bad for 2 h 40 min (burn 1), then 20 minutes at 45 % (burn 45): the last hour burns 15.7
    MinuteCounts c = counts(160, 1);
    MinuteCounts end = new MinuteCounts();
    for (int m = 160; m < 180; m++) {
      for (int i = 0; i < 100; i++) {
        end.record(T0 + m * MIN + i, i < 45);
      }
    }
    c.add(end);
    ErrorBudget b = ErrorBudgets.of(req(false), slo("20"), c, Optional.of(T0 + 179 * MIN));
    assertThat(b.bad()).isEqualTo(160 + 900);
    assertThat(b.failures()).containsExactly(
        "budget left -488.9% is under the floor of 20%",
        "fast-burn alert 1h/5m ×14.4 page firing at the end of the logs");
    assertThat(b.alerts()).anyMatch(s -> s.firingAtEnd() && s.alert().page());
  }
}
