package tardy.analysis.requirements;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Objectives in the requirements file: their syntax, what they default to, one error each. */
class SloLoaderTest {

  private static String file(String slo) {
    return "version: 1\noperations:\n  - name: Checkout\n    request: POST /checkout\n"
        + "    category: slow\n    slo: " + slo + "\n";
  }

  @Test
  void anObjectiveReadsWithTheWorkbooksAlertsByDefault() throws Exception {
    Requirements r = RequirementsLoaderTest.load(
        file("{ under: 300ms, errors: [5xx, 499], target: 99.9%, window: 28d, budget_floor: 20% }"));
    Slo slo = r.operations().get(0).slo().orElseThrow();
    assertThat(slo.underNanos()).isEqualTo(300_000_000L);
    assertThat(slo.errors()).containsExactly("5xx", "499");
    assertThat(slo.target()).isEqualByComparingTo("99.9");
    assertThat(slo.windowMillis()).isEqualTo(28L * 86_400_000L);
    assertThat(slo.budgetFloor()).isEqualByComparingTo("20");
    assertThat(slo.alerts()).isEqualTo(BurnAlert.WORKBOOK);
    assertThat(slo.alerts().stream().map(BurnAlert::label)).containsExactly(
        "1h/5m ×14.4 page", "6h/30m ×6 page", "1d/2h ×3 ticket", "3d/6h ×1 ticket");
    assertThat(slo.objective().bad(300_000_000L, 200)).isFalse();
    assertThat(slo.objective().bad(300_000_001L, 200)).isTrue();
    assertThat(slo.objective().bad(1, 503)).isTrue();
    assertThat(slo.objective().bad(1, 499)).isTrue();
    assertThat(slo.objective().bad(1, 404)).isFalse();
  }

  @Test
  void aCategorysObjectiveJudgesItsRequestOperationsAndAnOperationsOwnReplacesIt() throws Exception {
    Requirements r = RequirementsLoaderTest.load("""
        categories:
          checkout: { limit: 1s, slo: { errors: 5xx, target: 99%, window: 7d } }
        operations:
          - { name: a, request: GET /a, category: checkout }
          - { name: b, request: GET /b, category: checkout, slo: { under: 1s, target: 90%, window: 1d,
              alerts: [ { long: 2h, short: 10m, burn: 5, severity: ticket } ] } }
          - { name: c, request: GET /c, category: instant }
        """);
    assertThat(r.operations().get(0).slo().orElseThrow().windowMillis()).isEqualTo(7 * 86_400_000L);
    Slo b = r.operations().get(1).slo().orElseThrow();
    assertThat(b.target()).isEqualByComparingTo("90");
    assertThat(b.alerts()).containsExactly(
        new BurnAlert(7_200_000L, 600_000L, new BigDecimal("5"), false));
    assertThat(r.operations().get(2).slo()).isEmpty();
    assertThat(r.grouping().objective("a")).isNotNull();
    assertThat(r.grouping().objective("c")).isNull();
    assertThat(r.grouping().hasObjectives()).isTrue();
  }

  @Test
  void eachBadObjectiveGetsOneClearErrorAtItsPlace() {
    expect("{ under: 300ms, target: 100%, window: 30d }", "100%", "target 100% leaves no error"
        + " budget: one slow or failed request would spend it all; write a target below 100%,"
        + " e.g. 99.9%");
    expect("{ under: 300ms, target: 99%, window: 30 days }", "30 days", "window: '30 days' is not"
        + " a window: write whole minutes, hours, days or weeks, e.g. 5m, 6h, 30d, 4w");
    expect("{ under: 300 ms, target: 99%, window: 30d }", "300 ms", "under: '300 ms' is not a"
        + " duration: write a number and a unit (ns, us, ms, s, m, h), e.g. 250ms or 1.5s");
    expect("{ under: 300ms, target: 99, window: 30d }", "99", "target: '99' is not a percentage:"
        + " write e.g. 99.9%");
    expect("{ under: 300ms, target: 99%, window: 30m }", "30m", "window 30m is shorter than the"
        + " alert 1h/5m ×14.4 page's long window: a window must hold every alert's windows");
    expect("{ target: 99%, window: 30d }", "{", "the slo of operation 'Checkout' needs 'under:"
        + " DURATION' (latency), 'errors: [5xx, …]' (availability), or both: what makes a request"
        + " bad");
    expect("{ under: 1s, target: 99%, window: 30d, errors: [5x] }", "5x", "errors: '5x' is not a"
        + " status: write a class (5xx) or a code (499, 503)");
    expect("{ under: 1s, target: 99%, window: 30d, budget_floor: 100% }", "100%", "budget_floor"
        + " 100% can never be met: the whole budget is left only while nothing fails; write less"
        + " than 100%");
    expect("{ under: 1s, target: 99%, window: 30d, alerts: [ { long: 5m, short: 1h, burn: 2,"
        + " severity: page } ] }", "1h", "short window 1h is not shorter than the long window 5m");
    expect("{ under: 1s, target: 99%, window: 30d, alerts: [ { long: 1h, short: 5m, burn: 2,"
        + " severity: urgent } ] }", "urgent", "severity: 'urgent' is neither page nor ticket");
    expect("{ under: 1s, target: 80%, window: 30d }", "80%", "the alert 1h/5m ×14.4 page can"
        + " never fire at target 80%: it needs more than every event bad (burn × (100% − target)"
        + " > 100%)");
    expect("{ under: 1s, target: 99%, window: 30d, within: 2 }", "within", "unknown key 'within'"
        + " in the slo of operation 'Checkout' (known: under, errors, target, window,"
        + " budget_floor, alerts)");
    expect("{ under: 1s, window: 30d }", "{", "the slo of operation 'Checkout' needs 'target'");
  }

  /** The one problem of that objective, at the column where {@code at} starts on its line. */
  private static void expect(String slo, String at, String message) {
    int column = "    slo: ".length() + slo.indexOf(at) + 1;
    assertThat(problems(slo)).containsExactly("sla.yaml:6:" + column + ": " + message);
  }

  @Test
  void aPauseOperationTakesNoObjective() {
    List<String> p = problems2("""
        operations:
          - { name: gc, pause: G1 Evacuation Pause, category: slow, slo: { under: 1s, target: 99%, window: 1d } }
        """);
    assertThat(p).singleElement().asString().contains("a pause operation has none");
  }

  private static List<String> problems(String slo) {
    return RequirementsLoaderTest.problems(file(slo));
  }

  private static List<String> problems2(String yaml) {
    return RequirementsLoaderTest.problems(yaml);
  }
}
