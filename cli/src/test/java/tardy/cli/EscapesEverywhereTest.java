package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text from outside never reaches a terminal raw, on any path: stderr messages quoting file
 * names and YAML values, the hlog tag list (the hgrm header: CheckRenderingTest).
 */
class EscapesEverywhereTest {

  static final String ESC = "\u001b";
  static final String TITLE = ESC + "]0;pwned\u0007";

  @Test
  void aFileNameFromAGlobIsEscapedInErrors(@TempDir Path dir) throws IOException {
    Path hostile;
    try {
      hostile = Files.writeString(dir.resolve("a" + TITLE + ".log"), "not a log line\n");
    } catch (java.nio.file.InvalidPathException | IOException e) {
      assumeTrue(false, "this file system refuses control characters in names: " + e);
      return;
    }
    Cli.Result r = Cli.run("report", dir.resolve("a*.log").toString());
    assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).doesNotContain(ESC).doesNotContain("\u0007")
        .contains("a\\x1b]0;pwned\\x07.log: no known log format").hasLineCount(1);
    assertThat(hostile).exists();
  }

  @Test
  void aYamlValueQuotedInAnErrorIsEscaped(@TempDir Path dir) throws IOException {
    Path sla = Files.writeString(dir.resolve("sla.yaml"),
        "operations:\n  - name: a\n    request: GET /a\n    category: \"x\\e[2J\\e]0;t\\a\"\n");
    Cli.Result r = Cli.run("check", "--requirements", sla.toString(), "x.log");
    assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).doesNotContain(ESC).contains("unknown category 'x\\x1b[2J\\x1b]0;t\\x07'")
        .hasLineCount(1);
  }

  @Test
  void theHlogTagListIsEscaped(@TempDir Path dir) throws IOException {
    Path log = Files.writeString(dir.resolve("safepoint.log"), "[1.270s][info][safepoint] Safepoint"
        + " \"Clean" + ESC + "[2Jup\", Time since last: 29768433 ns, Reaching safepoint: 36467 ns,"
        + " At safepoint: 6345012 ns, Total: 6381479 ns\n");
    Cli.Result r = Cli.run("hlog", "-o", dir.resolve("x.hlog").toString(), log.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).doesNotContain(ESC).contains("Clean\\x1b[2Jup");
  }

  @Test
  void stackTracesKeepTheirTabs() {
    assertThat(tardy.render.Escape.terminalLine("\tat x" + ESC)).isEqualTo("\tat x\\x1b");
  }
}
