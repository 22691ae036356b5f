package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.Corpus;

/**
 * A histogram table written by {@code report --table} and read back where logs go: the report's
 * latencies are the logs' byte for byte (table and JSON), by partition and with --where; the
 * numbers agree with a sort of the generated values; what a table cannot say is said on stderr;
 * what is no table, or a filter on nothing, is refused with exit 2.
 */
class TableInputCliTest {

  private static final Path SAMPLES = Path.of("..", "samples");
  private static final String[] OPERATIONS = {"GET /api/orders/7", "GET /api/orders/8",
      "POST /api/cart", "GET /static/app.js", "GET /search"};

  @TempDir Path dir;

  /** Latencies in ms per host and operation, the host's own speed and mix. */
  private final Map<String, Map<String, List<Long>>> generated = new TreeMap<>();

  /** A fleet of hosts × days, Hive's directories, nginx's combined format with $request_time. */
  private List<String> fleet(int hosts, int days) throws IOException {
    Random random = new Random(31);
    List<String> logs = new ArrayList<>();
    for (int d = 0; d < days; d++) {
      for (int h = 0; h < hosts; h++) {
        String host = "web-0" + h;
        Path log = dir.resolve("logs/dt=2026-11-2" + (5 + d) + "/host=" + host + "/access.log");
        Files.createDirectories(log.getParent());
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 400 + 150 * h; i++) {
          String op = OPERATIONS[random.nextInt(OPERATIONS.length - (h % 2))];
          long ms = 1 + (long) (Math.abs(random.nextGaussian()) * 40 * (h + 1))
              + (op.startsWith("POST") ? 200 : 0);
          generated.computeIfAbsent(host, k -> new TreeMap<>())
              .computeIfAbsent(op.replaceAll("/[0-9]+$", "/{id}"), k -> new ArrayList<>())
              .add(ms);
          String[] request = op.split(" ");
          lines.append("10.0.0.").append(h).append(" - - [2").append(5 + d)
              .append("/Nov/2026:10:").append(10 + i / 60 % 40).append(':')
              .append(10 + i % 50).append(" +0000] \"").append(request[0]).append(' ')
              .append(request[1]).append(" HTTP/1.1\" 200 512 \"-\" \"curl/8\" ")
              .append(ms / 1000).append('.').append(String.format(java.util.Locale.ROOT, "%03d",
                  ms % 1000)).append('\n');
        }
        Files.writeString(log, lines);
        logs.add(log.toString());
      }
    }
    return logs;
  }

  /** The table output's latency section: from its first line to the first blank one. */
  private static String latencySection(String table) {
    int end = table.indexOf("\n\n");
    return end < 0 ? table : table.substring(0, end);
  }

  /** What a table keeps of the JSON report: each group's and total's latencies. */
  @SuppressWarnings("unchecked")
  private static String latencies(String json) {
    Map<String, Object> doc = (Map<String, Object>) JsonLines.document(json);
    List<Object> kept = new ArrayList<>();
    List<Object> groups = new ArrayList<>((List<Object>) doc.get("groups"));
    Object totals = doc.get("totals");
    if (totals instanceof List<?> list) {
      groups.addAll(list);
    } else if (totals != null) {
      groups.add(totals);
    }
    for (Object g : groups) {
      Map<String, Object> group = (Map<String, Object>) g;
      Map<String, Object> latency = new LinkedHashMap<>();
      for (String key : List.of("key", "family", "count", "min_ns", "max_ns", "percentiles_ns")) {
        latency.put(key, group.get(key));
      }
      kept.add(latency);
    }
    return kept.toString();
  }

  /** report on the logs with --table, then on the table: the latencies alike, in both formats. */
  private Path sameLatencies(List<String> logs, String... options) {
    return sameLatencies(new String[] {"table", "json"}, logs, options);
  }

  private Path sameLatencies(String[] formats, List<String> logs, String... options) {
    Path table = dir.resolve("table-" + Math.abs(logs.hashCode()));
    for (String format : formats) {
      List<String> head = new ArrayList<>(List.of("report", "--format", format));
      head.addAll(Arrays.asList(options));
      Cli.Result direct = Cli.run(Cli.args(head, logs));
      assertThat(direct.code()).as(logs + " " + direct.err()).isZero();
      List<String> writing = new ArrayList<>(logs);
      writing.addAll(List.of("--table", table.toString()));
      Cli.Result written = Cli.run(Cli.args(head, writing));
      assertThat(written.code()).as(written.err()).isZero();
      assertThat(written.out()).as("--table changes nothing shown").isEqualTo(direct.out());
      Cli.Result read = Cli.run("report", "--format", format, table.toString());
      assertThat(read.code()).as(read.err()).isZero();
      assertThat(read.err()).contains("rolled up").contains(TableInput.NOT_IN_A_TABLE);
      if (format.equals("json")) {
        assertThat(latencies(read.out())).as(logs + " as JSON").isEqualTo(latencies(direct.out()));
      } else {
        assertThat(latencySection(read.out())).as(logs + " as a table")
            .isEqualTo(latencySection(direct.out()));
      }
    }
    return table;
  }

  @Test
  void aFleetsTableReportsAsItsLogsWholeAndByPartition() throws IOException {
    List<String> logs = fleet(3, 2);
    Path table = sameLatencies(logs);
    try (Stream<Path> files = Files.walk(table)) {
      assertThat(files.filter(f -> f.toString().endsWith(".parquet")).count())
          .as("a file per host and day").isEqualTo(6);
    }
    // one host, one day, one host on every day: as that host's logs read alone
    for (List<String> where : List.of(List.of("host=web-01"), List.of("dt=2026-11-26"),
        List.of("host=web-02", "dt=2026-11-25"))) {
      List<String> mine = logs.stream().filter(l -> where.stream()
          .allMatch(w -> l.contains("/" + w + "/"))).toList();
      Cli.Result direct = Cli.run(Cli.args(List.of("report", "--format", "json"), mine));
      List<String> read = new ArrayList<>(List.of("report", "--format", "json"));
      for (String w : where) {
        read.addAll(List.of("--where", w));
      }
      read.add(table.toString());
      Cli.Result filtered = Cli.run(read.toArray(String[]::new));
      assertThat(filtered.code()).as(filtered.err()).isZero();
      assertThat(latencies(filtered.out())).as(where.toString())
          .isEqualTo(latencies(direct.out()));
    }
  }

  /** The counts exact and each percentile within HdrHistogram's 0.1 % of a sort's, per host. */
  @Test
  void theTablesNumbersAreASortsNumbers() throws IOException {
    List<String> logs = fleet(2, 1);
    Path table = dir.resolve("t");
    assertThat(Cli.run(Cli.args(List.of("report", "--table", table.toString()), logs)).code())
        .isZero();
    for (Map.Entry<String, Map<String, List<Long>>> host : generated.entrySet()) {
      Cli.Result read = Cli.run("report", "--format", "json", "--where",
          "host=" + host.getKey(), table.toString());
      assertThat(read.code()).as(read.err()).isZero();
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> groups = (List<Map<String, Object>>)
          ((Map<String, Object>) JsonLines.document(read.out())).get("groups");
      assertThat(groups).hasSize(host.getValue().size());
      for (Map<String, Object> g : groups) {
        List<Long> values = new ArrayList<>(host.getValue().get((String) g.get("key")));
        values.sort(null);
        assertThat(((Number) g.get("count")).longValue()).isEqualTo(values.size());
        assertThat(((Number) g.get("max_ns")).longValue())
            .isEqualTo(values.get(values.size() - 1) * 1_000_000L);
        assertThat(((Number) g.get("min_ns")).longValue()).isEqualTo(values.get(0) * 1_000_000L);
        @SuppressWarnings("unchecked")
        Map<String, Object> p = (Map<String, Object>) g.get("percentiles_ns");
        for (String q : List.of("50", "90", "99")) {
          long rank = (long) Math.ceil(Double.parseDouble(q) / 100 * values.size());
          double exact = values.get((int) Math.max(rank, 1) - 1) * 1_000_000.0;
          assertThat(((Number) p.get(q)).doubleValue()).as(host.getKey() + " " + g.get("key")
              + " p" + q).isBetween(exact * 0.999, exact * 1.001);
        }
      }
    }
  }

  @Test
  void jvmLogsAndTheCorpusReportAsTheirLogs() throws IOException {
    sameLatencies(List.of(SAMPLES.resolve("gc-g1-jdk17.log").toString(),
        SAMPLES.resolve("safepoint-jdk17.log").toString()));
    int compared = 0;
    for (String kind : new String[] {"access", "jvm"}) {
      Path corpus = Corpus.require(kind);
      List<String> rows = Files.readAllLines(corpus.resolve("INDEX.tsv"));
      int mine = 0;
      for (int i = 1; i < rows.size() && mine < 5; i += 7) {
        Path log = corpus.resolve(rows.get(i).split("\t")[0]);
        if (!Files.isRegularFile(log) || Files.size(log) > 2 << 20) {
          continue; // the default build stays quick
        }
        Cli.Result direct = Cli.run("report", "--format", "json", log.toString());
        Path probe = dir.resolve("probe-" + i);
        if (direct.code() != 0 || Cli.run("report", "--table", probe.toString(), log.toString())
            .code() != 0 || !Files.isDirectory(probe) || Files.list(probe)
            .noneMatch(f -> f.getFileName().toString().contains("part-"))) {
          continue; // refused, or no group with a latency: other tests say why
        }
        sameLatencies(new String[] {"json"}, List.of(log.toString()));
        mine++;
      }
      compared += mine;
    }
    assertThat(compared).as("corpus logs compared").isGreaterThanOrEqualTo(6);
  }

  /** check on a table written by check: the same verdicts and exit code as on the logs. */
  @Test
  void checkJudgesATableAsItsLogs() {
    String requirements = SAMPLES.resolve("shop-requirements.yaml").toString();
    String log = SAMPLES.resolve("shop-access.log").toString();
    Path table = dir.resolve("checked");
    Cli.Result direct = Cli.run("check", "--requirements", requirements, log);
    Cli.Result writing = Cli.run("check", "--requirements", requirements, log, "--table",
        table.toString());
    Cli.Result read = Cli.run("check", "--requirements", requirements, table.toString());
    assertThat(direct.code()).isEqualTo(ExitCodes.BUDGET_FAILED);
    assertThat(writing.out()).isEqualTo(direct.out());
    assertThat(read.code()).as(read.err()).isEqualTo(direct.code());
    // the budgets alike; no apdex, since a table keeps no 5xx (said)
    assertThat(withoutApdex(read.out())).startsWith(withoutApdex(
        direct.out().substring(0, direct.out().indexOf("\n\n"))));
    assertThat(read.err()).contains("so no apdex: its 5xx cannot be counted");
    assertThat(read.out()).as("no apdex without statuses").doesNotContainPattern("(?m)^ +apdex ");
    assertThat(read.out()).contains("FAIL: 3 of 5 failed");
  }

  private static String withoutApdex(String table) {
    return table.replaceAll("(?m)^ +apdex .*\n", "");
  }

  /** compare of two slices of one table: the comparison of the two days' logs. */
  @Test
  void compareTakesTwoSlicesOfATable() throws IOException {
    List<String> logs = fleet(2, 2);
    Path table = dir.resolve("days");
    assertThat(Cli.run(Cli.args(List.of("report", "--table", table.toString()), logs)).code())
        .isZero();
    List<String> direct = new ArrayList<>(List.of("compare", "--before"));
    direct.addAll(logs.stream().filter(l -> l.contains("dt=2026-11-25")).toList());
    direct.add("--after");
    direct.addAll(logs.stream().filter(l -> l.contains("dt=2026-11-26")).toList());
    Cli.Result fromLogs = Cli.run(direct.toArray(String[]::new));
    Cli.Result fromTable = Cli.run("compare", "--before", table.toString(), "--before-where",
        "dt=2026-11-25", "--after", table.toString(), "--after-where", "dt=2026-11-26");
    assertThat(fromTable.code()).as(fromTable.err()).isEqualTo(fromLogs.code()).isZero();
    // past the two lines that name each side's inputs (a table has no lines to count)
    assertThat(latencySection(fromTable.out()).lines().skip(2).toList())
        .isEqualTo(latencySection(fromLogs.out()).lines().skip(2).toList());
    assertThat(fromTable.err()).contains("--before ").contains("--after ")
        .contains(TableInput.NOT_IN_A_TABLE);
    // each side says what it read: the table, its slice, its rows and partitions (2 hosts a day)
    assertThat(fromTable.out().lines().limit(2).toList()).containsExactly(
        "before: histogram table " + table + " --where dt=2026-11-25: "
            + rowsOf(table, "dt=2026-11-25") + " rows of 2 partitions",
        "after:  histogram table " + table + " --where dt=2026-11-26: "
            + rowsOf(table, "dt=2026-11-26") + " rows of 2 partitions");
    Cli.Result json = Cli.run("compare", "--format", "json", "--before", table.toString(),
        "--before-where", "dt=2026-11-25", "--after", table.toString(), "--after-where",
        "dt=2026-11-26");
    assertThat(json.out()).contains("\"where\" : [ \"dt=2026-11-26\" ]")
        .contains("\"partitions\" : 2");
    Cli.Result mixed = Cli.run(Cli.args(List.of("compare", "--before", table.toString(), "--after"),
        logs));
    assertThat(mixed.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(mixed.err()).contains("a side is a table too");
  }

  /** The rows of one day, counted as the report of it says: one per operation and host. */
  private static long rowsOf(Path table, String day) {
    Cli.Result r = Cli.run("report", "--format", "json", "--where", day, table.toString());
    java.util.regex.Matcher m = java.util.regex.Pattern.compile(": (\\d+) rows of")
        .matcher(r.err());
    assertThat(m.find()).as(r.err()).isTrue();
    return Long.parseLong(m.group(1));
  }

  /** Writing a partition again replaces it only, with the same bytes. */
  @Test
  void writingAPartitionAgainReplacesThatPartitionOnly() throws IOException {
    List<String> logs = fleet(2, 2);
    Path table = dir.resolve("again");
    assertThat(Cli.run(Cli.args(List.of("report", "--table", table.toString()), logs)).code())
        .isZero();
    Map<String, byte[]> before = files(table);
    // one day's logs again, and the other day's changed: only that day's files change
    String day = "dt=2026-11-26";
    List<String> oneDay = logs.stream().filter(l -> l.contains(day)).toList();
    assertThat(Cli.run(Cli.args(List.of("report", "--table", table.toString()), oneDay)).code())
        .isZero();
    assertThat(files(table)).usingRecursiveComparison().isEqualTo(before);
    Files.writeString(Path.of(oneDay.get(0)), Files.readString(Path.of(oneDay.get(0)))
        .replace("HTTP/1.1\" 200 512 \"-\" \"curl/8\" 0.0", "HTTP/1.1\" 200 512 \"-\" \"curl/8\" 1.0"));
    assertThat(Cli.run(Cli.args(List.of("report", "--table", table.toString()), oneDay)).code())
        .isZero();
    Map<String, byte[]> after = files(table);
    assertThat(after.keySet()).isEqualTo(before.keySet());
    for (String f : after.keySet()) {
      assertThat(Arrays.equals(after.get(f), before.get(f))).as(f)
          .isEqualTo(!f.contains(day) || !f.contains("web-00"));
    }
  }

  private static Map<String, byte[]> files(Path table) throws IOException {
    Map<String, byte[]> files = new TreeMap<>();
    try (Stream<Path> all = Files.walk(table)) {
      for (Path f : all.filter(Files::isRegularFile).toList()) {
        files.put(table.relativize(f).toString(), Files.readAllBytes(f));
      }
    }
    return files;
  }

  @Test
  void whatIsNoTableOrMatchesNothingIsRefused() throws IOException {
    List<String> logs = fleet(2, 1);
    Path table = dir.resolve("refusals");
    assertThat(Cli.run(Cli.args(List.of("report", "--table", table.toString()), logs)).code())
        .isZero();
    Cli.Result none = Cli.run("check", "--requirements",
        SAMPLES.resolve("shop-requirements.yaml").toString(), "--where", "host=web-09",
        table.toString());
    assertThat(none.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(none.err()).isEqualTo("tardy: no rows match --where host=web-09 in " + table
        + "; columns: dt, host, family, name; host has web-00, web-01\n");
    Cli.Result column = Cli.run("report", "--where", "region=eu", table.toString());
    assertThat(column.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(column.err()).isEqualTo("tardy: --where region=eu: the table has no column"
        + " 'region' to filter on; columns: dt, host, family, name\n");
    Path empty = Files.createDirectories(dir.resolve("not-a-table"));
    Files.writeString(empty.resolve("notes.txt"), "hello\n");
    Cli.Result notTable = Cli.run("report", "--where", "host=a", empty.toString());
    assertThat(notTable.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(notTable.err()).startsWith("tardy: " + empty + ": not a histogram table");
    Cli.Result withLogs = Cli.run(Cli.args(List.of("report", table.toString()), logs));
    assertThat(withLogs.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(withLogs.err()).contains("a histogram table is read alone");
    Cli.Result interval = Cli.run("report", "--interval", "1m", table.toString());
    assertThat(interval.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(interval.err()).contains("has no rows per interval");
    Cli.Result window = Cli.run("report", "--from", "2026-11-25T10:20:00Z", table.toString());
    assertThat(window.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(window.err()).contains("--from/--to cannot change it");
    // a table of another version: its files' footer names version 3
    Path later = dir.resolve("later");
    Files.createDirectories(later);
    Path file;
    try (Stream<Path> all = Files.walk(table)) {
      file = all.filter(f -> f.toString().endsWith(".parquet")).findFirst().orElseThrow();
    }
    byte[] bytes = Files.readAllBytes(file);
    String text = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
    int at = text.indexOf("\"tardy_table_version\":1");
    assertThat(at).isPositive();
    bytes[at + "\"tardy_table_version\":".length()] = '3';
    Files.write(later.resolve("part-0.parquet"), bytes);
    Cli.Result version = Cli.run("report", later.toString());
    assertThat(version.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(version.err()).contains("a histogram table of schema version 3; this tardy reads"
        + " versions 1 and 2: read it with a later tardy");
  }
}
