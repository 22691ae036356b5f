package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The completion script offers the values of the options that take one of a few words: bash
 * completes the word after the option as a user's Tab would, with the script tardy prints.
 */
class CompletionValuesTest {

  @TempDir Path dir;

  @ParameterizedTest
  @CsvSource({
      "report --log-format, combined jvm-unified nginx-json jdk8-gc",
      "check --log-format, combined jvm-unified",
      "hlog --log-format, jdk8-gc",
      "report --format, table csv json html hgrm",
      "report --grouping, infer ids raw",
      "report --sort, count p99 max name",
      "hlog --family, safepoint gc-pause stall request",
      "report --color, auto always never",
      "compare --format, table json csv html",
      "compare --grouping, infer ids raw",
      "compare --log-format, combined jvm-unified"})
  void offersTheValuesOf(String command, String expected) throws Exception {
    Path script = dir.resolve("tardy.bash");
    Files.writeString(script, Cli.run("completion").out());
    String words = "tardy " + command + " ''";
    String probe = "source '" + script + "' 2>/dev/null\n"
        + "COMP_WORDS=(" + words + "); COMP_CWORD=" + (words.split(" ").length - 1) + "\n"
        + "COMP_LINE='tardy " + command + " '; COMP_POINT=${#COMP_LINE}\n"
        + "_complete_tardy 2>/dev/null; printf '%s\\n' \"${COMPREPLY[@]}\"\n";
    Process p = new ProcessBuilder("bash", "-c", probe).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(out.lines().toList()).containsAll(List.of(expected.split(" ")));
  }
}
