package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A histogram table keeps latencies, not the good and bad requests per minute an objective
 * counts: read with an objective, the run says so rather than leaving its "no data" unexplained,
 * and the check does not pass on it.
 */
class TableObjectivesCliTest {

  private static final String TABLE = "../samples/fleet";

  @TempDir Path dir;

  @Test
  void anObjectiveReadFromATableIsSaidNotCountedAndDoesNotPass() throws IOException {
    Path requirements = dir.resolve("slo.yaml");
    Files.writeString(requirements, """
        version: 1
        operations:
          - name: Orders
            request: GET /api/orders/{id}
            category: slow
            slo: { under: 300ms, target: 99%, window: 30d }
        """);
    Cli.Result fleet = Cli.run("report", "--fleet", "host", "--requirements",
        requirements.toString(), TABLE);
    assertThat(fleet.code()).as(fleet.err()).isZero();
    assertThat(fleet.err()).contains("objectives (slo:) are not counted from a table")
        .contains("on each host");
    Cli.Result check = Cli.run("check", "--requirements", requirements.toString(), TABLE);
    assertThat(check.code()).as("a gate does not pass on what it could not count").isEqualTo(1);
    assertThat(check.err()).contains("objectives (slo:) are not counted from a table");
  }

  @Test
  void requirementsWithoutObjectivesReadATableAsBefore() throws IOException {
    Path requirements = dir.resolve("latency.yaml");
    Files.writeString(requirements, """
        version: 1
        operations:
          - name: Orders
            request: GET /api/orders/{id}
            category: slow
            budgets: { p99: 150ms }
        """);
    Cli.Result check = Cli.run("check", "--requirements", requirements.toString(), TABLE);
    assertThat(check.err()).doesNotContain("objectives");
  }
}
