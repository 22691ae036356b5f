package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tardy compare} on two generated nginx logs: {@code GET /slow} is 30% slower after,
 * {@code GET /same} is drawn from one distribution on both sides, {@code GET /rare} has too few
 * requests for its tail. Counts and percentiles are checked against the values the test wrote.
 */
class CompareCliTest {

  @TempDir Path dir;
  private Path before;
  private Path after;
  private long[][] slowMillis = new long[2][];

  @BeforeEach
  void logs() throws IOException {
    SplittableRandom random = new SplittableRandom(30);
    before = dir.resolve("before.log");
    after = dir.resolve("after.log");
    write(before, random, 1.0, 0);
    write(after, random, 1.3, 1);
  }

  private void write(Path file, SplittableRandom random, double slowScale, int side)
      throws IOException {
    StringBuilder out = new StringBuilder();
    slowMillis[side] = new long[3000];
    for (int i = 0; i < 3000; i++) {
      long slow = Math.max(1, Math.round(Math.exp(3 + 0.5 * gaussian(random)) * slowScale));
      slowMillis[side][i] = slow;
      line(out, i, "/slow", slow);
      line(out, i, "/same", Math.max(1, Math.round(Math.exp(3 + 0.5 * gaussian(random)))));
      if (i % 100 == 0) {
        line(out, i, "/rare", 5 + random.nextInt(50));
      }
    }
    Files.writeString(file, out, StandardCharsets.UTF_8);
  }

  private static void line(StringBuilder out, int i, String path, long millis) {
    out.append(String.format(Locale.ROOT, "10.0.0.1 - - [04/Dec/2013:12:%02d:%02d +0000] \"GET %s"
        + " HTTP/1.1\" 200 512 \"-\" \"test\" %d.%03d%n", (i / 60) % 60, i % 60, path,
        millis / 1000, millis % 1000));
  }

  private static double gaussian(SplittableRandom random) {
    return Math.sqrt(-2 * Math.log(1 - random.nextDouble()))
        * Math.cos(2 * Math.PI * random.nextDouble());
  }

  /** The CSV's rows by "key percentile" (an operation on one side: "key"), its cells by column. */
  private java.util.Map<String, java.util.Map<String, String>> rows() {
    Cli.Result r = Cli.run("compare", "--format", "csv", "--before", before.toString(),
        "--after", after.toString());
    assertThat(r.code()).as(r.err()).isZero();
    String[] lines = r.out().split("\n");
    String[] header = lines[0].split(",");
    java.util.Map<String, java.util.Map<String, String>> out = new java.util.HashMap<>();
    for (int i = 1; i < lines.length; i++) {
      String[] cells = lines[i].split(",", -1);
      java.util.Map<String, String> row = new java.util.HashMap<>();
      for (int c = 0; c < header.length; c++) {
        row.put(header[c], cells[c]);
      }
      out.put((cells[1] + " " + cells[5]).strip(), row);
    }
    return out;
  }

  @Test
  void theSlowedOperationIsSlowerAndTheOtherIsNot() {
    var rows = rows();
    assertThat(rows.get("GET /slow 50").get("before_count")).isEqualTo("3000");
    assertThat(rows.get("GET /slow 50").get("after_count")).isEqualTo("3000");
    for (String p : new String[] {"50", "90"}) {
      assertThat(rows.get("GET /slow " + p).get("significance")).isEqualTo("slower");
    }
    // the percentiles shown are the logged values' (ms resolution, HdrHistogram's 3 digits)
    long[] sorted = slowMillis[1].clone();
    Arrays.sort(sorted);
    long exactP50 = sorted[(int) Math.ceil(0.5 * sorted.length) - 1] * 1_000_000L;
    assertThat((double) Long.parseLong(rows.get("GET /slow 50").get("after_ns")))
        .isCloseTo(exactP50, org.assertj.core.data.Percentage.withPercentage(0.1));
    for (String p : new String[] {"50", "90", "99", "99.9", "100"}) {
      assertThat(rows.get("GET /same " + p).get("significance"))
          .isIn("same", "insufficient", "untested");
    }
    assertThat(rows.get("GET /rare 99").get("significance")).isEqualTo("insufficient");
    assertThat(rows.get("GET /rare 99").get("p_value")).isEmpty();
    Cli.Result json = Cli.run("compare", "--format", "json", "--before", before.toString(),
        "--after", after.toString());
    assertThat(json.out()).contains("\"document\" : \"comparison\"",
        "\"significance\" : \"slower\"");
  }

  @Test
  void theGateFailsOnASignificantRegressionOverBudgetAndPassesWithin() throws IOException {
    Path tight = dir.resolve("tight.yaml");
    Files.writeString(tight, "regressions:\n  - operation: \"GET /*\"\n    budgets:\n"
        + "      p50: { max_increase: 10% }\n");
    Cli.Result failed = Cli.run("compare", "--requirements", tight.toString(), "--before",
        before.toString(), "--after", after.toString());
    assertThat(failed.code()).as(failed.err()).isEqualTo(ExitCodes.BUDGET_FAILED);
    assertThat(failed.out()).contains("FAIL  GET /slow  p50").contains("FAIL: 1 of 3 budgets failed");
    Path loose = dir.resolve("loose.yaml");
    Files.writeString(loose, "regressions:\n  - budgets:\n      p50: { max_increase: 50% }\n"
        + "      p90: { max_increase: 500ms }\n");
    Cli.Result passed = Cli.run("compare", "--requirements", loose.toString(), "--before",
        before.toString(), "--after", after.toString());
    assertThat(passed.code()).as(passed.err()).isZero();
    assertThat(passed.out()).contains("PASS: no budget failed");
  }

  @Test
  void aGateThatCanJudgeNothingDoesNotPass() throws IOException {
    Path rare = dir.resolve("rare.yaml");
    Files.writeString(rare, "regressions:\n  - operation: \"GET /rare\"\n    budgets:\n"
        + "      p99: { max_increase: 10% }\n");
    Cli.Result r = Cli.run("compare", "--requirements", rare.toString(), "--before",
        before.toString(), "--after", after.toString());
    assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).contains("nothing was judged");
    Path none = dir.resolve("none.yaml");
    Files.writeString(none, "regressions:\n  - operation: \"GET /nosuch\"\n    budgets:\n"
        + "      p50: { max_increase: 10% }\n");
    assertThat(Cli.run("compare", "--requirements", none.toString(), "--before",
        before.toString(), "--after", after.toString()).code()).isEqualTo(ExitCodes.USER_ERROR);
  }

  @Test
  void badBudgetsAndMissingSidesAreUsageErrors() throws IOException {
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(bad, "regressions:\n  - budgets:\n      max: { max_increase: 10% }\n"
        + "      p99: { max_increase: fast }\n");
    Cli.Result r = Cli.run("compare", "--requirements", bad.toString(), "--before",
        before.toString(), "--after", after.toString());
    assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).contains("'max': regression budgets are for p50, p90, p99 and p99.9")
        .contains("'fast' is not a duration");
    assertThat(Cli.run("compare", "--before", before.toString()).code())
        .isEqualTo(ExitCodes.USER_ERROR);
    assertThat(Cli.run("compare", "--before", before.toString(), "--after", "-").err())
        .contains("not standard input");
  }

  @Test
  void theSameBytesWhateverTheThreadsAndTheSplitOfOneLogSet() throws IOException {
    String one = Cli.run("compare", "--format", "csv", "--threads", "1", "--before",
        before.toString(), "--after", after.toString()).out();
    String four = Cli.run("compare", "--format", "csv", "--threads", "4", "--before",
        before.toString(), "--after", after.toString()).out();
    assertThat(one).isEqualTo(four).startsWith("family,key,presence,before_count");
    Path both = dir.resolve("both.log");
    Files.write(both, concatBytes(Files.readAllBytes(before), Files.readAllBytes(after)));
    // the after log's times repeat the before's: split at a time inside, each side is a mix
    Cli.Result split = Cli.run("compare", "--split", "2013-12-04T12:25:00Z", both.toString());
    assertThat(split.code()).as(split.err()).isZero();
    assertThat(split.out()).contains("GET /slow");
  }

  /** docs/compare.md's and the README's example, as they write it. */
  @Test
  void theDocumentedExampleRunsAsDocumented() throws IOException {
    Path root = Path.of("..").toAbsolutePath().normalize();
    String doc = Files.readString(root.resolve("docs/compare.md"));
    assertThat(doc).contains("--before samples/timeline/g1-time/access-combined.log")
        .contains("7 budgets judged, 3 insufficient");
    Cli.Result r = Cli.run("compare", "--requirements",
        root.resolve("samples/regressions.yaml").toString(), "--before",
        root.resolve("samples/timeline/g1-time/access-combined.log").toString(), "--after",
        root.resolve("samples/timeline/serial-utctime/access-combined.log").toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("PASS: no budget failed (7 judged, 3 insufficient)")
        .containsPattern("GET /admin/gc  10 → 10\\n(.*\\n)    p50 .*same \\(p=");
  }

  @Test
  void theHtmlPageDrawsBothSidesOfEveryOperationOnOneChart() throws IOException {
    Path page = dir.resolve("compare.html");
    Cli.Result r = Cli.run("compare", "-o", page.toString(), "--before", before.toString(),
        "--after", after.toString());
    assertThat(r.code()).as(r.err()).isZero();
    String html = Files.readString(page);
    // (total), GET /slow, GET /same, GET /rare: each on both sides
    assertThat(html.split("<path class=\"curve s0\"", -1)).hasSize(5);
    assertThat(html.split("<path class=\"curve s1\"", -1)).hasSize(5);
    assertThat(html).contains("<h2>Requests: GET /slow</h2>").doesNotContain("<script");
  }

  private static byte[] concatBytes(byte[] a, byte[] b) {
    byte[] all = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
