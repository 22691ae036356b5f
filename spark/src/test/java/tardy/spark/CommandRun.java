package tardy.spark;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import tardy.run.Driver;
import tardy.cli.Streams;
import tardy.cli.Tardy;

/** One tardy command line run to the end, its exit code and what it printed. */
record CommandRun(int code, String out, String err) {

  static CommandRun of(Driver driver, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Tardy.run(new Streams(new ByteArrayInputStream(new byte[0]), out,
        new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), () -> false), driver, args);
    return new CommandRun(code, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }
}
