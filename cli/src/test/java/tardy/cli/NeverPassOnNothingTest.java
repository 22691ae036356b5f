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
    // a JVM log format applies to an access log only when named for it (GLOB=FORMAT)
    for (String format : new String[] {"nginx-json", "a.log=jvm-unified", "a.log=jdk8-gc",
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

  /**
   * A format --log-format named that reads no line of the input is an input error for report
   * too (it used to be a note under an exit 0); most lines malformed stays a note.
   */
  @Test
  void reportRefusesANamedFormatThatReadsNothingAndNotesMostLinesMalformed(@TempDir Path dir)
      throws IOException {
    assumeNginxFormats();
    Path log = write(dir, "a.log", LOG);
    for (String format : new String[] {"table", "json"}) {
      Cli.Result r = Cli.run("report", "--format", format, "--log-format", "nginx-json",
          log.toString());
      assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
      assertThat(r.out()).isEmpty();
      assertThat(r.err()).startsWith("tardy: " + log + ": no line was parsed as nginx-json");
    }
    Path half = write(dir, "b.log", LOG + "junk that is no request at all\n".repeat(12));
    Cli.Result r = Cli.run("report", "--log-format", "combined", half.toString());
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("Note: " + half + ": most lines are malformed (12 of 23");
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

  /** Requirements that judge only through 'unmatched', or only optional ones: they may see nothing. */
  static final String[] LENIENT = {
      "unmatched: { category: attention }\noperations: []\n",
      "operations:\n  - name: Browse\n    request: GET /product/{id}\n    category: instant\n"
          + "    optional: true\n",
      "unmatched: { category: slow }\noperations:\n  - name: Browse\n"
          + "    request: GET /product/{id}\n    category: instant\n    optional: true\n"};

  /**
   * A check that judged nothing does not pass, whatever made it judge nothing: a window that
   * left every line out, an empty log or empty standard input with a named format, or events that
   * met no requirement with a budget. Exit 2, the reason on stderr, no document, in every format.
   */
  @Test
  void aCheckThatJudgedNothingDoesNotPass(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    Path log = write(dir, "a.log", LOG);
    Path empty = write(dir, "empty.log", "");
    for (int i = 0; i < LENIENT.length; i++) {
      String sla = write(dir, "sla" + i + ".yaml", LENIENT[i]).toString();
      String[][] runs = {
          {"--to", "2000-01-01T00:00:00Z", log.toString()},
          {"--from", "2100-01-01T00:00:00Z", "--to", "2100-01-02T00:00:00Z", log.toString()},
          {"--log-format", "combined", empty.toString()},
          {"--log-format", "combined", "-"}};
      for (String[] run : runs) {
        for (String format : new String[] {"table", "json"}) {
          java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("check",
              "--requirements", sla, "--format", format));
          args.addAll(java.util.List.of(run));
          Cli.Result r = Cli.run(args.toArray(String[]::new));
          assertThat(r.code()).as(i + " " + args + ": " + r.err()).isEqualTo(ExitCodes.USER_ERROR);
          assertThat(r.out()).as(args.toString()).isEmpty();
          String input = run[run.length - 1];
          assertThat(r.err()).as(args.toString()).isEqualTo(run[0].equals("--log-format")
              ? "tardy: " + input + ": is empty: no lines to read\n"
              : "tardy: nothing was judged: --from/--to left out every request and pause (11"
                  + " lines outside it); a check that judges nothing does not pass\n");
        }
      }
    }
  }

  /** Events met only requirements without budgets: nothing judged, and said so. */
  @Test
  void eventsThatMetNoBudgetAreNoPass(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    Path log = write(dir, "a.log", LOG);
    String slow = write(dir, "slow.yaml", "operations:\n  - name: Browse\n"
        + "    request: GET /product/{id}\n    category: slow\n").toString();
    Cli.Result r = Cli.run("check", "--requirements", slow, log.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).isEqualTo("tardy: nothing was judged: none of the 11 requests and pauses"
        + " met a requirement with a budget; add 'unmatched: { category: … }' to judge the"
        + " others; a check that judges nothing does not pass\n");
    String unmatchedSlow = write(dir, "u.yaml", "unmatched: { category: slow }\noperations:\n"
        + "  - name: Export\n    request: GET /export\n    category: instant\n"
        + "    optional: true\n").toString();
    Cli.Result u = Cli.run("check", "--requirements", unmatchedSlow, log.toString());
    assertThat(u.code()).as(u.err()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(u.err()).isEqualTo("tardy: nothing was judged: none of the 11 requests and pauses"
        + " met a requirement with a budget; 'unmatched' is category slow, which sets no limit and"
        + " no budgets; a check that judges nothing does not pass\n");
    // 'unmatched' without budgets and no operation can never judge: refused before the read
    Path never = write(dir, "never.yaml", "unmatched: { category: slow }\noperations: []\n");
    Cli.Result n = Cli.run("check", "--requirements", never.toString(), "missing.log");
    assertThat(n.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(n.err()).startsWith("tardy: " + never + ":1:12: operations is empty and"
        + " 'unmatched' has no budget (category slow sets no limit and no budgets): nothing would"
        + " be judged");
  }

  /** A failure is a verdict of its own: a required operation that saw nothing still fails. */
  @Test
  void aRequiredOperationThatSawNothingStillFails(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    Path log = write(dir, "a.log", LOG);
    Cli.Result r = Cli.run("check", "--requirements", write(dir, "sla.yaml", SLA + "    optional:"
        + " false\n").toString(), "--to", "2000-01-01T00:00:00Z", log.toString());
    assertThat(r.code()).isEqualTo(ExitCodes.BUDGET_FAILED);
    assertThat(r.out()).endsWith("FAIL: 1 of 1 failed: Browse\n");
    // one optional requirement judged on events is enough to pass
    Cli.Result some = Cli.run("check", "--requirements", write(dir, "opt.yaml", LENIENT[1])
        .toString(), log.toString());
    assertThat(some.code()).as(some.err()).isZero();
    assertThat(some.out()).endsWith("PASS: no budget failed (1 judged)\n");
  }

  /** The same rule for the last window of --follow. */
  @Test
  void aFollowedWindowThatJudgedNothingDoesNotPass(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    Path sla = write(dir, "sla.yaml", "operations:\n  - name: Export\n    request: GET /export\n"
        + "    category: instant\n    optional: true\n");
    Cli.Result r = Cli.run(LOG.getBytes(java.nio.charset.StandardCharsets.UTF_8), "check",
        "--follow", "-", "--requirements", sla.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.BUDGET_FAILED);
    assertThat(r.err()).endsWith("FAIL: the last window judged nothing: none of the 11 requests"
        + " and pauses met a requirement with a budget; add 'unmatched: { category: … }' to judge"
        + " the others: nothing passed\n");
  }

  /**
   * Budgets that all had too few samples judged nothing either: "insufficient" never fails a
   * check, and never passes one alone. One budget judged on its samples is enough.
   */
  @Test
  void budgetsThatAllHadTooFewSamplesAreNoPass(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    Path log = write(dir, "a.log", LOG);
    String few = write(dir, "few.yaml", "operations:\n  - name: Browse\n"
        + "    request: GET /product/{id}\n    category: slow\n    budgets: { p99: 1s }\n")
        .toString();
    Cli.Result r = Cli.run("check", "--requirements", few, log.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).isEqualTo("tardy: nothing was judged: every budget had too few samples"
        + " (the most any requirement met: Browse, 10 events, where p99 needs 100); a check that"
        + " judges nothing does not pass\n");
    String enough = write(dir, "enough.yaml", "operations:\n  - name: Browse\n"
        + "    request: GET /product/{id}\n    category: slow\n"
        + "    budgets: { p50: 1s, p99: 1s }\n").toString();
    Cli.Result pass = Cli.run("check", "--requirements", enough, log.toString());
    assertThat(pass.code()).as(pass.err()).isZero();
    assertThat(pass.out()).contains("INSUFFICIENT").endsWith("PASS: no budget failed (1 judged)\n");
  }
}
