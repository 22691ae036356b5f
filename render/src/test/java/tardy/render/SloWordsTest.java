package tardy.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import tardy.analysis.requirements.BurnAlert;
import tardy.analysis.requirements.Slo;
import tardy.analysis.slo.AlertSpan;
import tardy.analysis.slo.AlertWatch;
import tardy.analysis.slo.BurnRates;
import tardy.analysis.slo.ErrorBudget;

/** The live words of an objective: an alert's start and end, and a budget's line on the screen. */
class SloWordsTest {

  private static final long T = 1_793_528_580_000L; // 2026-11-01 10:23 UTC
  private static final long MIN = 60_000;
  private static final Slo SLO = new Slo(300_000_000L, List.of("5xx"), new BigDecimal("99"),
      30L * 1440 * MIN, null, BurnAlert.WORKBOOK);

  @Test
  void anAlertsStartAndEndSayTheirTimesOnTheLogsClock() {
    AlertSpan span = new AlertSpan(BurnAlert.WORKBOOK.get(0), T, T + 21 * MIN, 25.555);
    assertThat(SloWords.change(new AlertWatch.Change("Checkout", span, true)))
        .isEqualTo("ALERT FIRED: Checkout 1h/5m ×14.4 page at 2026-11-01 10:23 UTC");
    assertThat(SloWords.change(new AlertWatch.Change("Checkout", span, false)))
        .isEqualTo("ALERT CLEARED: Checkout 1h/5m ×14.4 page at 2026-11-01 10:44 UTC (fired 10:23,"
            + " 21m, peak burn 25.56)");
    AlertSpan overnight = new AlertSpan(BurnAlert.WORKBOOK.get(2), T, T + 20 * 60 * MIN, 3.5);
    assertThat(SloWords.change(new AlertWatch.Change("Checkout\u001b[2J", overnight, false)))
        .isEqualTo("ALERT CLEARED: Checkout\\x1b[2J 1d/2h ×3 ticket at 2026-11-02 06:23 UTC"
            + " (fired 2026-11-01 10:23, 20h, peak burn 3.5)");
  }

  @Test
  void aBudgetsLiveLineHasWhatIsLeftAndEachAlertsBurnRates() {
    AlertSpan firing = new AlertSpan(BurnAlert.WORKBOOK.get(0), T, -1, 18.9);
    ErrorBudget b = new ErrorBudget("Checkout", SLO, T - 30L * 1440 * MIN, T + MIN, 3 * 1440 * MIN,
        12_510, 223, 0, 18.89, List.of(firing), List.of(), List.of());
    List<BurnRates.Now> burns = List.of(
        new BurnRates.Now(BurnAlert.WORKBOOK.get(0), 18.888, 20.5, true),
        new BurnRates.Now(BurnAlert.WORKBOOK.get(1), 3.1, 0, false));
    assertThat(SloWords.live(b, burns)).isEqualTo("Checkout 99% ≤ 300ms and not 5xx over 30d:"
        + " left -78.3%, burn 1h 18.89 5m 20.5 · 6h 3.1 30m 0 FIRING 1h/5m ×14.4 page");
  }
}
