package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static tardy.cli.CheckCommandTest.LOG;
import static tardy.cli.CheckCommandTest.assumeNginxFormats;
import static tardy.cli.CheckCommandTest.line;
import static tardy.cli.CheckCommandTest.write;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A check never passes on nothing, and every output tells the same truth. */
class NeverPassOnNothingTest {

  static final String SLA = "operations:\n  - name: Browse\n    request: GET /product/{id}\n"
      + "    category: instant\n";

  @Test
  void aWrongLogFormatIsAnInputErrorNotAPass(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    Path sla = write(dir, "sla.yaml", SLA);
    Path log = write(dir, "a.log", LOG);
    for (String format : new String[] {"nginx-json", "jvm-unified", "jdk8-gc",
        "$remote_addr $status $request_time"}) {
      Cli.Result r = Cli.run("check", "--requirements", sla.toString(), "--log-format", format,
          log.toString());
      assertThat(r.code()).as(format).isEqualTo(ExitCodes.USER_ERROR);
      assertThat(r.err()).as(format).startsWith("tardy: " + log + ": no line was parsed as ")
          .contains("11 lines", "--log-format").doesNotContain("PASS");
      assertThat(r.out()).isEmpty();
    }
  }

  @Test
  void mostLinesMalformedIsAnInputError(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    String junk = "junk that is no request at all\n".repeat(12);
    Path log = write(dir, "a.log", LOG + junk);
    Cli.Result r = Cli.run("check", "--requirements", write(dir, "sla.yaml", SLA).toString(),
        "--log-format", "combined", log.toString());
    assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).startsWith("tardy: " + log + ": most lines are malformed (12 of 23");
  }

  @Test
  void reportSaysTheSameAsANote(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    Path log = write(dir, "a.log", LOG);
    Cli.Result r = Cli.run("report", "--log-format", "nginx-json", log.toString());
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("Note: " + log + ": no line was parsed as nginx-json");
    Cli.Result json = Cli.run("report", "--format", "json", "--log-format", "nginx-json",
        log.toString());
    assertThat(json.out()).contains(log + ": no line was parsed as nginx-json");
  }

  /**
   * A GC log whose event lines yield no pause says so in the notes of every output and, where
   * notes may go unread (JSON, a file), on stderr; a table on the terminal shows it as a note.
   */
  @Test
  void gcEventsThatYieldNoPauseAreSaidOnStderrAndInTheNotes(@TempDir Path dir) throws IOException {
    Path log = write(dir, "gc.log", "1.000: [GC (Allocation Failure) [PSYoungGen: 10K->1K(20K)] 10K->1K(30K)]\n"
        + "2.000: [Full GC (Ergonomics) [PSYoungGen: 10K->0K(20K)] 10K->1K(30K)]\n");
    Cli.Result json = Cli.run("report", "--format", "json", log.toString());
    assertThat(json.code()).isZero();
    String said = log + ": no line was parsed as jdk8-gc (2 lines: 2 malformed, 0 ignored; most often"
        + " malformed: GC event closed without a readable 'N secs'";
    assertThat(json.out()).contains("\"notes\" : [ \"" + said);
    assertThat(json.err()).startsWith("tardy: " + said);
    Cli.Result table = Cli.run("report", log.toString());
    assertThat(table.out()).contains("Note: " + said);
    assertThat(table.err()).isEmpty();
  }

  /** A rotated JDK 8 file the JVM had just begun holds its header only: read, with no event. */
  @Test
  void aJvmLogOfItsHeaderOnlyIsReadNotRefused(@TempDir Path dir) throws IOException {
    Path log = write(dir, "gc.log.3", "2019-01-31 20:17:42 GC log file created /var/log/gc.log.3\n"
        + "Java HotSpot(TM) 64-Bit Server VM (25.131-b11) for linux-amd64 JRE (1.8.0_131-b11), built on"
        + " Mar 15 2017 01:23:40 by \"java_re\" with gcc 4.3.0 20080428 (Red Hat 4.3.0-8)\n"
        + "Memory: 4k page, physical 16318756k(1402384k free), swap 0k(0k free)\n"
        + "CommandLine flags: -XX:+PrintGCDetails -XX:+PrintGCDateStamps -XX:+UseGCLogFileRotation\n");
    Cli.Result r = Cli.run("report", "--format", "json", log.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).contains("\"format\" : \"jdk8-gc\"", "JVM header only")
        .doesNotContain("no line was parsed");
  }

  @Test
  void aRequirementThatMatchesNothingFailsTheCheck(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    Path typo = write(dir, "sla.yaml", "operations:\n  - name: Browse\n    request: GET /prodcut/{id}\n"
        + "    category: instant\n");
    Cli.Result r = Cli.run("check", "--requirements", typo.toString(), write(dir, "a.log", LOG).toString());
    assertThat(r.code()).isEqualTo(ExitCodes.BUDGET_FAILED);
    assertThat(r.out()).contains("NO DATA", "1 requirement matches no request or pause: Browse")
        .endsWith("FAIL: 1 of 1 failed: Browse\n");

    Cli.Result json = Cli.run("check", "--requirements", typo.toString(), "--format", "json",
        dir.resolve("a.log").toString());
    assertThat(json.out()).contains("\"verdict\" : \"no_data\"").contains("\"verdict\" : \"fail\"");
  }

  @Test
  void aWindowThatHoldsNothingIsNoDataNotAWrongFormat(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    Cli.Result r = Cli.run("check", "--requirements", write(dir, "sla.yaml", SLA).toString(),
        "--to", "2000-01-01T00:00:00Z", write(dir, "a.log", LOG).toString());
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.BUDGET_FAILED);
    assertThat(r.err()).doesNotContain("--log-format");
    assertThat(r.out()).contains("NO DATA", "outside --from/--to: 11")
        .endsWith("FAIL: 1 of 1 failed: Browse\n");

    // a JVM log with uptime only: no pause has a place in the window, none is the format's fault
    String uptimeOnly = Path.of("../samples/timeline/parallel-uptime/jvm.log").toString();
    Cli.Result jvm = Cli.run("report", "--from", "2026-11-23T21:38:40Z", uptimeOnly);
    assertThat(jvm.code()).isZero();
    assertThat(jvm.out()).contains("no wall-clock time to place it in --from/--to: 206")
        .doesNotContain("no line was parsed");
  }

  @Test
  void aSlowRequirementWithoutBudgetsThatMatchesNothingFailsToo(@TempDir Path dir)
      throws IOException {
    assumeNginxFormats();
    Path sla = write(dir, "sla.yaml", "operations:\n  - name: Browse\n    request: GET /product/{id}\n"
        + "    category: instant\n  - name: Export\n    request: GET /export\n    category: slow\n");
    Cli.Result r = Cli.run("check", "--requirements", sla.toString(), write(dir, "a.log", LOG).toString());
    assertThat(r.code()).isEqualTo(ExitCodes.BUDGET_FAILED);
    assertThat(r.out()).contains("Export").endsWith("FAIL: 1 of 2 failed: Export\n");
  }

  @Test
  void anOptionalRequirementMayMatchNothing(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    Path sla = write(dir, "sla.yaml", SLA + "  - name: Export\n    request: GET /export\n"
        + "    category: instant\n    optional: true\n");
    Cli.Result r = Cli.run("check", "--requirements", sla.toString(), write(dir, "a.log", LOG).toString());
    assertThat(r.code()).isEqualTo(ExitCodes.OK);
    assertThat(r.out()).contains("NO DATA (optional)", "Export (optional)")
        .endsWith("PASS: no budget failed (2 judged)\n");
    Cli.Result json = Cli.run("check", "--requirements", sla.toString(), "--format", "json",
        dir.resolve("a.log").toString());
    assertThat(json.out()).contains("\"optional\" : true", "\"verdict\" : \"no_data\"");
  }

  @Test
  void optionalMustBeTrueOrFalse(@TempDir Path dir) throws IOException {
    Path sla = write(dir, "sla.yaml", SLA + "    optional: maybe\n");
    Cli.Result r = Cli.run("check", "--requirements", sla.toString(), "x.log");
    assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).isEqualTo("tardy: " + sla + ":5:15: optional: 'maybe' is not true or false\n");
  }

  @Test
  void noPercentileIsAboveTheMax(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    // 9.001 s lies low in its HdrHistogram bucket: the bucket's top is above it
    Path log = write(dir, "a.log", LOG + line("GET /other", 9.001) + "\n");
    Cli.Result r = Cli.run("report", "--format", "json", log.toString());
    Matcher m = Pattern.compile("\"max_ns\" : (\\d+),\\s*\"percentiles_ns\" : \\{([^}]*)}")
        .matcher(r.out());
    int groups = 0;
    while (m.find()) {
      groups++;
      long max = Long.parseLong(m.group(1));
      Matcher p = Pattern.compile("\"([0-9.]+)\" : (\\d+)").matcher(m.group(2));
      while (p.find()) {
        assertThat(Long.parseLong(p.group(2))).as(p.group(1)).isLessThanOrEqualTo(max);
        if (p.group(1).equals("100")) {
          assertThat(Long.parseLong(p.group(2))).isEqualTo(max);
        }
      }
    }
    assertThat(groups).isEqualTo(3); // (total), GET /product/{id}, GET /other
    assertThat(r.out()).contains("\"100\" : 9001000000");
    Cli.Result csv = Cli.run("report", "--format", "csv", log.toString());
    String[] rows = csv.out().split("\n");
    assertThat(rows[0]).contains(",p50_ns,p90_ns,p99_ns,p99.9_ns,p99.99_ns,max_ns,");
    for (int i = 1; i < rows.length; i++) {
      String[] cells = rows[i].split(",");
      long max = Long.parseLong(cells[10]);
      for (int c = 5; c < 10; c++) {
        assertThat(Long.parseLong(cells[c])).as(rows[i]).isLessThanOrEqualTo(max);
      }
    }
  }

  @Test
  void theOutputFileNamesItsFormat(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    Path log = write(dir, "a.log", LOG);
    Path html = dir.resolve("r.html");
    assertThat(Cli.run("report", "--output", html.toString(), log.toString()).code()).isZero();
    assertThat(Jsoup.parse(Files.readString(html)).select("table")).isNotEmpty();
    Path json = dir.resolve("r.JSON");
    assertThat(Cli.run("report", "-o", json.toString(), log.toString()).code()).isZero();
    assertThat(Files.readString(json)).startsWith("{").contains("\"schema\" : ");
    Path csv = dir.resolve("r.csv");
    assertThat(Cli.run("report", "-o", csv.toString(), log.toString()).code()).isZero();
    assertThat(Files.readString(csv)).startsWith("key,");
    Path forced = dir.resolve("r.html.txt");
    assertThat(Cli.run("report", "-o", forced.toString(), log.toString()).code()).isZero();
    assertThat(Files.readString(forced)).startsWith("Latency\n");
    Path explicit = dir.resolve("x.html");
    assertThat(Cli.run("report", "--format", "json", "-o", explicit.toString(), log.toString())
        .code()).isZero();
    assertThat(Files.readString(explicit)).startsWith("{");
  }

  @Test
  void checkWithAnOutputFileSaysItsVerdictOnStderr(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    Path out = dir.resolve("r.json");
    Cli.Result r = Cli.run("check", "--requirements", write(dir, "sla.yaml", SLA).toString(),
        "--output", out.toString(), write(dir, "a.log", LOG).toString());
    assertThat(r.code()).isZero();
    assertThat(r.err()).isEqualTo("PASS: no budget failed (1 judged)\n");
    assertThat(r.out()).isEmpty();
  }
}
