package tardy.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jline.terminal.spi.SystemStream;
import org.jline.terminal.spi.TerminalProvider;

/**
 * Whether standard output is a terminal; decides colour. Asked only when a table goes to standard
 * output, and answered without JLine when the answer is plain: loading JLine's native provider
 * costs a start-up that a pipe or a file never needs.
 */
final class Terminals {

  private static final Path STDOUT_LINK = Path.of("/proc/self/fd/1");
  private static final Path STDERR_LINK = Path.of("/proc/self/fd/2");

  private Terminals() {}

  static boolean stdoutIsTerminal() {
    if (System.console() != null) { // both stdin and stdout are terminals
      return true;
    }
    if (isPlainlyNotATerminal(linkTarget(STDOUT_LINK))) {
      return false;
    }
    try {
      return TerminalProvider.load("jni").isSystemStream(SystemStream.Output);
    } catch (Exception | LinkageError e) {
      return false; // no native terminal support: behave as in a pipe
    }
  }

  /** Whether standard error is a terminal; decides the progress display. */
  static boolean stderrIsTerminal() {
    if (isPlainlyNotATerminal(linkTarget(STDERR_LINK))) {
      return false;
    }
    try {
      return TerminalProvider.load("jni").isSystemStream(SystemStream.Error);
    } catch (Exception | LinkageError e) {
      return false;
    }
  }

  /**
   * The width of the terminal standard output is on, from JLine; {@code fallback} when it cannot
   * say (no native support, or not a terminal after all).
   */
  static int stdoutWidth(int fallback) {
    try {
      int width = TerminalProvider.load("jni").systemStreamWidth(SystemStream.Output);
      return width > 0 ? width : fallback;
    } catch (Exception | LinkageError e) {
      return fallback;
    }
  }

  /** What Linux says a standard stream is open on, or null where there is no /proc. */
  private static String linkTarget(Path link) {
    try {
      return Files.readSymbolicLink(link).toString();
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      return null;
    }
  }

  /**
   * A pipe, a socket, /dev/null or a regular file is never a terminal; anything else (a device,
   * or no answer) is left to JLine.
   */
  static boolean isPlainlyNotATerminal(String target) {
    if (target == null) {
      return false;
    }
    return target.startsWith("pipe:") || target.startsWith("socket:")
        || target.startsWith("anon_inode:") || target.equals("/dev/null")
        || target.startsWith("/") && !target.startsWith("/dev/") && Files.isRegularFile(Path.of(target));
  }
}
