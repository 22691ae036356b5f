package tardy.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import tardy.render.Escape;

/**
 * Standard error, escaped line by line: every message tardy prints there quotes something from
 * outside (a file name from a glob, a YAML value, a pause kind in a tag list), and none of it may
 * drive the terminal. One place for all of them, so no message can forget.
 *
 * <p>A message printed with {@code println} is one line: a line break inside it came from
 * outside (a file name, a requirement's name) and is escaped too, so no input can forge a line
 * of its own. A message of several lines prints each with its own {@code println}.
 */
final class SafeStderr extends OutputStream {

  private final OutputStream out;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();

  private SafeStderr(OutputStream out) {
    this.out = out;
  }

  static PrintStream wrap(PrintStream err) {
    return new PrintStream(new SafeStderr(err), true, StandardCharsets.UTF_8) {
      @Override
      public void println(String x) {
        super.println(Escape.terminalLine(String.valueOf(x)));
      }

      @Override
      public void println(Object x) {
        println(String.valueOf(x));
      }
    };
  }

  @Override
  public synchronized void write(int b) throws IOException {
    if (b == '\n') {
      emit();
      out.write('\n');
    } else {
      line.write(b);
    }
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) throws IOException {
    int from = off;
    for (int i = off; i < off + len; i++) {
      if (b[i] == '\n') {
        line.write(b, from, i - from);
        emit();
        out.write('\n');
        from = i + 1;
      }
    }
    line.write(b, from, off + len - from);
  }

  @Override
  public synchronized void flush() throws IOException {
    emit();
    out.flush();
  }

  @Override
  public void close() throws IOException {
    flush();
  }

  private void emit() throws IOException {
    if (line.size() > 0) {
      out.write(Escape.terminalLine(line.toString(StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8));
      line.reset();
    }
  }
}
