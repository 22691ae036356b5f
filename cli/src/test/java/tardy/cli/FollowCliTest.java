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

  /** What a child process writes, line by line, as it writes it. */
  private static java.io.BufferedReader lines(java.io.InputStream in) {
    return new java.io.BufferedReader(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
  }

  @Test
  void sigtermStopsAFollowedFileAndTheLastWindowDecidesTheExit(@TempDir Path dir) {
    org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(120),
        () -> {
          byte[] log = sample("shop-access.log");
          int half = log.length / 2;
          while (log[half - 1] != '\n') {
            half++;
          }
          Path file = Files.write(dir.resolve("access.log"), java.util.Arrays.copyOf(log, half));
          String sla = ROOT.resolve("samples/shop-requirements.yaml").toString();
          Path err = dir.resolve("err.txt");
          Process p = Cli.process("256m", "check", "--follow", file.toString(), "--requirements",
              sla, "--refresh", "100ms", "--window", "10m").redirectError(err.toFile()).start();
          java.io.BufferedReader out = lines(p.getInputStream());
          Object first = JsonLines.parse(out.readLine()).get(0);
          assertThat(JsonLines.at(first, "since_start", "inputs", 0, "lines"))
              .as("the backlog is in the totals").isEqualTo(lines(java.util.Arrays.copyOf(log, half)));
          assertThat(JsonLines.at(first, "window", "inputs", 0, "lines"))
              .as("and not in the window").isEqualTo(0L);
          Files.write(file, java.util.Arrays.copyOfRange(log, half, log.length),
              java.nio.file.StandardOpenOption.APPEND);
          Object doc;
          do {
            doc = JsonLines.parse(out.readLine()).get(0);
          } while (!JsonLines.at(doc, "since_start", "inputs", 0, "lines").equals(lines(log)));
          // SIGTERM, as a service manager stops it (Process.destroy would close its streams)
          assertThat(new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor())
              .isZero();
          String rest;
          Object last = doc;
          while ((rest = out.readLine()) != null) {
            last = JsonLines.parse(rest).get(0);
          }
          assertThat(p.waitFor()).isEqualTo(ExitCodes.BUDGET_FAILED);
          assertThat(JsonLines.at(last, "live", "last")).isEqualTo(true);
          assertThat(JsonLines.at(last, "window", "inputs", 0, "lines"))
              .isEqualTo(lines(log) - lines(java.util.Arrays.copyOf(log, half)));
          assertThat(Files.readString(err)).contains("INSUFFICIENT: Browse products p90 ≤ 100ms: no samples",
                  "FAIL: Browse products p90 ≤ 100ms", "(was insufficient)").endsWith("FAIL: 3 of 5 failed: Browse products,"
                  + " Search product, Add product to a shopping cart\n");
        });
  }

  @Test
  void aWindowThatMeasuredNothingDoesNotPass(@TempDir Path dir) {
    org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(120),
        () -> {
          // the backlog passes the check, but it is not in the window: nothing was measured there
          Path file = Files.write(dir.resolve("access.log"), sample("access-nginx.log"));
          Path sla = Files.writeString(dir.resolve("sla.yaml"),
              "operations:\n  - name: Fast\n    request: GET /fast\n    category: instant\n");
          Path err = dir.resolve("err.txt");
          Process p = Cli.process("256m", "check", "--follow", file.toString(), "--requirements",
              sla.toString(), "--refresh", "100ms").redirectError(err.toFile()).start();
          java.io.BufferedReader out = lines(p.getInputStream());
          Object first = JsonLines.parse(out.readLine()).get(0);
          assertThat(JsonLines.at(first, "since_start", "inputs", 0, "parsed"))
              .isEqualTo(lines(sample("access-nginx.log")));
          assertThat(new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor())
              .isZero();
          while (out.readLine() != null) {
            // the last refresh
          }
          assertThat(p.waitFor()).isEqualTo(ExitCodes.BUDGET_FAILED);
          assertThat(Files.readString(err))
              .endsWith("FAIL: the last window holds no request or pause: nothing passed\n");
        });
  }

  @Test
  void aCheckOfAnEmptyStreamIsAnInputError() throws IOException {
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
