package tardy.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Runs the whole CLI in memory: standard input, output and error captured. */
final class Cli {

  record Result(int code, String out, String err) {}

  private Cli() {}

  static Result run(byte[] stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Tardy.run(new Streams(new ByteArrayInputStream(stdin), out,
        new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), false), args);
    return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  static Result run(String... args) {
    return run(new byte[0], args);
  }
}
