package tardy.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import tardy.analysis.requirements.RequirementsException;
import tardy.analysis.requirements.RequirementsLoader;

/** The {@code regressions:} of a requirements file, and what a budget allows. */
class RegressionBudgetsTest {

  private static List<RegressionBudget> parse(String yaml) throws RequirementsException {
    return RegressionBudgetsLoader.parse(new RequirementsLoader.Text("r.yaml", yaml));
  }

  @Test
  void relativeAndAbsoluteBudgetsPerGlob() throws RequirementsException {
    List<RegressionBudget> budgets = parse("version: 1\nregressions:\n"
        + "  - operation: \"GET /api/*\"\n    budgets:\n      p99: { max_increase: 10% }\n"
        + "  - budgets:\n      p50: { max_increase: 5ms }\n");
    assertThat(budgets).hasSize(2);
    RegressionBudget p99 = budgets.get(0);
    assertThat(p99.label()).isEqualTo("99");
    assertThat(p99.relative()).isTrue();
    assertThat(p99.appliesTo("GET /api/{id}")).isTrue();
    assertThat(p99.appliesTo("POST /api/{id}")).isFalse();
    assertThat(p99.within(100_000_000, 110_000_000)).isTrue(); // exactly 10%
    assertThat(p99.within(100_000_000, 110_000_001)).isFalse();
    assertThat(p99.within(100_000_000, 50_000_000)).isTrue();
    RegressionBudget p50 = budgets.get(1);
    assertThat(p50.glob()).isEqualTo("*");
    assertThat(p50.appliesTo("(total)")).isTrue();
    assertThat(p50.within(1_000_000, 6_000_000)).isTrue();
    assertThat(p50.within(1_000_000, 6_000_001)).isFalse();
  }

  @Test
  void everyProblemIsSaidAtOnce() {
    assertThatThrownBy(() -> parse("regressions:\n  - operation: x\n    budgets:\n"
        + "      max: { max_increase: 10% }\n      p99: { max_increase: fast }\n"
        + "      p90: 5ms\n    extra: 1\n"))
        .isInstanceOf(RequirementsException.class)
        .hasMessageContaining("regression budgets are for p50, p90, p99 and p99.9")
        .hasMessageContaining("'fast' is not a duration")
        .hasMessageContaining("'p90' must be {max_increase: 10%} or {max_increase: 5ms}")
        .hasMessageContaining("unknown key 'extra'");
    assertThatThrownBy(() -> parse("version: 1\noperations: []\n"))
        .hasMessageContaining("no 'regressions:'");
    assertThatThrownBy(() -> parse("regressions: [\n"))
        .hasMessageContaining("r.yaml");
  }

  @Test
  void checkReadsAFileWithRegressionsAndLeavesThemToCompare() throws RequirementsException {
    String yaml = "version: 1\noperations:\n  - name: Items\n    request: GET /api/{id}\n"
        + "    category: instant\nregressions:\n  - budgets:\n      p99: { max_increase: 10% }\n";
    assertThat(RequirementsLoader.parse("r.yaml", yaml).operations()).hasSize(1);
    assertThat(parse(yaml)).hasSize(1);
  }
}
