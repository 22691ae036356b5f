package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code tardy ... | head -1}: the reader leaves, the next write fails with EPIPE. Every command
 * that writes to standard output ends quietly with 141, as a process ended by SIGPIPE does (it
 * printed "cannot be written: Broken pipe" and exited 2, a usage error); a full disk is still an
 * error said on stderr.
 */
class ClosedPipeEveryCommandTest {

  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  static final String GC_LOG = ROOT.resolve("samples/gc-g1-jdk17.log").toString();
  static final String ACCESS = ROOT.resolve("samples/access-nginx.log").toString();
  static final String SLA = ROOT.resolve("samples/shop-requirements.yaml").toString();

  /** Standard output whose reader took {@code kept} bytes and left. */
  static final class Closing extends OutputStream {
    private final String failure;
    private int kept;

    Closing(int kept, String failure) {
      this.kept = kept;
      this.failure = failure;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (len > kept) {
        throw new IOException(failure);
      }
      kept -= len;
    }
  }

  static Cli.Result run(OutputStream out, String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Tardy.run(new Streams(new ByteArrayInputStream(new byte[0]), out,
        new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), () -> false), args);
    return new Cli.Result(code, "", err.toString(StandardCharsets.UTF_8));
  }

  static List<String[]> writers() {
    List<String[]> all = new ArrayList<>();
    for (String format : List.of("table", "json", "csv", "html", "hgrm")) {
      all.add(new String[] {"report", "--format", format, ACCESS});
      all.add(new String[] {"report", "--format", format, GC_LOG});
      all.add(new String[] {"check", "--format", format, "--requirements", SLA, ACCESS});
    }
    all.add(new String[] {"report", "--templates", ACCESS});
    all.add(new String[] {"formats", ACCESS, GC_LOG});
    all.add(new String[] {"formats"});
    all.add(new String[] {"man"});
    all.add(new String[] {"completion"});
    return all;
  }

  @Test
  void aReaderThatLeftEndsEveryCommandQuietly() {
    for (String[] args : writers()) {
      Cli.Result r = run(new Closing(0, "Broken pipe"), args);
      String what = String.join(" ", args);
      if (r.code() == ExitCodes.OK) { // picocli's own printing (man, completion) swallows it
        assertThat(r.err()).as(what).isEmpty();
        continue;
      }
      assertThat(r.code()).as(what + ": " + r.err()).isEqualTo(ExitCodes.CLOSED_PIPE);
      assertThat(r.err()).as(what).isEmpty();
    }
  }

  @Test
  void aFullDiskIsStillAnError() {
    Cli.Result r = run(new Closing(0, "No space left on device"), "report", "--format", "json",
        ACCESS);
    assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).isEqualTo("tardy: standard output: cannot be written: No space left on"
        + " device\n");
  }
}
