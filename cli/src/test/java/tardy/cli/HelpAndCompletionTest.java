package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Help for one command, "did you mean", the completion script and the manual page. */
class HelpAndCompletionTest {

  @TempDir Path dir;

  @Test
  void helpNamesACommand() {
    Cli.Result r = Cli.run("help", "report");
    assertThat(r.code()).isZero();
    assertThat(r.out()).startsWith("Usage: tardy report").contains("--top=N", "--sort=ORDER", "--width=COLUMNS");
  }

  @Test
  void aMistypedCommandOrOptionGetsTheCloseName() {
    Cli.Result command = Cli.run("reprot", "x.log");
    assertThat(command.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(command.err()).contains("Did you mean 'report'"); // picocli's own list adds 'compare'
    Cli.Result swapped = Cli.run("report", "--tpo", "3", "x.log");
    assertThat(swapped.err()).contains("Unknown option: '--tpo'", "Did you mean '--top'"); // '--to' is as close
    Cli.Result far = Cli.run("report", "--zzzz", "x.log");
    assertThat(far.err()).doesNotContain("Did you mean");
  }

  @Test
  void distanceCountsASwapAsOneMistake() {
    assertThat(Suggestions.distance("--tpo", "--top")).isEqualTo(1);
    assertThat(Suggestions.distance("chekc", "check")).isEqualTo(1);
    assertThat(Suggestions.distance("rport", "report")).isEqualTo(1);
    assertThat(Suggestions.distance("json", "html")).isEqualTo(4);
  }

  @Test
  void bashCompletesOptionsAndTheirValues() throws Exception {
    Path bash = Path.of("/bin/bash");
    Assumptions.assumeTrue(Files.isExecutable(bash), "no bash to run the completion script in");
    Cli.Result r = Cli.run("completion");
    assertThat(r.code()).isZero();
    Path script = Files.writeString(dir.resolve("tardy-completion"), r.out());
    assertThat(complete(bash, script, "tardy", "report", "--so")).isEqualTo("--sort");
    assertThat(complete(bash, script, "tardy", "report", "--sort", "")).isEqualTo("count p99 max name");
    assertThat(complete(bash, script, "tardy", "rep")).isEqualTo("report");
  }

  /** What the script offers for the last word, as bash's programmable completion calls it. */
  private String complete(Path bash, Path script, String... words) throws Exception {
    StringBuilder array = new StringBuilder();
    for (String w : words) {
      array.append(" '").append(w).append("'");
    }
    String line = String.join(" ", words);
    String program = "source '" + script + "'\nCOMP_WORDS=(" + array + ")\nCOMP_CWORD="
        + (words.length - 1) + "\nCOMP_LINE='" + line + "'\nCOMP_POINT=" + line.length()
        + "\n_complete_tardy\necho \"${COMPREPLY[*]}\"\n";
    Process p = new ProcessBuilder(bash.toString(), "-c", program)
        .redirectError(ProcessBuilder.Redirect.DISCARD).start(); // compopt: not in a real completion
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return out;
  }

  @Test
  void theManualPageListsEveryCommandAndOptionAndRendersWithoutWarnings() throws Exception {
    Cli.Result r = Cli.run("man");
    assertThat(r.code()).isZero();
    assertThat(r.out()).startsWith(".TH TARDY 1").contains(".SS tardy report", ".SS tardy check",
        ".SS tardy hlog", ".SS tardy formats", "\\fB\\-\\-top\\fR", ".SH EXIT STATUS");
    assertThat(r.out()).doesNotContain("${");
    Path groff = Path.of("/usr/bin/groff");
    Assumptions.assumeTrue(Files.isExecutable(groff), "no groff to render the page with");
    Path page = Files.writeString(dir.resolve("tardy.1"), r.out());
    Process p = new ProcessBuilder(groff.toString(), "-man", "-Tutf8", "-ww", "-z", page.toString())
        .redirectErrorStream(true).start();
    String warnings = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(warnings).isEmpty();
  }

  @Test
  void topAndWidthReachTheTable() {
    Cli.Result r = Cli.run("report", "--top", "2", "--width", "60", "../samples/shop-access.log");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("… 13 more operations (950 requests, 44.6%) not shown:");
    assertThat(r.out().lines()).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(60));
    assertThat(Cli.run("report", "--top", "-1", "x.log").err()).contains("--top must be from 0");
  }
}
