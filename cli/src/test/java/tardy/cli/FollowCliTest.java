package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --follow} from the command line on standard input (which ends, so the run ends): one
 * JSON document per refresh, the last one holding every line, and check's exit code from the
 * last window.
 */
class FollowCliTest {

  private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

  private static byte[] sample(String name) throws IOException {
    return Files.readAllBytes(ROOT.resolve("samples").resolve(name));
  }

  private static long lines(byte[] log) {
    long n = 0;
    for (byte b : log) {
      n += b == '\n' ? 1 : 0;
    }
    return n;
  }

  @Test
  void standardInputGivesJsonLinesWhoseLastHoldsEveryLine() throws IOException {
    byte[] log = sample("access-nginx.log");
    Cli.Result r = Cli.run(log, "report", "--follow", "-", "--refresh", "100ms");
    assertThat(r.err()).isEmpty();
    assertThat(r.code()).isEqualTo(ExitCodes.OK);
    List<Object> docs = JsonLines.parse(r.out());
    Object last = docs.get(docs.size() - 1);
    assertThat(JsonLines.at(last, "schema")).isEqualTo(2L);
    assertThat(JsonLines.at(last, "live", "last")).isEqualTo(true);
    assertThat(JsonLines.at(last, "since_start", "inputs", 0, "lines")).isEqualTo(lines(log));
    assertThat(JsonLines.at(last, "since_start", "inputs", 0, "parsed")).isEqualTo(lines(log));
    assertThat(JsonLines.at(last, "window", "inputs", 0, "lines")).isEqualTo(lines(log));
    // the batch report of the same bytes has the same totals
    Cli.Result batch = Cli.run(log, "report", "--format", "json", "-");
    Object whole = JsonLines.parse(batch.out().replace("\n", " ")).get(0);
    assertThat(JsonLines.at(last, "since_start", "totals")).isEqualTo(JsonLines.at(whole, "totals"));
    assertThat(JsonLines.at(last, "since_start", "groups")).isEqualTo(JsonLines.at(whole, "groups"));
  }

  @Test
  void checkSaysEachVerdictAndExitsWithTheLastWindows(@TempDir Path dir) throws IOException {
    byte[] log = sample("shop-access.log");
    String sla = ROOT.resolve("samples/shop-requirements.yaml").toString();
    Cli.Result batch = Cli.run(log, "check", "--requirements", sla, "--format", "json", "-");
    Cli.Result r = Cli.run(log, "check", "--follow", "-", "--requirements", sla);
    assertThat(r.code()).isEqualTo(batch.code()).isEqualTo(ExitCodes.BUDGET_FAILED);
    List<Object> docs = JsonLines.parse(r.out());
    Object last = docs.get(docs.size() - 1);
    Object whole = JsonLines.parse(batch.out().replace("\n", " ")).get(0);
    assertThat(JsonLines.at(last, "verdict")).isEqualTo("fail").isEqualTo(JsonLines.at(whole, "verdict"));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> changes = (List<Map<String, Object>>) JsonLines.at(last, "changes");
    assertThat(changes).as("the first window judged says every verdict")
        .anySatisfy(c -> assertThat(c.get("to")).isEqualTo("fail"))
        .allSatisfy(c -> assertThat(c).doesNotContainKey("from"));
    assertThat(r.err()).contains("FAIL: ").endsWith("\n");
  }

  @Test
  void aCheckThatMeasuredNothingDoesNotPass() throws IOException {
    String sla = ROOT.resolve("samples/shop-requirements.yaml").toString();
    Cli.Result r = Cli.run(new byte[0], "check", "--follow", "-", "--requirements", sla);
    assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).isEqualTo("tardy: -: is empty: no lines to read\n");
  }

  @Test
  void whatALiveRunCannotDoIsAUsageError() {
    assertThat(Cli.run("report", "--follow", "a.log", "b.log").err())
        .isEqualTo("tardy: --follow reads one input (a file or -), not 2\n");
    assertThat(Cli.run("report", "--follow", "--format", "csv", "-").err())
        .isEqualTo("tardy: --follow shows a table on a terminal or writes JSON lines, not csv\n");
    assertThat(Cli.run("report", "--follow", "--refresh", "10ms", "-").code())
        .isEqualTo(ExitCodes.USER_ERROR);
  }
}
