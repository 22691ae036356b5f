package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static tardy.cli.CheckCommandTest.LOG;
import static tardy.cli.CheckCommandTest.assumeNginxFormats;
import static tardy.cli.CheckCommandTest.write;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every kind of input is read whole, once, or refused with a reason: no line is lost. */
class InputsThatCannotLoseLinesTest {

  static final String ACCOUNTED = "\"lines\" : 11, \"parsed\" : 11";

  static boolean has(String tool) {
    try {
      return new ProcessBuilder("sh", "-c", "command -v " + tool).start().waitFor() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** A FIFO with a writer that sends {@code text} once, as a shell pipeline would. */
  static Path fifo(Path dir, String text) throws Exception {
    assumeTrue(has("mkfifo"), "mkfifo is not available here: FIFO inputs not tested");
    Path fifo = dir.resolve("access.fifo");
    assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
    CompletableFuture.runAsync(() -> {
      try (OutputStream out = Files.newOutputStream(fifo)) {
        out.write(text.getBytes(StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    return fifo;
  }

  @Test
  void aFifoIsReadOnceAsAStream(@TempDir Path dir) throws Exception {
    assumeNginxFormats();
    for (String[] format : new String[][] {{}, {"--log-format", "combined"}}) {
      List<String> args = new ArrayList<>(List.of("report", "--format", "json"));
      args.addAll(List.of(format));
      args.add(fifo(dir, LOG).toString());
      Cli.Result r = Cli.run(args.toArray(String[]::new));
      assertThat(r.code()).as(r.err()).isZero();
      assertThat(r.out().replaceAll("\\s+", " ")).contains(ACCOUNTED.replaceAll("\\s+", " "));
      Files.delete(dir.resolve("access.fifo"));
    }
  }

  @Test
  void aProcessSubstitutionIsReadOnce(@TempDir Path dir) throws Exception {
    assumeNginxFormats();
    assumeTrue(has("bash"), "bash is not available here: <(...) not tested");
    Path log = write(dir, "a.log", LOG);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder("bash", "-c", "'" + java + "' -cp \"$CP\" " + Tardy.class.getName()
        + " report --format json --log-format combined <(cat '" + log + "')")
        .redirectErrorStream(true);
    pb.environment().put("CP", System.getProperty("java.class.path"));
    Process p = pb.start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    assertThat(out.replaceAll("\\s+", " ")).contains("\"parsed\" : 11");
  }

  @Test
  void devZeroStopsWithAReason() {
    assumeTrue(Files.exists(Path.of("/dev/zero")), "no /dev/zero here");
    for (String[] args : new String[][] {{"report", "/dev/zero"},
        {"report", "--log-format", "combined", "/dev/zero"}}) {
      Cli.Result r = Cli.run(args);
      assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
      // a first line too long to sample is passed over as the read skips it, up to where the
      // read stops too
      assertThat(r.err()).isEqualTo("tardy: /dev/zero: line 1 runs over 1 GiB without a line end:"
          + " not a text log\n");
    }
  }

  @Test
  void devUrandomStopsWithAReason() {
    assumeNginxFormats();
    assumeTrue(Files.exists(Path.of("/dev/urandom")), "no /dev/urandom here");
    Cli.Result guessed = Cli.run("report", "/dev/urandom");
    assertThat(guessed.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(guessed.err()).startsWith("tardy: /dev/urandom: no known log format").hasLineCount(1);
    Cli.Result forced = Cli.run("report", "--log-format", "combined", "/dev/urandom");
    assertThat(forced.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(forced.err()).startsWith("tardy: /dev/urandom: 1,000,000 lines malformed and not one"
        + " parsed: not this format (is --log-format right?); stopped reading after line ")
        .hasLineCount(1);
  }

  @Test
  void crOnlyLineEndsAreLineEnds(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    Path log = write(dir, "mac.log", LOG.replace('\n', '\r'));
    Cli.Result r = Cli.run("report", "--format", "json", log.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().replaceAll("\\s+", " ")).contains(ACCOUNTED);
    Cli.Result stdin = Cli.run(LOG.replace('\n', '\r').getBytes(StandardCharsets.UTF_8),
        "report", "--format", "json", "-");
    assertThat(stdin.out().replaceAll("\\s+", " ")).contains(ACCOUNTED);
  }

  @Test
  void aJunkFirstLineLongerThanASampleIsSkippedNotTheWholeInput(@TempDir Path dir)
      throws IOException {
    assumeNginxFormats();
    String junk = "x".repeat(2 << 20) + "\n";
    Path log = write(dir, "junk.log", junk + LOG);
    String expected = "\"lines\" : 12, \"parsed\" : 11, \"ignored\" : 0, \"malformed\" : 1";
    Cli.Result r = Cli.run("report", "--format", "json", log.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().replaceAll("\\s+", " ")).contains(expected, "line too long, skipped");
    Cli.Result stdin = Cli.run((junk + LOG).getBytes(StandardCharsets.UTF_8), "report", "--format",
        "json", "-");
    assertThat(stdin.code()).as(stdin.err()).isZero();
    assertThat(stdin.out().replaceAll("\\s+", " ")).contains(expected);
  }

  @Test
  void aGzipCutInsideItsHeaderSaysSo(@TempDir Path dir) throws IOException {
    Path gz = Files.write(dir.resolve("a.log.gz"), new byte[] {0x1f, (byte) 0x8b, 8, 0});
    Cli.Result r = Cli.run("report", gz.toString());
    assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).isEqualTo("tardy: " + gz + ": compressed data is truncated or corrupt"
        + " (it ends inside the gzip header) before the first line ended (no line was read before"
        + " the damage)\n");
  }

  @Test
  void aGlobWithAnOpenBracketIsOneLine(@TempDir Path dir) {
    String pattern = dir.resolve("access[.log").toString();
    Cli.Result r = Cli.run("report", pattern);
    assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).startsWith("tardy: " + pattern + ": no such file, nor a valid pattern (")
        .hasLineCount(1);
  }
  /** Whole lines in {@code gz} before its damage, by a plain decompression read byte by byte. */
  static long linesBeforeDamage(Path gz) throws IOException {
    long lines = 0;
    try (java.io.InputStream in = new java.util.zip.GZIPInputStream(Files.newInputStream(gz))) {
      for (int b; (b = in.read()) >= 0; ) {
        lines += b == '\n' ? 1 : 0;
      }
      throw new AssertionError(gz + " is not damaged");
    } catch (java.io.EOFException damage) {
      return lines;
    }
  }

  /**
   * A gzip cut anywhere past its header: the error says how many whole lines came before the cut,
   * with 1 or 2 threads and through standard input; a cut where fewer than 64 KiB came out (the
   * head that decides the line ends) as one after many lines.
   */
  @Test
  void aGzipCutAnywhereCountsEveryWholeLineBeforeTheCut(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    // 20,000 lines of 11 distinct ones: about 30 KiB of gzip
    java.io.ByteArrayOutputStream whole = new java.io.ByteArrayOutputStream();
    try (OutputStream gz = new java.util.zip.GZIPOutputStream(whole)) {
      for (int i = 0; i < 1819; i++) {
        gz.write(LOG.getBytes(StandardCharsets.UTF_8));
      }
    }
    byte[] bytes = whole.toByteArray();
    for (int cut : new int[] {60, 200, 400, bytes.length / 3, 2 * bytes.length / 3}) {
      byte[] cutBytes = java.util.Arrays.copyOf(bytes, cut);
      Path gz = Files.write(dir.resolve("cut-" + cut + ".log.gz"), cutBytes);
      long expected = linesBeforeDamage(gz);
      if (cut <= 400) {
        assertThat(bytesBeforeDamage(gz)).as("cut " + cut).isLessThan(1 << 16);
      } else {
        assertThat(expected).isGreaterThan(1000);
      }
      String damage = ": compressed data is truncated or corrupt (Unexpected end of ZLIB input"
          + " stream) " + (expected == 0 ? "before the first line ended (no line was"
          : "after line " + expected + " (" + String.format(java.util.Locale.ROOT, "%,d",
              expected) + (expected == 1 ? " line was" : " lines were")) + " read before the"
          + " damage)\n";
      for (String threads : new String[] {"1", "2"}) {
        Cli.Result r = Cli.run("report", "--threads", threads, gz.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(r.err()).as("--threads " + threads).isEqualTo("tardy: " + gz + damage);
      }
      Cli.Result piped = Cli.run(cutBytes, "report", "-");
      assertThat(piped.code()).as(piped.err()).isEqualTo(ExitCodes.USER_ERROR);
      assertThat(piped.err()).isEqualTo("tardy: -" + damage);
    }
  }

  /** Bytes that come out of {@code gz} before its damage, by a plain read byte by byte. */
  static long bytesBeforeDamage(Path gz) throws IOException {
    long n = 0;
    try (java.io.InputStream in = new java.util.zip.GZIPInputStream(Files.newInputStream(gz))) {
      while (in.read() >= 0) {
        n++;
      }
      throw new AssertionError(gz + " is not damaged");
    } catch (java.io.EOFException damage) {
      return n;
    }
  }

  @Test
  void aClosedStandardInputIsRefusedNotReadAsTheJvmsOwnFiles(@TempDir Path dir) throws Exception {
    assumeTrue(has("bash"), "bash is not available here: a closed standard input not tested");
    assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "no /proc here: nothing to detect");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    // the batch read and --follow's: each once crashed the JVM (exit 139) or read its own files
    for (String args : new String[] {"report --log-format combined -", "report --follow -"}) {
      ProcessBuilder pb = new ProcessBuilder("bash", "-c", "'" + java + "' -cp \"$CP\" "
          + Tardy.class.getName() + " " + args + " <&-");
      pb.environment().put("CP", System.getProperty("java.class.path"));
      Cli.Result r = OutputsNeverDestroyedTest.finish(pb.start());
      assertThat(r.code()).as(args + ": " + r.err()).isEqualTo(ExitCodes.USER_ERROR);
      assertThat(r.err()).as(args).isEqualTo(
          "tardy: -: standard input is closed: give the log as a file, or pipe it in\n");
    }
  }
}
