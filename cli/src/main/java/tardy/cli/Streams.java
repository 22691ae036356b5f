package tardy.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The process's standard streams and environment, passed in so tests can run the whole CLI in
 * memory.
 *
 * @param terminal whether standard output is a terminal (colour only then); asked only when it
 *     matters, because finding out can cost start-up time
 */
public record Streams(
    InputStream in, OutputStream out, PrintStream err, Map<String, String> env,
    BooleanSupplier terminal) {

  public boolean stdoutIsTerminal() {
    return terminal.getAsBoolean();
  }

  /** Standard output that a renderer may close without closing the process's stream. */
  public OutputStream stdout() {
    return new FilterOutputStream(out) {
      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
      }

      @Override
      public void close() throws IOException {
        out.flush();
      }
    };
  }
}
