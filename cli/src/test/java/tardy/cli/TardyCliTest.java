package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI as a user meets it: exit codes, one-line errors, no stack traces, complete files. */
class TardyCliTest {

  /** A test resource as a file; copied out when it lives in another module's test jar. */
  static Path resource(String name) {
    try {
      java.net.URL url = TardyCliTest.class.getResource(name);
      if (url.getProtocol().equals("file")) {
        return Path.of(url.toURI());
      }
      Path copy = Files.createTempFile("tardy-test-", "-" + Path.of(name).getFileName());
      copy.toFile().deleteOnExit();
      try (var in = url.openStream()) {
        Files.copy(in, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
      return copy;
    } catch (URISyntaxException | IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static final Path NGINX = resource("/nginx-logs/combined.log");

  @Test
  void helpListsTheCommandsAndExitCodes() {
    Cli.Result r = Cli.run("--help");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("report", "formats", "Exit codes", "3     internal error", "141   ");
  }

  @Test
  void versionNamesTheTool() {
    Cli.Result r = Cli.run("--version");
    assertThat(r.code()).isZero();
    assertThat(r.out()).startsWith("tardy ");
  }

  @Test
  void reportOnARealNginxLog() {
    Cli.Result r = Cli.run("report", NGINX.toString());
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("GET /product/{id}", "(total)", "coordinated omission",
        "lines = 2,004 parsed + 0 ignored + 0 malformed");
    assertThat(r.err()).isEmpty();
  }

  @Test
  void missingFileIsOneLineAndExitTwo() {
    Cli.Result r = Cli.run("report", "/nonexistent/access.log");
    assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).isEqualTo("tardy: /nonexistent/access.log: no such file\n");
  }

  @Test
  void directoryIsRefused(@TempDir Path dir) {
    Cli.Result r = Cli.run("report", dir.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("tardy: " + dir + ": is a directory, not a log file\n");
  }

  @Test
  void unreadableFileIsRefused(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("secret.log"), "x\n");
    file.toFile().setReadable(false);
    org.junit.jupiter.api.Assumptions.assumeFalse(Files.isReadable(file), "running as root: every file is readable");
    Cli.Result r = Cli.run("report", file.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("tardy: " + file + ": permission denied\n");
  }

  @Test
  void unknownLogFormatNamesTheKnownOnes() {
    Cli.Result r = Cli.run("report", "--log-format", "apache", NGINX.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).startsWith("tardy: --log-format: unknown log format 'apache': not one of combined,")
        .endsWith("\n").hasLineCount(1);
  }

  @Test
  void inputNoFormatMatchesStopsAndNamesTheFormatsTried(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("notes.txt"), "hello\nworld\n");
    Cli.Result r = Cli.run("report", file.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).startsWith("tardy: " + file + ": no known log format matches its first lines (tried combined (none)")
        .contains("name one with --log-format").hasLineCount(1);
  }

  @Test
  void truncatedGzipReportsTheLinesReadBeforeTheDamage(@TempDir Path dir) throws IOException {
    byte[] whole = gzip(Files.readAllBytes(NGINX));
    Path cut = Files.write(dir.resolve("access.log.gz"), Arrays.copyOf(whole, whole.length * 2 / 3));
    Cli.Result r = Cli.run("report", cut.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).startsWith("tardy: " + cut + ": compressed data is truncated or corrupt")
        .contains("lines were read before the damage").hasLineCount(1);
  }

  @Test
  void gzipOnStandardInputIsReadInProcess() throws IOException {
    Cli.Result r = Cli.run(gzip(Files.readAllBytes(NGINX)), "report", "-");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("- (combined): 2,004 lines = 2,004 parsed");
  }

  @Test
  void outputIsWrittenWholeOrNotAtAll(@TempDir Path dir) throws IOException {
    Path out = dir.resolve("report.json");
    assertThat(Cli.run("report", "--format", "json", "--output", out.toString(), NGINX.toString()).code()).isZero();
    String first = Files.readString(out);
    assertThat(first).contains("\"schema\" : 2");
    Path plain = Files.createFile(dir.resolve("plain")); // what the umask gives any new file
    assertThat(Files.getPosixFilePermissions(out)).isEqualTo(Files.getPosixFilePermissions(plain));
    Files.delete(plain);
    Cli.Result failed = Cli.run("report", "--format", "json", "--output", out.toString(), "/nonexistent.log");
    assertThat(failed.code()).isEqualTo(2);
    assertThat(Files.readString(out)).isEqualTo(first);
    try (var files = Files.list(dir)) {
      assertThat(files).containsExactly(out);
    }
  }

  @Test
  void outputPathThatCannotBeWrittenIsAClearError() {
    Cli.Result r = Cli.run("report", "--output", "/nonexistent-dir/r.txt", NGINX.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("tardy: /nonexistent-dir/r.txt: cannot be written: no such directory /nonexistent-dir\n");
  }

  @Test
  void rejectsFileHoldsEveryMalformedLineWithItsNumber(@TempDir Path dir) throws IOException {
    Path log = dir.resolve("access.log");
    java.util.List<String> lines = new java.util.ArrayList<>(Files.readAllLines(NGINX).subList(0, 10));
    lines.add(4, "garbage that is no log line");
    lines.add("cut off 127.0.0.1 - - [");
    Files.writeString(log, String.join("\n", lines));
    Path rejects = dir.resolve("rejects.txt");
    Cli.Result r = Cli.run("report", "--rejects", rejects.toString(), log.toString());
    assertThat(r.code()).isZero();
    assertThat(Files.readAllLines(rejects)).hasSize(2)
        .anySatisfy(l -> assertThat(l).startsWith(log + ":5: ").endsWith(": garbage that is no log line"))
        .anySatisfy(l -> assertThat(l).startsWith(log + ":12: line cut off: "));
  }

  @Test
  void formatsListsAndDetects() {
    Cli.Result list = Cli.run("formats");
    assertThat(list.out()).contains("combined", "combined-upstream", "nginx-json", "jdk8-gc", "jvm-unified");
    Cli.Result detect = Cli.run("formats", NGINX.toString());
    assertThat(detect.out()).contains("detected as combined");
  }

  @Test
  void usageErrorsAreExitTwoWithAHint() {
    Cli.Result r = Cli.run("report");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("Missing required parameter", "Try 'tardy report --help'.");
  }

  static byte[] gzip(byte[] bytes) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(bytes);
    }
    return out.toByteArray();
  }

  @Test
  void anEmptyFileInARotatedSetIsCountedNotFatal(@TempDir Path dir) throws IOException {
    Files.copy(NGINX, dir.resolve("access.log.1"));
    Files.writeString(dir.resolve("access.log"), ""); // just rotated
    Cli.Result r = Cli.run("report", "--format", "json", dir + "/access.log*");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("\"source\" : \"" + dir + "/access.log\"", "\"lines\" : 0",
        "\"lines\" : 2004");
    Files.copy(dir.resolve("access.log"), dir.resolve("empty.log"));
    assertThat(Cli.run("report", dir + "/empty.log").err()).isEqualTo("tardy: " + dir + "/empty.log: is empty: no lines to read\n");
  }

  @Test
  void blankLinesAreIgnoredNotMalformed(@TempDir Path dir) throws IOException {
    List<String> lines = new java.util.ArrayList<>(Files.readAllLines(NGINX).subList(0, 3));
    lines.add(1, "   \t ");
    Path log = Files.write(dir.resolve("a.log"), lines);
    Cli.Result r = Cli.run("report", log.toString());
    assertThat(r.out()).contains("4 lines = 3 parsed + 1 ignored + 0 malformed", "empty line: 1 (line 2)");
  }

  @Test
  void damagedGzipOnStandardInputIsReportedLikeAFile() throws IOException {
    byte[] whole = gzip(Files.readAllBytes(NGINX));
    Cli.Result r = Cli.run(Arrays.copyOf(whole, whole.length * 2 / 3), "report", "-");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).startsWith("tardy: -: compressed data is truncated or corrupt")
        .contains("lines were read before the damage").hasLineCount(1);
  }

  @Test
  void theOutputIsCheckedBeforeAnyInputIsRead() {
    Cli.Result r = Cli.run("report", "--output", "/nonexistent-dir/r.json", "/nonexistent.log");
    assertThat(r.err()).isEqualTo("tardy: /nonexistent-dir/r.json: cannot be written: no such directory /nonexistent-dir\n");
  }

  @Test
  void optionsOutOfRangeAreUsageErrors() {
    assertThat(Cli.run("report", "--threads", "0", NGINX.toString()).err())
        .isEqualTo("tardy: --threads must be from 1 to 1024, not 0\n");
    assertThat(Cli.run("report", "--max-operations", "2000000000", NGINX.toString()).err())
        .startsWith("tardy: --max-operations must be from 1 to " + InputOptions.MAX_OPERATIONS_LIMIT
            + ", not 2000000000: more groups need more heap").hasLineCount(1);
    Cli.Result lines = Cli.run("report", "--max-line-bytes", "2147483647", NGINX.toString());
    assertThat(lines.code()).isEqualTo(2);
    assertThat(lines.err()).startsWith("tardy: --max-line-bytes must be from 1 to ");
  }

  /** The note on groups past the cap counts them in words: digits grouped, the verb agreeing. */
  @Test
  void theGroupsPastTheCapAreCountedInWords(@TempDir Path dir) throws IOException {
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < 1_450; i++) {
      // letters only, no two alike in a place: nothing for grouping to fold into one template
      String path = "/" + (char) ('a' + i % 26) + (char) ('a' + i / 26 % 26) + (char) ('a' + i / 676);
      lines.append("10.0.0.1 - - [08/Mar/2023:12:00:00 +0000] \"GET ").append(path)
          .append(" HTTP/1.1\" 200 5 \"-\" \"curl/8\" 0.00").append(1 + i % 9).append('\n');
    }
    Path log = Files.writeString(dir.resolve("access.log"), lines);
    assertThat(Cli.run("report", "--max-operations", "400", log.toString()).out())
        .contains("1,050 more groups were folded into (other) past the cap of 400 (--max-operations)");
    Path two = Files.writeString(dir.resolve("two.log"), lines.substring(0,
        lines.indexOf("\n", lines.indexOf("\n") + 1) + 1));
    assertThat(Cli.run("report", "--max-operations", "1", two.toString()).out())
        .contains("1 more group was folded into (other) past the cap of 1 (--max-operations)");
  }

  @Test
  void aLogWithNoEventsSaysSo(@TempDir Path dir) throws IOException {
    Path gcOnly = Files.writeString(dir.resolve("gc.log"),
        "[0.010s][info][gc] Using G1\n[0.020s][info][gc,init] Version: 17.0.15\n");
    Cli.Result r = Cli.run("report", "--log-format", "jvm-unified", gcOnly.toString());
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("Note: " + gcOnly + ": no line was parsed as jvm-unified (2 lines:"
        + " 0 malformed, 2 ignored; most often ignored: ");
  }

  @Test
  void hlogKeepsRejectsToo(@TempDir Path dir) throws IOException {
    Path log = dir.resolve("gc.log");
    Files.writeString(log, "[1.000s][info][safepoint] Safepoint \"Cleanup\", Time since last: 1 ns,"
        + " Reaching safepoint: 2 ns, At safepoint: 3 ns, Total: 5 ns\n"
        + "[2.000s][info][safepoint] Safepoint \"Cleanup\", Time since last: 1 ns, Total: x ns\n");
    Path rejects = dir.resolve("rejects.txt");
    Cli.Result r = Cli.run("hlog", "--rejects", rejects.toString(), "-o", dir.resolve("gc.hlog").toString(), log.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(Files.readAllLines(rejects)).singleElement().asString().startsWith(log + ":2: ");
  }

  @Test
  void upstreamListsAreCountedPerOperation() throws IOException {
    Path log = resource("/nginx-logs/combined-upstream.log");
    long lists = 0; // independently: the upstream field after the request time, split on its separators
    for (String line : Files.readAllLines(log, java.nio.charset.StandardCharsets.ISO_8859_1)) {
      String tail = line.substring(line.lastIndexOf("\" ") + 2);
      String upstream = tail.substring(tail.indexOf(' ') + 1);
      long parts = java.util.Arrays.stream(upstream.split(", | : ")).filter(p -> !p.equals("-")).count();
      lists += parts > 1 ? 1 : 0;
    }
    Cli.Result r = Cli.run("report", "--format", "json", log.toString());
    String total = r.out().substring(r.out().indexOf("\"key\" : \"(total)\""), r.out().indexOf("\"groups\""));
    assertThat(total).contains("\"upstream_lists\" : " + lists + ",");
    assertThat(lists).isGreaterThan(10);
  }
}
