package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TerminalsTest {

  @Test
  void pipesSocketsFilesAndDevNullAreNotTerminals(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("out.txt"), "x");
    assertThat(Terminals.isPlainlyNotATerminal("pipe:[4711]")).isTrue();
    assertThat(Terminals.isPlainlyNotATerminal("socket:[4711]")).isTrue();
    assertThat(Terminals.isPlainlyNotATerminal("/dev/null")).isTrue();
    assertThat(Terminals.isPlainlyNotATerminal(file.toString())).isTrue();
  }

  @Test
  void devicesAndUnknownsAreLeftToTheTerminalLibrary(@TempDir Path dir) {
    assertThat(Terminals.isPlainlyNotATerminal("/dev/pts/3")).isFalse();
    assertThat(Terminals.isPlainlyNotATerminal("/dev/tty1")).isFalse();
    assertThat(Terminals.isPlainlyNotATerminal(null)).isFalse();
    assertThat(Terminals.isPlainlyNotATerminal(dir.toString())).isFalse();
  }
}
