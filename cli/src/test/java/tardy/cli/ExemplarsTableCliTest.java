package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report --exemplars}: under the tables, the slowest requests of each operation and of
 * all, checked against a plain sort of the generated lines (slower first, then by line), with the
 * id, status, end time and line each logged; the same bytes whatever the threads; the default
 * table unchanged; refused where there is nothing to list in a table.
 */
class ExemplarsTableCliTest {

  /** More than 4 of the planner's 4 MiB parts: 4 threads read it in 4 parts. */
  private static final int LINES = 130_000;
  private static final String[] OPERATIONS = {"GET /alpha", "GET /beta", "POST /gamma"};
  private static final long START_SECONDS = 1_795_000_000L; // 2026-11-18T07:46:40Z
  private static final DateTimeFormatter LOGGED =
      DateTimeFormatter.ofPattern("dd/MMM/uuuu:HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter SHOWN =
      DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss", Locale.ROOT);

  record Line(long number, String operation, long millis, int status, long endSeconds, String id) {}

  /** One row of the section, read from the right: name (first of its group only), then figures. */
  record Shown(String name, String latency, String ended, String status, String id, String at) {}

  @TempDir static Path dir;
  static Path log;
  static List<Line> lines = new ArrayList<>();

  /** An ingress-nginx upstreaminfo log ($req_id last), as the controller writes it by default. */
  @BeforeAll
  static void generate() throws IOException {
    log = dir.resolve("ingress.log");
    Random random = new Random(34);
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(log), 1 << 16)) {
      for (int n = 1; n <= LINES; n++) {
        // a rare operation with fewer requests than the list holds; ties are frequent
        String op = n % 40_000 == 0 ? "DELETE /rare" : OPERATIONS[random.nextInt(3)];
        long millis = random.nextInt(3_000);
        int status = random.nextInt(10) == 0 ? 503 : 200;
        long end = START_SECONDS + n / 100;
        String id = Long.toHexString(random.nextLong() | Long.MIN_VALUE)
            + Long.toHexString(random.nextLong() | Long.MIN_VALUE);
        lines.add(new Line(n, op, millis, status, end, id));
        String path = op.substring(op.indexOf(' ') + 1);
        String seconds = millis / 1000 + "." + String.format(Locale.ROOT, "%03d", millis % 1000);
        out.write(("10.0.0." + (n % 200) + " - - [" + LOGGED.format(Instant.ofEpochSecond(end))
            + " +0000] \"" + op.substring(0, op.indexOf(' ')) + " " + path + " HTTP/1.1\" "
            + status + " 12 \"-\" \"load/1.0\" 100 " + seconds
            + " [default-app-8080] [] 10.1.0.4:8080 12 " + seconds + " " + status + " " + id
            + "\n").getBytes(StandardCharsets.US_ASCII));
      }
    }
  }

  private static String report(String... more) {
    List<String> args = new ArrayList<>(List.of("report", log.toString()));
    args.addAll(List.of(more));
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertThat(r.code()).as(r.err()).isZero();
    return r.out();
  }

  /** The section's rows by the operation they list, in the order shown. */
  private static Map<String, List<Shown>> section(String table, String title) {
    int from = table.indexOf(title + "\n");
    assertThat(from).as(table).isGreaterThanOrEqualTo(0);
    String[] rows = table.substring(from).split("\n\n", 2)[0].split("\n");
    assertThat(rows[1]).startsWith("operation").contains("latency", "ended", "status",
        "request id", "at");
    Map<String, List<Shown>> out = new LinkedHashMap<>();
    String name = null;
    for (int i = 2; i < rows.length; i++) {
      String[] t = rows[i].trim().split(" +");
      int k = t.length;
      String first = String.join(" ", java.util.Arrays.copyOfRange(t, 0, k - 6));
      name = first.isEmpty() ? name : first;
      out.computeIfAbsent(name, n -> new ArrayList<>()).add(new Shown(name, t[k - 6],
          t[k - 5] + " " + t[k - 4], t[k - 3], t[k - 2], t[k - 1]));
    }
    return out;
  }

  /** The first five of a plain sort of these lines: slower first, then the earlier line. */
  private static List<Line> slowest(java.util.function.Predicate<Line> in) {
    return lines.stream().filter(in)
        .sorted(Comparator.comparingLong((Line l) -> -l.millis()).thenComparingLong(Line::number))
        .limit(5).toList();
  }

  private static void assertRows(String row, List<Shown> shown, List<Line> want, int hours) {
    assertThat(shown).as(row).hasSize(want.size());
    for (int i = 0; i < want.size(); i++) {
      Line l = want.get(i);
      Shown s = shown.get(i);
      assertThat(s.id()).as("%s #%d", row, i).isEqualTo(l.id());
      assertThat(s.at()).as("%s #%d", row, i).isEqualTo(log + ":" + l.number());
      assertThat(s.status()).as("%s #%d", row, i).isEqualTo(Integer.toString(l.status()));
      assertThat(s.ended()).as("%s #%d", row, i).isEqualTo(SHOWN.format(
          Instant.ofEpochSecond(l.endSeconds()).atOffset(ZoneOffset.ofHours(hours))));
      assertThat(s.latency()).as("%s #%d", row, i).isEqualTo(threeDigits(l.millis()));
    }
  }

  /** A whole number of milliseconds under 10 s to three significant digits, half up. */
  private static String threeDigits(long ms) {
    if (ms == 0) {
      return "<1ms"; // logged in milliseconds: 0 is under one
    }
    if (ms < 1000) {
      return ms + (ms < 10 ? ".00" : ms < 100 ? ".0" : "") + "ms";
    }
    long hundredths = (ms + 5) / 10;
    return hundredths / 100 + "." + (hundredths % 100 < 10 ? "0" : "") + hundredths % 100 + "s";
  }

  @Test
  void eachOperationsAndTheTotalsSlowestAreTheFirstFiveOfAPlainSort() {
    String table = report("--exemplars");
    Map<String, List<Shown>> shown = section(table, "Slowest requests (ended: UTC)");
    List<String> operations = new ArrayList<>(List.of(OPERATIONS));
    operations.add("DELETE /rare");
    for (String op : operations) { // the latency table's counts, against the lines'
      long count = lines.stream().filter(l -> l.operation().equals(op)).count();
      assertThat(table).containsPattern("(?m)^" + java.util.regex.Pattern.quote(op) + " +"
          + String.format(Locale.ROOT, "%,d", count) + " ");
    }
    List<String> rows = new ArrayList<>(operations);
    rows.add("(total)");
    assertThat(shown).containsOnlyKeys(rows.toArray(String[]::new));
    assertThat(new ArrayList<>(shown.keySet())).endsWith("(total)");
    for (String op : operations) {
      assertRows(op, shown.get(op), slowest(l -> l.operation().equals(op)), 0);
    }
    assertThat(shown.get("DELETE /rare")).hasSize(3); // fewer than five requests: all of them
    assertRows("(total)", shown.get("(total)"), slowest(l -> true), 0);
  }

  @Test
  void theSameBytesWhateverTheThreads() {
    String one = report("--exemplars", "--threads", "1");
    assertThat(report("--exemplars", "--threads", "2")).isEqualTo(one);
    assertThat(report("--exemplars", "--threads", "4")).isEqualTo(one);
  }

  @Test
  void withoutTheOptionTheTableIsTheSameAndTheSectionIsAllItAdds() {
    String plain = report();
    String with = report("--exemplars");
    assertThat(plain).doesNotContain("Slowest requests");
    int from = with.indexOf("Slowest requests");
    int to = with.indexOf("\n\n", from) + 2;
    assertThat(with.substring(0, from) + with.substring(to)).isEqualTo(plain);
  }

  @Test
  void endTimesInTheReportsZone() {
    Map<String, List<Shown>> shown = section(report("--exemplars", "--tz", "+02:00"),
        "Slowest requests (ended: +02:00)");
    assertRows("(total)", shown.get("(total)"), slowest(l -> true), 2);
  }

  @Test
  void refusedWhereATableHasNoneToList(@TempDir Path scratch) throws IOException {
    for (String format : List.of("json", "csv", "hgrm")) { // the page lists them too
      Cli.Result r = Cli.run("report", "--exemplars", "--format", format, log.toString());
      assertThat(r.code()).as(format).isEqualTo(2);
      assertThat(r.err()).as(format).startsWith("tardy: --exemplars lists the slowest requests in"
          + " the table or the HTML page: not with --format " + format).contains("(slowest)");
      assertThat(r.out()).isEmpty();
    }
    Cli.Result templates = Cli.run("report", "--exemplars", "--templates", log.toString());
    assertThat(templates.code()).isEqualTo(2);
    assertThat(templates.err()).contains("--exemplars cannot be used with --templates");

    // a histogram table keeps histograms, not requests
    Path table = scratch.resolve("table");
    Cli.Result written = Cli.run("report", "--table", table.toString(), log.toString());
    assertThat(written.code()).as(written.err()).isZero();
    Cli.Result fromTable = Cli.run("report", "--exemplars", table.toString());
    assertThat(fromTable.code()).isEqualTo(2);
    assertThat(fromTable.err()).contains("a histogram table keeps their histograms, not the"
        + " requests");

    // JVM logs hold no requests: known once read
    Cli.Result gc = Cli.run("report", "--exemplars", Path.of("..", "samples", "gc-g1-jdk17.log")
        .toString());
    assertThat(gc.code()).isEqualTo(2);
    assertThat(gc.err()).isEqualTo("tardy: --exemplars lists the slowest requests of access logs:"
        + " these inputs hold none\n");
  }

  @Test
  void aSavedResultListsThemAsItsLogsDid(@TempDir Path scratch) {
    Path saved = scratch.resolve("run.tardy");
    String fromLogs = report("--exemplars", "--save", saved.toString());
    Cli.Result r = Cli.run("report", "--exemplars", saved.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(section(r.out(), "Slowest requests (ended: UTC)"))
        .isEqualTo(section(fromLogs, "Slowest requests (ended: UTC)"));
  }
}
