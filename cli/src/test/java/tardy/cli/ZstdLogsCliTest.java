package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * zstd logs read as their plain bytes are: the same output, byte for byte, once the file's own
 * name is set aside; one cut short fails after the lines before the cut, in words.
 */
class ZstdLogsCliTest {

  /** Written by the zstd tool: three frames and a skippable one (see its README). */
  private static final Path ACCESS_ZST =
      Path.of("../events/src/test/resources/zstd/shop-access-frames.log.zst");
  private static final Path ACCESS = Path.of("../samples/shop-access.log");
  private static final Path GC = Path.of("../samples/gc-g1-jdk17.log");

  @TempDir Path dir;

  @Test
  void anAccessLogWrittenByTheZstdToolReportsAsThePlainLog() {
    for (String[] options : new String[][] {{"--format", "json"}, {"--width", "100"},
        {"--interval", "5m", "--format", "csv"}}) {
      assertSameOutput(ACCESS, ACCESS_ZST, options);
    }
  }

  @Test
  void aGcLogCompressedByLibzstdReportsAsThePlainLog() throws IOException {
    Path zst = dir.resolve("gc.log.zst");
    try (OutputStream out = new com.github.luben.zstd.ZstdOutputStream(Files.newOutputStream(zst))) {
      out.write(Files.readAllBytes(GC));
    }
    assertSameOutput(GC, zst, "--format", "json");
    assertSameOutput(GC, zst, "--width", "100");
  }

  @Test
  void aCutZstdLogFailsAfterTheLinesBeforeTheCut() throws IOException {
    byte[] whole = Files.readAllBytes(Path.of("../events/src/test/resources/zstd/shop-access.log.zst"));
    Path cut = Files.write(dir.resolve("cut.log.zst"), Arrays.copyOf(whole, whole.length * 2 / 3));
    Cli.Result r = Cli.run("report", cut.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.USER_ERROR);
    // 1,121 lines: what `zstd -dc` gives of the same cut file, counted by wc -l
    assertThat(r.err()).isEqualTo("tardy: " + cut + ": compressed data is truncated or corrupt"
        + " (zstd: Truncated source) after line 1121 (1,121 lines were read before the damage)\n");
  }

  /**
   * Runs both under names of one length in sibling directories (tardy knows zstd by its first
   * bytes, not its name), so that the text report, which wraps at the input's name, lays out
   * alike.
   */
  private void assertSameOutput(Path plain, Path zst, String... options) {
    Path a = copy(plain, "p");
    Path b = copy(zst, "z");
    Cli.Result ra = run(a, options);
    Cli.Result rb = run(b, options);
    assertThat(ra.code()).as(ra.err()).isZero();
    assertThat(rb.code()).as(rb.err()).isZero();
    assertThat(rb.out().replace(b.toString(), "LOG"))
        .as(String.join(" ", options)).isEqualTo(ra.out().replace(a.toString(), "LOG"));
  }

  private Path copy(Path file, String sub) {
    try {
      Path to = Files.createDirectories(dir.resolve(sub)).resolve("x.log");
      return Files.copy(file, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static Cli.Result run(Path log, String... options) {
    String[] args = new String[options.length + 2];
    args[0] = "report";
    args[1] = log.toString();
    System.arraycopy(options, 0, args, 2, options.length);
    return Cli.run(args);
  }
}
