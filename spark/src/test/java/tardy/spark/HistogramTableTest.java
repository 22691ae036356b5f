package tardy.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static tardy.spark.TableRollUp.fromCsv;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.record.table.TableRow;
import tardy.run.Driver;
import tardy.spark.table.TableOutput;
import tardy.spark.table.TardyFunctions;
import tardy.table.TableException;
import tardy.table.TableReader;

/**
 * The histogram table written by the job ({@code local[2]}), rolled up with {@code tardy_merge}
 * and {@code tardy_percentile}: by any column it gives the command line's counts and
 * percentiles on the same logs, and a sort of the generated latencies agrees. A generated fleet
 * (hosts × days, each host with its own mix and speed) and real JVM logs of the corpus.
 */
class HistogramTableTest {

  private static final String[] HOSTS = {"web-01", "web-02", "web-03", "web-04"};
  private static final String[] DAYS = {"2026-11-25", "2026-11-26"};
  private static final String[] ROUTES = {"GET /api/users", "POST /api/cart",
      "GET /static/app.js", "GET /health", "GET /api/reports"};
  private static final long DAY_MS = 86_400_000L;
  private static final long FIRST_DAY = 1_795_564_800_000L; // 2026-11-25T00:00Z

  private static SparkSession spark;
  private static JavaSparkContext sc;

  @TempDir static Path dir;

  /** Every generated latency (ms), by host, day and operation: for the independent sort. */
  private static final Map<String, List<Long>> LATENCIES = new HashMap<>();

  @BeforeAll
  static void start() throws IOException {
    spark = SparkSession.builder().master("local[2]").appName("tardy-table-test")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate();
    sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    sc.setLogLevel("WARN");
    TardyFunctions.register(spark);
    for (int h = 0; h < HOSTS.length; h++) {
      for (int d = 0; d < DAYS.length; d++) {
        generate(fleetFile(DAYS[d], HOSTS[h]), h, d, 1_200 + 300 * h, LATENCIES);
      }
    }
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  private static Path fleetFile(String day, String host) throws IOException {
    Path d = dir.resolve("fleet").resolve("dt=" + day).resolve("host=" + host);
    Files.createDirectories(d);
    return d.resolve("access.log");
  }

  private static String[] fleet() throws IOException {
    try (Stream<Path> files = Files.walk(dir.resolve("fleet"))) {
      return files.filter(p -> p.getFileName().toString().equals("access.log"))
          .map(Path::toString).sorted().toArray(String[]::new);
    }
  }

  private static Driver job(Path table, String... rules) {
    return new SparkDriver(() -> sc).withPartBytes(64 << 10)
        .withTable(new TableOutput(table.toString(), List.of(rules)));
  }

  private static CommandRun cli(String... args) {
    CommandRun run = CommandRun.of(Driver.LOCAL, args);
    assertThat(run.code()).as(run.err()).isZero();
    return run;
  }

  private static String[] args(List<String> head, String... inputs) {
    List<String> all = new ArrayList<>(head);
    all.addAll(List.of(inputs));
    return all.toArray(new String[0]);
  }

  /** Per (family, operation): count, p50, p90, p99, p99.9, max in ns, as the table rolls up. */
  private static Map<String, List<Long>> rollUp(Path table, String where) {
    return rollUp(table, where, "");
  }

  /** The same per value of {@code by} (a column): its value, a space, then the key. */
  private static Map<String, List<Long>> rollUp(Path table, String where, String by) {
    spark.read().parquet(table.toString()).createOrReplaceTempView("latency");
    String first = by.isEmpty() ? "''" : "CAST(" + by + " AS STRING)";
    String q = "least(tardy_percentile(tardy_merge(hdr), %s), max(max_ns))";
    List<Row> rows = spark.sql("SELECT family, name, sum(count), "
        + String.format(Locale.ROOT, q, "50") + ", " + String.format(Locale.ROOT, q, "90") + ", "
        + String.format(Locale.ROOT, q, "99") + ", " + String.format(Locale.ROOT, q, "99.9")
        + ", max(max_ns), " + first + " FROM latency " + where + " GROUP BY family, name"
        + (by.isEmpty() ? "" : ", " + by)).collectAsList();
    Map<String, List<Long>> out = new TreeMap<>();
    for (Row r : rows) {
      String prefix = by.isEmpty() ? "" : r.getString(8) + " ";
      out.put(prefix + r.getString(0) + " " + r.getString(1), List.of(r.getLong(2), r.getLong(3),
          r.getLong(4), r.getLong(5), r.getLong(6), r.getLong(7)));
    }
    return out;
  }

  /**
   * With --interval (a row per partition, group and interval): rolled up by host, by day or whole
   * they are the command line's numbers on those logs, per interval its rows per interval and
   * each interval's (total); a sort of the generated values agrees.
   */
  @Test
  void rollingUpByAnyColumnGivesTheCommandLinesNumbers() throws IOException {
    Path table = dir.resolve("table-rollup");
    String[] fleet = fleet();
    List<String> report = List.of("report", "--format", "csv", "--interval", "10m");
    CommandRun there = CommandRun.of(job(table), args(report, fleet));
    assertThat(there.code()).as(there.err()).isZero();
    CommandRun here = cli(args(report, fleet));
    assertThat(there.out()).as("the table changes nothing the command prints").isEqualTo(here.out());

    Map<String, List<Long>> whole = fromCsv(here.out());
    assertThat(whole).hasSize(ROUTES.length);
    assertThat(rollUp(table, "")).as("the whole fleet").isEqualTo(whole);
    assertIntervalsAsTheCommandLines(table, here.out());
    Map<String, List<Long>> byHost = new TreeMap<>();
    for (String host : HOSTS) {
      String[] files = Stream.of(fleet).filter(f -> f.contains("host=" + host + "/"))
          .toArray(String[]::new);
      fromCsv(cli(args(report, files)).out()).forEach((k, v) -> byHost.put(host + " " + k, v));
    }
    assertThat(rollUp(table, "", "host")).as("by host").isEqualTo(byHost);
    String[] day = Stream.of(fleet).filter(f -> f.contains("dt=" + DAYS[1] + "/"))
        .toArray(String[]::new);
    assertThat(rollUp(table, "WHERE dt = '" + DAYS[1] + "'")).as("one day")
        .isEqualTo(fromCsv(cli(args(report, day)).out()));

    // and a sort of the generated values: exact counts, percentiles within HdrHistogram's bucket
    for (String route : ROUTES) {
      List<Long> ms = new ArrayList<>();
      LATENCIES.forEach((key, values) -> {
        if (key.endsWith("|" + route)) {
          ms.addAll(values);
        }
      });
      ms.sort(null);
      List<Long> rolled = rollUp(table, "").get("request " + route);
      assertThat(rolled.get(0)).as(route).isEqualTo(ms.size());
      double[] qs = {50, 90, 99, 99.9};
      for (int k = 0; k < qs.length; k++) {
        long exact = ms.get((int) Math.ceil(qs[k] / 100 * ms.size()) - 1) * 1_000_000L;
        assertThat(rolled.get(k + 1)).as("%s p%s", route, qs[k])
            .isBetween(exact, exact + exact / 1024);
      }
      assertThat(rolled.get(5)).as(route + " max").isEqualTo(ms.get(ms.size() - 1) * 1_000_000L);
    }
  }

  private static void assertIntervalsAsTheCommandLines(Path table, String csv) {
    Map<String, List<Long>> perInterval = new TreeMap<>(fromCsv(csv, true));
    Map<String, List<Long>> totals = new TreeMap<>();
    perInterval.keySet().removeIf(k -> k.endsWith(" (total)")
        && totals.put(k.substring(0, k.indexOf(' ')), perInterval.get(k)) == null);
    assertThat(perInterval).hasSizeGreaterThan(4 * ROUTES.length);
    assertThat(rollUp(table, "", "CAST(unix_millis(interval_start) AS STRING)"))
        .isEqualTo(perInterval);
    String q = "least(tardy_percentile(tardy_merge(hdr), %s), max(max_ns))";
    Map<String, List<Long>> rolled = new TreeMap<>();
    for (Row r : spark.sql("SELECT CAST(unix_millis(interval_start) AS STRING), sum(count), "
        + String.format(Locale.ROOT, q, "50") + ", " + String.format(Locale.ROOT, q, "90") + ", "
        + String.format(Locale.ROOT, q, "99") + ", " + String.format(Locale.ROOT, q, "99.9")
        + ", max(max_ns) FROM latency GROUP BY interval_start").collectAsList()) {
      rolled.put(r.getString(0), List.of(r.getLong(1), r.getLong(2), r.getLong(3), r.getLong(4),
          r.getLong(5), r.getLong(6)));
    }
    assertThat(rolled).as("every operation of an interval: its (total)").isEqualTo(totals);
  }

  /**
   * With a cap, every partition keeps the groups the whole fleet keeps: hosts whose own top
   * operations differ still add up to the fleet's rows and its (other).
   */
  @Test
  void theCapAndOtherAreTheWholeFleetsInEveryPartition() throws IOException {
    Path table = dir.resolve("table-cap");
    List<String> report = List.of("report", "--format", "csv", "--max-operations", "2");
    CommandRun there = CommandRun.of(job(table), args(report, fleet()));
    assertThat(there.code()).as(there.err()).isZero();
    Map<String, List<Long>> whole = fromCsv(cli(args(report, fleet())).out());
    assertThat(whole).containsKey("request (other)").hasSize(3);
    assertThat(rollUp(table, "")).isEqualTo(whole);
    List<Row> names = spark.sql("SELECT DISTINCT name FROM latency").collectAsList();
    assertThat(names).extracting(r -> "request " + r.getString(0))
        .containsExactlyInAnyOrderElementsOf(whole.keySet());
  }

  /** Writing a partition again replaces it, and it only; the same inputs twice, the same table. */
  /**
   * The command line's {@code --table} writes the job's rows (partitions, counts, percentiles and
   * the histograms' bytes), whole-run and per interval; and the command line reads the job's
   * table (Spark's snappy pages, its INT96 times) to the report it reads its own table to.
   */
  /**
   * The fleet view is made by the command line from a table: the job's table of the logs gives
   * the same view, byte for byte, as the command line's table of the same logs, by host and by
   * day, with and without budgets; and it is the view of the generated fleet (the host with the
   * slowest requests first, its failed budget counted as a sort counts it).
   */
  @Test
  @SuppressWarnings("unchecked")
  void theJobsTableGivesTheCommandLinesFleetView() throws IOException {
    Path byJob = dir.resolve("fleet-job");
    Path byCli = dir.resolve("fleet-cli");
    CommandRun run = CommandRun.of(job(byJob), args(List.of("report"), fleet()));
    assertThat(run.code()).as(run.err()).isZero();
    cli(args(List.of("report", "--table", byCli.toString()), fleet()));
    Path requirements = dir.resolve("fleet-requirements.yaml");
    long limitMs = 900;
    Files.writeString(requirements, """
        version: 1
        operations:
          - name: Users
            request: GET /api/users
            category: slow
            budgets: { p90: %dms }
        """.formatted(limitMs));
    for (List<String> view : List.of(List.of("--fleet", "host"), List.of("--fleet", "dt"),
        List.of("--fleet", "host", "--requirements", requirements.toString()))) {
      List<String> head = new ArrayList<>(List.of("report", "--format", "json"));
      head.addAll(view);
      String job = cli(args(head, byJob.toString())).out();
      assertThat(job).as(view.toString()).contains("\"fleet\"")
          .isEqualTo(cli(args(head, byCli.toString())).out());
    }
    Map<String, Object> fleet = (Map<String, Object>) new com.fasterxml.jackson.databind
        .ObjectMapper().readValue(cli("report", "--format", "json", "--fleet", "host",
            "--requirements", requirements.toString(), byJob.toString()).out(), Map.class)
        .get("fleet");
    List<Map<String, Object>> hosts = (List<Map<String, Object>>) fleet.get("hosts");
    assertThat(hosts).extracting(h -> h.get("value")).hasSize(HOSTS.length)
        .as("the slowest host first: each host's latencies are (1 + 0.5 × its number) × one law")
        .first().isEqualTo("web-04");
    List<String> failing = new ArrayList<>();
    for (String host : HOSTS) {
      List<Long> users = new ArrayList<>();
      for (int d = 0; d < DAYS.length; d++) {
        users.addAll(LATENCIES.getOrDefault(host + "|" + d + "|GET /api/users", List.of()));
      }
      users.sort(null);
      long p90 = users.get((int) Math.ceil(0.9 * users.size()) - 1);
      if (p90 * 1000 > limitMs * 1001) {
        failing.add(host + " " + users.size());
      }
    }
    assertThat(failing).as("the fixture: some hosts fail, not all").isNotEmpty()
        .hasSizeLessThan(HOSTS.length);
    assertThat((List<Map<String, Object>>) fleet.get("failures"))
        .extracting(f -> f.get("value") + " " + f.get("count"))
        .containsExactlyInAnyOrderElementsOf(failing);
  }

  /**
   * Written with an objective, the job's rows carry its good and bad requests per minute, as the
   * command line's do (the same rows), and {@code check} judges the error budget from the job's
   * table as from the logs, on the fleet and on one host.
   */
  @Test
  void theJobsTableCountsObjectivesAsTheCommandLines() throws Exception {
    Path requirements = dir.resolve("slo-requirements.yaml");
    Files.writeString(requirements, """
        version: 1
        operations:
          - name: Users
            request: GET /api/users
            category: slow
            slo: { under: 400ms, target: 99%, window: 30d }
        """);
    Path byJob = dir.resolve("slo-job");
    Path byCli = dir.resolve("slo-cli");
    List<String> writing = List.of("report", "--requirements", requirements.toString());
    CommandRun run = CommandRun.of(job(byJob), args(writing, fleet()));
    assertThat(run.code()).as(run.err()).isZero();
    List<String> mine = new ArrayList<>(writing);
    mine.addAll(List.of("--table", byCli.toString()));
    cli(args(mine, fleet()));
    List<TableRow> rows = sameRows(byJob, byCli, "dt", "host");
    assertThat(rows).filteredOn(r -> r.name().equals("Users"))
        .allMatch(r -> r.objective() != null && r.objective().counted());
    List<String> check = List.of("check", "--format", "json", "--requirements",
        requirements.toString());
    String fromLogs = CommandRun.of(Driver.LOCAL, args(check, fleet())).out();
    String fromJob = CommandRun.of(Driver.LOCAL, args(check, byJob.toString())).out();
    assertThat(fromJob.substring(fromJob.indexOf("\"error_budgets\"")))
        .startsWith(fromLogs.substring(fromLogs.indexOf("\"error_budgets\""),
            fromLogs.indexOf("\"alerts\"", fromLogs.indexOf("\"error_budgets\""))));
    String[] web02 = java.util.Arrays.stream(fleet()).filter(f -> f.contains("host=web-02"))
        .toArray(String[]::new);
    String hostLogs = CommandRun.of(Driver.LOCAL, args(check, web02)).out();
    List<String> where = new ArrayList<>(check);
    where.addAll(List.of("--where", "host=web-02"));
    String hostJob = CommandRun.of(Driver.LOCAL, args(where, byJob.toString())).out();
    assertThat(hostJob.substring(hostJob.indexOf("\"error_budgets\"")))
        .startsWith(hostLogs.substring(hostLogs.indexOf("\"error_budgets\""),
            hostLogs.indexOf("\"alerts\"", hostLogs.indexOf("\"error_budgets\""))));
  }

  @Test
  @Tag("fleet") // mvn -Pfleet: more Spark jobs than the default suite affords
  void theCommandLineWritesAndReadsTheJobsTable() throws Exception {
    for (List<String> options : List.of(List.of("report"), List.of("report", "--interval", "1h"))) {
      Path byJob = dir.resolve("job-" + options.size());
      Path byCli = dir.resolve("cli-" + options.size());
      CommandRun run = CommandRun.of(job(byJob), args(options, fleet()));
      assertThat(run.code()).as(run.err()).isZero();
      List<String> writing = new ArrayList<>(options);
      writing.addAll(List.of("--table", byCli.toString()));
      cli(args(writing, fleet()));
      List<TableRow> b = sameRows(byJob, byCli, "dt", "host");
      assertThat(cli("report", "--format", "json", byJob.toString()).out())
          .isEqualTo(cli("report", "--format", "json", byCli.toString()).out());
      // and Spark reads the command line's files as its own
      spark.read().parquet(byCli.toString()).createOrReplaceTempView("mine");
      assertThat(spark.sql("SELECT sum(count) FROM mine").first().getLong(0))
          .isEqualTo(b.stream().mapToLong(TableRow::count).sum());
    }
  }

  /**
   * One collector's file of three hosts ({@code $hostname} first on each line), cut into parts:
   * the job's rows are per host, and those the command line writes, histogram bytes included.
   */
  @Test
  void aCollectorsFileGivesTheJobARowSetPerHost() throws Exception {
    String format = "$hostname $remote_addr - [$time_local] \"$request\" $status"
        + " $body_bytes_sent $request_time";
    java.util.Random random = new java.util.Random(31);
    StringBuilder lines = new StringBuilder();
    Map<String, Long> counts = new java.util.TreeMap<>();
    for (int i = 0; i < 6_000; i++) {
      String host = "web-0" + (1 + random.nextInt(3));
      long ms = 1 + random.nextInt(200) * (host.equals("web-02") ? 3 : 1);
      counts.merge(host, 1L, Long::sum);
      lines.append(host).append(" 10.0.0.1 - [25/Nov/2026:10:").append(String.format(
              java.util.Locale.ROOT, "%02d:%02d", i / 600, i / 10 % 60)).append(" +0000] \"")
          .append(ROUTES[random.nextInt(ROUTES.length)]).append(" HTTP/1.1\" 200 512 ")
          .append(ms / 1000).append('.').append(String.format(java.util.Locale.ROOT, "%03d",
              ms % 1000)).append('\n');
    }
    Path log = dir.resolve("collector").resolve("access.log");
    Files.createDirectories(log.getParent());
    Files.writeString(log, lines);
    Path byJob = dir.resolve("collector-job");
    Path byCli = dir.resolve("collector-cli");
    List<String> options = List.of("report", "--log-format", format, "--interval", "1m");
    CommandRun run = CommandRun.of(job(byJob), args(options, log.toString()));
    assertThat(run.code()).as(run.err()).isZero();
    List<String> writing = new ArrayList<>(options);
    writing.addAll(List.of("--table", byCli.toString()));
    cli(args(writing, log.toString()));
    List<TableRow> a = sameRows(byJob, byCli, "host");
    Map<String, Long> perHost = new java.util.TreeMap<>();
    for (TableRow r : a) {
      perHost.merge(r.partition().get(0), r.count(), Long::sum);
    }
    assertThat(perHost).isEqualTo(counts);
  }

  /**
   * A collector's syslog file of three hosts' nginx lines (RFC 3164 and RFC 5424 headers mixed),
   * cut into parts, beside one of two JVMs' unified-logging lines: the header's HOSTNAME gives
   * each host its rows, requests and pauses, and the job writes the command line's rows,
   * histogram bytes included.
   */
  @Test
  void aCollectorsSyslogFileGivesTheJobTheCommandLinesRowsPerHost() throws Exception {
    java.util.Random random = new java.util.Random(313);
    StringBuilder access = new StringBuilder();
    Map<String, Long> counts = new java.util.TreeMap<>();
    for (int i = 0; i < 6_000; i++) {
      String host = "web-0" + (1 + random.nextInt(3));
      long ms = 1 + random.nextInt(200) * (host.equals("web-02") ? 3 : 1);
      counts.merge("request " + host, 1L, Long::sum);
      String stamp = String.format(java.util.Locale.ROOT, "%02d:%02d", i / 600, i / 10 % 60);
      access.append(i % 3 == 0 ? "<190>1 2026-11-25T10:" + stamp + "Z " + host + " nginx - - - "
              : "<190>Nov 25 10:" + stamp + " " + host + " nginx: ")
          .append("10.0.0.1 - - [25/Nov/2026:10:").append(stamp).append(" +0000] \"")
          .append(ROUTES[random.nextInt(ROUTES.length)]).append(" HTTP/1.1\" 200 512 \"-\"")
          .append(" \"gen/1.0\" ").append(ms / 1000).append('.').append(String.format(
              java.util.Locale.ROOT, "%03d", ms % 1000)).append('\n');
    }
    StringBuilder gc = new StringBuilder();
    for (int i = 0; i < 400; i++) {
      String host = "jvm-0" + (1 + random.nextInt(2));
      long us = 1_000 + random.nextInt(20_000);
      counts.merge("gc-pause " + host, 1L, Long::sum);
      String at = String.format(java.util.Locale.ROOT, "2026-11-25T10:%02d:%02d.%03d+0000",
          i / 60, i % 60, i);
      gc.append("<13>Nov 25 10:00:00 ").append(host).append(" java: [").append(at)
          .append("][").append(i + 1).append(".000s][info][gc] GC(").append(i)
          .append(") Pause Young (Normal) (G1 Evacuation Pause) 39M->7M(64M) ")
          .append(us / 1000).append('.').append(String.format(java.util.Locale.ROOT, "%03d",
              us % 1000)).append("ms\n");
    }
    Path log = dir.resolve("syslog-collector").resolve("messages");
    Path gcLog = dir.resolve("syslog-collector").resolve("jvm-messages");
    Files.createDirectories(log.getParent());
    Files.writeString(log, access);
    Files.writeString(gcLog, gc);
    Path byJob = dir.resolve("syslog-job");
    Path byCli = dir.resolve("syslog-cli");
    List<String> options = List.of("report", "--format", "csv");
    CommandRun run = CommandRun.of(job(byJob), args(options, log.toString(), gcLog.toString()));
    assertThat(run.code()).as(run.err()).isZero();
    List<String> writing = new ArrayList<>(options);
    writing.addAll(List.of("--table", byCli.toString()));
    assertThat(cli(args(writing, log.toString(), gcLog.toString())).out()).isEqualTo(run.out());
    List<TableRow> a = sameRows(byJob, byCli, "host");
    Map<String, Long> perHost = new java.util.TreeMap<>();
    for (TableRow r : a) {
      perHost.merge(r.family().name().toLowerCase(Locale.ROOT).replace('_', '-') + " "
          + r.partition().get(0), r.count(), Long::sum);
    }
    assertThat(perHost).isEqualTo(counts);
  }

  @Test
  @Tag("fleet") // mvn -Pfleet: more Spark jobs than the default suite affords
  void writingAPartitionAgainReplacesThatPartitionOnly() throws IOException {
    Path table = dir.resolve("table-overwrite");
    String[] fleet = Stream.of(fleet()).filter(f -> f.contains("host=" + HOSTS[0] + "/")
        || f.contains("host=" + HOSTS[2] + "/")).toArray(String[]::new);
    List<String> report = List.of("report", "--format", "csv");
    assertThat(CommandRun.of(job(table), args(report, fleet)).code()).isZero();
    List<Row> before = sorted(table);
    assertThat(CommandRun.of(job(table), args(report, fleet)).code()).isZero();
    assertThat(sorted(table)).as("idempotent").isEqualTo(before);

    Path redo = dir.resolve("redo").resolve("dt=" + DAYS[1]).resolve("host=" + HOSTS[2]);
    Files.createDirectories(redo);
    generate(redo.resolve("access.log"), 9, 1, 400, new HashMap<>());
    assertThat(CommandRun.of(job(table), args(report, redo.resolve("access.log").toString()))
        .code()).isZero();
    List<Row> after = sorted(table);
    String target = DAYS[1] + "/" + HOSTS[2];
    assertThat(after.stream().filter(r -> !key(r).equals(target)).toList())
        .as("the other partitions").isEqualTo(before.stream()
            .filter(r -> !key(r).equals(target)).toList());
    long count = after.stream().filter(r -> key(r).equals(target))
        .mapToLong(r -> r.getLong(r.fieldIndex("count"))).sum();
    assertThat(count).as("the partition written again").isEqualTo(400);
  }

  private static String key(Row r) {
    return r.getString(r.fieldIndex("dt")) + "/" + r.getString(r.fieldIndex("host"));
  }

  private static List<Row> sorted(Path table) {
    return spark.read().parquet(table.toString())
        .selectExpr("CAST(dt AS STRING) AS dt", "host", "family", "name", "count", "p99_ns", "max_ns", "hex(hdr) AS hdr")
        .orderBy("dt", "host", "family", "name").collectAsList();
  }

  /**
   * Real JVM logs of the corpus (G1, Parallel, CMS, Shenandoah; unified logging), one host each,
   * and --interval: per pause kind, and per interval, the table rolls up to the command line's.
   */
  @Test
  @Tag("fleet") // mvn -Pfleet: more Spark jobs than the default suite affords
  void corpusJvmLogsRollUpToTheCommandLinesPauses() throws IOException {
    Path corpus = Path.of("/work/shared/corpus/jvm");
    String[] logs = {
        "chewiebug_GCViewer/src/test/resources/openjdk/unified-jvm-logging/sample-ujl-g1-gc-all,safepoint,os+cpu.txt",
        "chewiebug_GCViewer/src/test/resources/openjdk/unified-jvm-logging/sample-ujl-parallel-gc-all,safepoint,os+cpu.txt",
        "chewiebug_GCViewer/src/test/resources/openjdk/unified-jvm-logging/sample-ujl-cms-gc-all,safepoint,os+cpu.txt",
        "chewiebug_GCViewer/src/test/resources/openjdk/unified-jvm-logging/SampleShenandoahPassiveHeuristics.txt"};
    List<String> inputs = new ArrayList<>();
    for (int i = 0; i < logs.length; i++) {
      Path from = corpus.resolve(logs[i]);
      org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(from), "the corpus is at hand");
      Path to = dir.resolve("jvm").resolve("jvms").resolve("jvm-" + i).resolve("gc.log");
      Files.createDirectories(to.getParent());
      Files.copy(from, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      inputs.add(to.toString());
    }
    Path table = dir.resolve("table-jvm");
    List<String> report = List.of("report", "--format", "csv");
    CommandRun there = CommandRun.of(job(table, "host=/jvms/([^/]+)/"),
        args(report, inputs.toArray(new String[0])));
    assertThat(there.code()).as(there.err()).isZero();
    Map<String, List<Long>> whole = fromCsv(cli(args(report, inputs.toArray(new String[0]))).out());
    assertThat(whole.keySet()).anyMatch(k -> k.startsWith("gc-pause "))
        .anyMatch(k -> k.startsWith("safepoint "));
    assertThat(rollUp(table, "")).isEqualTo(whole);
    assertThat(rollUp(table, "WHERE host = 'jvm-0'"))
        .isEqualTo(fromCsv(cli(args(report, inputs.get(0))).out()));
  }

  /**
   * JVM logs whose paths name no host, written by real JVMs with the hostname decorator (OpenJDK
   * 17 and Temurin 25 in a host named web-07.dc1) beside one without it: the table's host column
   * is the logged host, null for the other, and its rows are the command line's pauses of that log.
   */
  @Test
  @Tag("fleet") // mvn -Pfleet: more Spark jobs than the default suite affords
  void aJvmsLoggedHostIsItsPartitionWhenThePathNamesNone() throws IOException {
    Path logs = Path.of("../formats/src/test/resources/jvm/hostname");
    Path decorated = dir.resolve("logged").resolve("dt=2026-11-29").resolve("app.log");
    Path plain = dir.resolve("logged").resolve("dt=2026-11-23").resolve("app.log");
    Files.createDirectories(decorated.getParent());
    Files.createDirectories(plain.getParent());
    Files.copy(logs.resolve("jdk17-hostname.log"), decorated);
    Files.copy(Path.of("../samples/gc-g1-jdk17.log"), plain);
    Path table = dir.resolve("table-logged-host");
    List<String> report = List.of("report", "--format", "csv");
    CommandRun there = CommandRun.of(job(table), args(report, decorated.toString(),
        plain.toString()));
    assertThat(there.code()).as(there.err()).isZero();
    List<Row> hosts = spark.read().parquet(table.toString())
        .selectExpr("CAST(dt AS STRING)", "host").distinct().orderBy("dt").collectAsList();
    assertThat(hosts).extracting(r -> r.getString(0) + " " + r.getString(1))
        .containsExactly("2026-11-23 null", "2026-11-29 web-07.dc1");
    assertThat(rollUp(table, "WHERE host = 'web-07.dc1'"))
        .isEqualTo(fromCsv(cli(args(report, decorated.toString())).out()));
  }

  /**
   * Access lines (nginx combined with $request_time) every 2 s of the day: each host with its own
   * mix (its favourite route) and speed, web-03 alone serving reports.
   */
  private static void generate(Path file, int host, int day, int count,
      Map<String, List<Long>> latencies) throws IOException {
    SplittableRandom random = new SplittableRandom(31L * host + day);
    java.time.format.DateTimeFormatter time = java.time.format.DateTimeFormatter
        .ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT).withZone(java.time.ZoneOffset.UTC);
    long start = FIRST_DAY + day * DAY_MS;
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int i = 0; i < count; i++) {
        int r = random.nextInt(3) == 0 ? host % 4 : random.nextInt(4);
        if (host == 2 && random.nextInt(5) == 0) {
          r = 4;
        }
        String route = ROUTES[r];
        long ms = (long) (Math.exp(random.nextDouble() * 7) * (1 + 0.5 * host));
        latencies.computeIfAbsent(HOSTS[Math.min(host, HOSTS.length - 1)] + "|" + day + "|"
            + route, k -> new ArrayList<>()).add(ms);
        out.write(String.format(Locale.ROOT,
            "10.0.%d.%d - - [%s] \"%s HTTP/1.1\" 200 %d \"-\" \"gen/1.0\" %d.%03d\n",
            host, i % 250, time.format(java.time.Instant.ofEpochMilli(start + 2_000L * i)),
            route, 200 + random.nextInt(5000), ms / 1000, ms % 1000));
      }
    }
  }

  /**
   * The job's table and the command line's have the partition columns {@code columns} and the
   * same rows (histogram bytes included); the rows by partition, family, name and interval.
   */
  private static List<TableRow> sameRows(Path byJob, Path byCli, String... columns)
      throws TableException {
    TableReader.Read job = TableReader.read(byJob, List.of());
    TableReader.Read mine = TableReader.read(byCli, List.of());
    assertThat(mine.columns()).isEqualTo(job.columns()).containsExactly(columns);
    Comparator<TableRow> order = Comparator.comparing((TableRow r) -> r.partition().toString())
        .thenComparing(TableRow::family).thenComparing(TableRow::name)
        .thenComparingLong(TableRow::intervalStartMillis);
    List<TableRow> a = new ArrayList<>(job.rows());
    List<TableRow> b = new ArrayList<>(mine.rows());
    a.sort(order);
    b.sort(order);
    assertThat(b).hasSize(a.size()).isEqualTo(a);
    return a;
  }
}
