package tardy.cli;

import org.jline.terminal.spi.SystemStream;
import org.jline.terminal.spi.TerminalProvider;

/** Whether a standard stream is a terminal; decides colour. */
final class Terminals {

  private Terminals() {}

  static boolean stdoutIsTerminal() {
    try {
      return TerminalProvider.load("jni").isSystemStream(SystemStream.Output);
    } catch (Exception | LinkageError e) {
      return false; // no native terminal support: behave as in a pipe
    }
  }
}
