package tardy.events.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputsTest {

  @Test
  void globsTheShellLeftAloneAreExpandedInNameOrder(@TempDir Path dir) throws IOException {
    for (String name : new String[] {"access.log.2", "access.log", "access.log.1", "other.txt"}) {
      Files.writeString(dir.resolve(name), "x\n");
    }
    List<Input> inputs = Inputs.resolve(List.of(dir + "/access.log*"), () -> null);
    assertThat(inputs).extracting(Input::name).containsExactly(
        dir + "/access.log", dir + "/access.log.1", dir + "/access.log.2");
  }

  @Test
  void missingFilesAndEmptyGlobsAreClearErrors(@TempDir Path dir) {
    assertThatThrownBy(() -> Inputs.resolve(List.of(dir + "/nope.log"), () -> null))
        .isInstanceOf(InputException.class).hasMessage(dir + "/nope.log: no such file");
    assertThatThrownBy(() -> Inputs.resolve(List.of(dir + "/*.gz"), () -> null))
        .isInstanceOf(InputException.class).hasMessage(dir + "/*.gz: no file matches this pattern");
  }

  @Test
  void directoryIsNotALogFile(@TempDir Path dir) {
    Input input = Inputs.resolve(List.of(dir.toString()), () -> null).get(0);
    assertThatThrownBy(input::open).isInstanceOf(InputException.class)
        .hasMessage(dir + ": is a directory, not a log file");
  }

  /** Each of its lines would be counted twice: every count of the report doubled, in silence. */
  @Test
  void aFileNamedTwiceIsRefusedByAnyPathOrLink(@TempDir Path dir) throws IOException {
    Path log = Files.writeString(dir.resolve("access.log"), "x\n");
    Files.createSymbolicLink(dir.resolve("current.log"), log.getFileName());
    Files.createLink(dir.resolve("hard.log"), log);
    Files.writeString(dir.resolve("other.log"), "x\n");
    assertThatThrownBy(() -> Inputs.resolve(List.of(log.toString(), log.toString()), () -> null))
        .isInstanceOf(InputException.class).hasMessage(log + ": is " + log + " again (named"
            + " twice): it would be read twice and each of its lines counted twice; name it once");
    assertThatThrownBy(() -> Inputs.resolve(List.of(dir + "/*.log"), () -> null))
        .isInstanceOf(InputException.class).hasMessage(dir + "/current.log: is " + log
            + " again (the same file, by a link or another path): it would be read twice and each"
            + " of its lines counted twice; name it once");
    String dotted = dir + "/./access.log";
    assertThatThrownBy(() -> Inputs.resolve(List.of(dir + "/hard.log", dotted), () -> null))
        .hasMessageStartingWith(dotted + ": is " + dir + "/hard.log again (the same file");
    // distinct files, however alike, are each read
    assertThat(Inputs.resolve(List.of(log.toString(), dir + "/other.log"), () -> null)).hasSize(2);
  }

  @Test
  void dashIsStandardInputOnce() {
    List<Input> inputs = Inputs.resolve(List.of("-"), () -> new ByteArrayInputStream(new byte[0]));
    assertThat(inputs).extracting(Input::name).containsExactly("-");
    assertThat(inputs.get(0).path()).isEmpty();
    assertThatThrownBy(() -> Inputs.resolve(List.of("-", "-"), () -> null))
        .hasMessage("-: standard input can be read only once");
  }

  @Test
  void sampleOfAStreamIsReplayedWhole() throws IOException {
    byte[] text = "a\r\nb\nc".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    Sampler.Sampled sampled = Sampler.sampleAndReplay(Input.stream("-", () -> new ByteArrayInputStream(text)));
    assertThat(sampled.sample().lines()).extracting(String::new).containsExactly("a", "b", "c");
    assertThat(sampled.stream().readAllBytes()).isEqualTo(text);
  }
}
