package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Help, usage errors, the manual page and the completion script, byte for byte. The expected
 * texts in {@code /usage} were written by the release whose command model picocli read from
 * annotations (and read through by hand): the model written in code must say the same. Only the
 * machine's processor count (the default of --threads) and the version are filled in.
 */
class UsageTextsTest {

  @TestFactory
  List<DynamicTest> everyHelpTextAndUsageErrorIsAsBefore() {
    List<DynamicTest> tests = new ArrayList<>();
    for (String block : text("usage.txt").split("(?m)^### ")) {
      if (block.isEmpty()) {
        continue;
      }
      int firstLine = block.indexOf('\n');
      int secondLine = block.indexOf('\n', firstLine + 1);
      String commandLine = block.substring(0, firstLine);
      String[] codeAndStream = block.substring(firstLine + 1, secondLine).split(" ");
      String expected = block.substring(secondLine + 1);
      tests.add(DynamicTest.dynamicTest("tardy " + commandLine, () -> {
        Cli.Result r = Cli.run(commandLine.isEmpty() ? new String[0] : commandLine.split(" "));
        assertThat(r.code()).isEqualTo(Integer.parseInt(codeAndStream[0]));
        boolean toStdout = codeAndStream[1].equals("stdout");
        assertThat(toStdout ? r.out() : r.err()).isEqualTo(expected);
        assertThat(toStdout ? r.err() : r.out()).isEmpty();
      }));
    }
    assertThat(tests).hasSizeGreaterThan(40);
    return tests;
  }

  @Test
  void theManualPageIsAsBefore() {
    Cli.Result r = Cli.run("man");
    assertThat(r.code()).isZero();
    assertThat(r.out()).isEqualTo(text("man.roff"));
  }

  @Test
  void theCompletionScriptIsAsBefore() {
    Cli.Result r = Cli.run("completion");
    assertThat(r.code()).isZero();
    assertThat(r.out()).isEqualTo(text("completion.bash"));
  }

  private static String text(String name) {
    try (InputStream in = UsageTextsTest.class.getResourceAsStream("/usage/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .replace("@PROCESSORS@", String.valueOf(Runtime.getRuntime().availableProcessors()))
          .replace("@VERSION@", Tardy.Version.get());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
