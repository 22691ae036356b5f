package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static tardy.cli.CheckCommandTest.LOG;
import static tardy.cli.CheckCommandTest.assumeNginxFormats;
import static tardy.cli.CheckCommandTest.write;
import static tardy.cli.InputsThatCannotLoseLinesTest.has;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.render.AtomicOutput;

/**
 * Outputs: regular files are replaced whole, anything else (devices, FIFOs, the process's own
 * standard output) is written into and never replaced; a write that fails says why and exits 2;
 * an interrupted run leaves no temporary file behind.
 */
class OutputsNeverDestroyedTest {

  static final boolean ROOT = "root".equals(System.getProperty("user.name"));

  /** tardy in a JVM of its own, its standard output sent to {@code stdout}. */
  static ProcessBuilder tardy(File stdout, String... args) {
    ProcessBuilder pb = Cli.process("256m", args);
    if (stdout != null) {
      pb.redirectOutput(stdout);
    }
    return pb;
  }

  /** The process's result; a process still running after two minutes is killed and fails. */
  static Cli.Result finish(Process p) throws Exception {
    CompletableFuture<byte[]> out = drain(p.getInputStream());
    CompletableFuture<byte[]> err = drain(p.getErrorStream());
    boolean exited = p.waitFor(120, TimeUnit.SECONDS);
    if (!exited) {
      p.destroyForcibly().waitFor();
    }
    assertThat(exited).as("tardy exited within two minutes").isTrue();
    return new Cli.Result(p.exitValue(), new String(out.get(), StandardCharsets.UTF_8),
        new String(err.get(), StandardCharsets.UTF_8));
  }

  private static CompletableFuture<byte[]> drain(java.io.InputStream in) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return in.readAllBytes();
      } catch (IOException e) {
        return new byte[0];
      }
    });
  }

  /**
   * Whether this process ignores SIGINT, as a job started in the background by a shell does: its
   * children inherit that, and a JVM that starts with SIGINT ignored never sees it.
   */
  private static boolean sigintIgnored() throws IOException {
    Path status = Path.of("/proc/self/status");
    if (!Files.isReadable(status)) {
      return false;
    }
    for (String line : Files.readAllLines(status)) {
      if (line.startsWith("SigIgn:")) {
        return (Long.parseLong(line.substring(7).trim(), 16) & (1L << 1)) != 0; // bit of signal 2
      }
    }
    return false;
  }

  @Test
  void devicesAndTheProcessesOwnStreamsAreWrittenIntoNotReplaced() {
    assertThat(AtomicOutput.direct(Path.of("/dev/null"))).isTrue();
    assertThat(AtomicOutput.direct(Path.of("/dev/stdout"))).isTrue();
    assertThat(AtomicOutput.direct(Path.of("/proc/self/fd/1"))).isTrue();
    assertThat(AtomicOutput.direct(Path.of("/tmp/report.json"))).isFalse();
    assertThat(AtomicOutput.direct(Path.of("/dev/shm/report.json"))).isFalse();
  }

  @Test
  void devNullStaysADevice(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    assumeTrue(Files.exists(Path.of("/dev/null")), "no /dev/null here");
    // as root, a regression would replace the machine's /dev/null: run it only where it cannot
    assumeTrue(!ROOT, "running as root: the --output /dev/null run is left to non-root CI");
    Cli.Result r = Cli.run("report", "--output", "/dev/null", write(dir, "a.log", LOG).toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(Files.isRegularFile(Path.of("/dev/null"))).isFalse();
  }

  @Test
  void devStdoutIsTheProcessesStandardOutput(@TempDir Path dir) throws Exception {
    assumeNginxFormats();
    assumeTrue(Files.exists(Path.of("/dev/stdout")), "no /dev/stdout here");
    Process p = tardy(null, "report", "--output", "/dev/stdout", write(dir, "a.log", LOG).toString())
        .start();
    Cli.Result r = finish(p);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("Latency\n").contains("lines = 11 parsed");
  }

  @Test
  void aFifoOutputStaysAFifo(@TempDir Path dir) throws Exception {
    assumeNginxFormats();
    assumeTrue(has("mkfifo"), "mkfifo is not available here");
    Path fifo = dir.resolve("out.fifo");
    assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
    CompletableFuture<String> read = CompletableFuture.supplyAsync(() -> {
      try {
        return Files.readString(fifo);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    Cli.Result r = Cli.run("report", "--format", "json", "--output", fifo.toString(),
        write(dir, "a.log", LOG).toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(read.get(60, TimeUnit.SECONDS)).startsWith("{").contains("\"schema\" : ");
    assertThat(Files.isRegularFile(fifo)).isFalse();
    assertThat(Files.exists(fifo)).isTrue();
  }

  @Test
  void aFullStandardOutputIsExitTwoWithOneLine(@TempDir Path dir) throws Exception {
    assumeNginxFormats();
    assumeTrue(Files.exists(Path.of("/dev/full")), "no /dev/full here: full-disk writes not tested");
    String log = write(dir, "a.log", LOG).toString();
    for (String format : new String[] {"table", "json", "csv", "html", "hgrm"}) {
      Cli.Result r = finish(tardy(new File("/dev/full"), "report", "--format", format, log).start());
      assertThat(r.code()).as(format + ": " + r.err()).isEqualTo(ExitCodes.USER_ERROR);
      assertThat(r.err()).as(format).isEqualTo(
          "tardy: standard output: cannot be written: No space left on device\n");
    }
  }

  @Test
  void aFullDiskNamesItsReasonForEveryFormat(@TempDir Path dir) throws Exception {
    assumeNginxFormats();
    assumeTrue(Files.exists(Path.of("/dev/full")), "no /dev/full here: full-disk writes not tested");
    String log = write(dir, "a.log", LOG).toString();
    for (String format : new String[] {"table", "json", "csv", "html", "hgrm"}) {
      Cli.Result r = Cli.run("report", "--format", format, "--output", "/dev/full", log);
      assertThat(r.code()).as(format + ": " + r.err()).isEqualTo(ExitCodes.USER_ERROR);
      assertThat(r.err()).as(format)
          .isEqualTo("tardy: /dev/full: cannot be written: No space left on device\n");
    }
  }

  @Test
  void aFullDiskNamesItsReasonForTheHlogToo(@TempDir Path dir) throws Exception {
    assumeTrue(Files.exists(Path.of("/dev/full")), "no /dev/full here: full-disk writes not tested");
    Path log = Files.writeString(dir.resolve("safepoint.log"), "[1.270s][info][safepoint] Safepoint"
        + " \"Cleanup\", Time since last: 29768433 ns, Reaching safepoint: 36467 ns,"
        + " At safepoint: 6345012 ns, Total: 6381479 ns\n");
    Cli.Result r = Cli.run("hlog", "--output", "/dev/full", log.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).endsWith("tardy: /dev/full: cannot be written: No space left on device\n");
  }

  @Test
  void aClosedStandardOutputIsExitTwo(@TempDir Path dir) throws Exception {
    assumeNginxFormats();
    assumeTrue(has("bash"), "bash is not available here");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder("bash", "-c", "'" + java + "' -cp \"$CP\" "
        + Tardy.class.getName() + " report '" + write(dir, "a.log", LOG) + "' >&-");
    pb.environment().put("CP", System.getProperty("java.class.path"));
    Cli.Result r = finish(pb.start());
    assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).startsWith("tardy: standard output: cannot be written: ").hasLineCount(1);
  }

  @Test
  void sigtermAndSigintLeaveNoTemporaryFileBehind(@TempDir Path dir) throws Exception {
    assumeNginxFormats();
    assumeTrue(has("mkfifo") && has("kill"), "mkfifo or kill is not available here");
    boolean intIgnored = sigintIgnored();
    for (String signal : intIgnored ? new String[] {"TERM"} : new String[] {"TERM", "INT"}) {
      Path fifo = dir.resolve("in.fifo");
      assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
      Path rejects = dir.resolve("rejects.txt");
      Process p = tardy(null, "report", "--log-format", "combined", "--rejects", rejects.toString(),
          fifo.toString()).start();
      try (OutputStream feed = Files.newOutputStream(fifo)) { // held open: tardy waits for more
        feed.write((LOG + "junk\n").getBytes(StandardCharsets.UTF_8));
        feed.flush();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (temporaries(dir).isEmpty() && System.nanoTime() < deadline) {
          Thread.sleep(50);
        }
        assertThat(temporaries(dir)).as("the temporary rejects file while reading").hasSize(1);
        assertThat(new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start()
            .waitFor()).isZero();
        Cli.Result r = finish(p);
        assertThat(r.err()).as(signal).contains("tardy: interrupted");
        assertThat(r.code()).as(signal).isNotZero();
      } catch (IOException brokenPipe) {
        // tardy is gone before the feed closed: what is left on disk is what counts
      }
      assertThat(temporaries(dir)).as(signal).isEmpty();
      assertThat(rejects).doesNotExist();
      Files.delete(fifo);
    }
    assumeFalse(intIgnored, "SIGINT is ignored in this environment (a background job): only"
        + " SIGTERM was tested");
  }

  private static List<Path> temporaries(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList();
    }
  }
  @Test
  void anInputIsNeverWrittenOver(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    Path log = write(dir, "a.log", LOG);
    Path link = Files.createSymbolicLink(dir.resolve("link.json"), log.getFileName());
    Path gc = Files.writeString(dir.resolve("safepoint.log"), "[1.270s][info][safepoint] Safepoint"
        + " \"Cleanup\", Time since last: 29768433 ns, Reaching safepoint: 36467 ns,"
        + " At safepoint: 6345012 ns, Total: 6381479 ns\n");
    Path sla = write(dir, "sla.yaml", "operations:\n  - name: Browse\n    request: GET /product/{id}\n"
        + "    category: instant\n");
    String[][] runs = {{"report", "--output", log.toString(), log.toString()},
        {"report", "--output", link.toString(), log.toString()},
        {"report", "--rejects", log.toString(), log.toString()},
        {"check", "--requirements", sla.toString(), "--output", log.toString(), log.toString()},
        {"hlog", "--output", gc.toString(), gc.toString()}};
    for (String[] args : runs) {
      Cli.Result r = Cli.run(args);
      String target = args[args.length - 2];
      assertThat(r.code()).as(String.join(" ", args)).isEqualTo(ExitCodes.USER_ERROR);
      assertThat(r.err()).isEqualTo("tardy: " + target + ": is also an input of this run: writing"
          + " it would replace that log; choose another file\n");
    }
    assertThat(Files.readString(log)).isEqualTo(LOG);
    assertThat(Files.readString(sla)).startsWith("operations:");
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(Files.readString(gc)).startsWith("[1.270s]");
  }

  @Test
  void outputAndRejectsNeverNameOneFile(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    String log = write(dir, "a.log", LOG + "not a request line\n").toString();
    Path both = write(dir, "both.txt", "kept\n");
    Path link = Files.createSymbolicLink(dir.resolve("link.txt"), both.getFileName());
    Path fresh = dir.resolve("fresh.txt"); // not there yet: still one file
    String[][] runs = {{"report", "--output", both.toString(), "--rejects", both.toString(), log},
        {"report", "--output", link.toString(), "--rejects", both.toString(), log},
        {"check", "--requirements", write(dir, "sla.yaml", "operations:\n  - name: Browse\n"
            + "    request: GET /product/{id}\n    category: instant\n").toString(),
            "--output", both.toString(), "--rejects", link.toString(), log},
        {"report", "--output", fresh.toString(), "--rejects", dir.resolve(".").resolve("fresh.txt")
            .toString(), log},
        {"hlog", "--output", both.toString(), "--rejects", both.toString(), log}};
    for (String[] args : runs) {
      Cli.Result r = Cli.run(args);
      String target = args[java.util.Arrays.asList(args).indexOf("--output") + 1];
      assertThat(r.code()).as(String.join(" ", args)).isEqualTo(ExitCodes.USER_ERROR);
      assertThat(r.err()).isEqualTo("tardy: " + target + ": named by both --output and --rejects:"
          + " one would replace the other; choose two files\n");
    }
    assertThat(Files.readString(both)).isEqualTo("kept\n");
    assertThat(fresh).doesNotExist();
    Cli.Result apart = Cli.run("report", "--output", dir.resolve("r.txt").toString(),
        "--rejects", dir.resolve("rejects.txt").toString(), log);
    assertThat(apart.code()).isZero();
    assertThat(Files.readString(dir.resolve("rejects.txt"))).contains("not a request line");
  }

  @Test
  void aSymbolicLinkStaysALinkEvenWhenItPointsNowhereYet(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    String log = write(dir, "a.log", LOG).toString();
    Path toNew = Files.createSymbolicLink(dir.resolve("new.json"), Path.of("reports", "r.json"));
    Files.createDirectory(dir.resolve("reports"));
    Path chain = Files.createSymbolicLink(dir.resolve("chain.json"), toNew.getFileName());
    Cli.Result r = Cli.run("report", "--output", chain.toString(), log);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(Files.isSymbolicLink(chain) && Files.isSymbolicLink(toNew)).isTrue();
    assertThat(Files.readString(dir.resolve("reports/r.json"))).startsWith("{");

    Path dangling = Files.createSymbolicLink(dir.resolve("gone.json"), dir.resolve("nowhere/r.json"));
    Cli.Result nowhere = Cli.run("report", "--output", dangling.toString(), log);
    assertThat(nowhere.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(nowhere.err()).isEqualTo("tardy: " + dangling + ": cannot be written: no such"
        + " directory " + dir.resolve("nowhere") + "\n");
    assertThat(Files.isSymbolicLink(dangling)).isTrue();

    Path loop = dir.resolve("loop.json");
    Files.createSymbolicLink(loop, Path.of("loop2.json"));
    Files.createSymbolicLink(dir.resolve("loop2.json"), loop.getFileName());
    Cli.Result looped = Cli.run("report", "--output", loop.toString(), log);
    assertThat(looped.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(looped.err()).isEqualTo("tardy: " + loop + ": cannot be written: too many levels"
        + " of symbolic links\n");
    assertThat(Files.isSymbolicLink(loop)).isTrue();
  }
}
