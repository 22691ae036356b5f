package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.Corpus;

/**
 * A histogram table written with --interval, read back with --interval: the report's intervals
 * (each group's and each total's, and the notes about them) are those of its logs read with the
 * same --interval, whole, sliced with --where, and at a multiple of the table's width; the
 * whole-run rows stay the logs'; per interval, the counts and maxima are a count of the
 * generated values; an interval the table's rows do not fit is refused.
 */
class TableIntervalsCliTest {

  private static final Path SAMPLES = Path.of("..", "samples");
  private static final String[] OPERATIONS = {"GET /api/orders/7", "POST /api/cart",
      "GET /search", "GET /static/app.js"};

  @TempDir Path dir;

  /** Per host: each request's (epoch ms of its line, operation, ms). */
  private final Map<String, List<Object[]>> generated = new TreeMap<>();

  /** Hosts in Hive's directories, their requests spread over 40 minutes at each host's speed. */
  private List<String> fleet(int hosts) throws IOException {
    Random random = new Random(7);
    List<String> logs = new ArrayList<>();
    long day = java.time.Instant.parse("2026-11-25T10:00:00Z").toEpochMilli();
    for (int h = 0; h < hosts; h++) {
      String host = "web-0" + h;
      Path log = dir.resolve("logs/host=" + host + "/access.log");
      Files.createDirectories(log.getParent());
      StringBuilder lines = new StringBuilder();
      long at = day;
      for (int i = 0; i < 600 + 200 * h; i++) {
        at += random.nextInt(8 / (h + 1) + 1) * 1000L; // a second's resolution, as the log's
        String op = OPERATIONS[random.nextInt(OPERATIONS.length)];
        long ms = 1 + (long) (Math.abs(random.nextGaussian()) * 30 * (h + 1))
            + (op.startsWith("POST") ? 150 : 0);
        generated.computeIfAbsent(host, k -> new ArrayList<>())
            .add(new Object[] {at / 1000 * 1000, op.replaceAll("/[0-9]+$", "/{id}"), ms});
        String[] request = op.split(" ");
        java.time.ZonedDateTime t = java.time.Instant.ofEpochMilli(at)
            .atZone(java.time.ZoneOffset.UTC);
        lines.append("10.0.0.").append(h).append(" - - [").append(String.format(Locale.ROOT,
                "%02d/Nov/2026:%02d:%02d:%02d", t.getDayOfMonth(), t.getHour(), t.getMinute(),
                t.getSecond())).append(" +0000] \"").append(request[0]).append(' ')
            .append(request[1]).append(" HTTP/1.1\" 200 512 \"-\" \"curl/8\" ")
            .append(ms / 1000).append('.').append(String.format(Locale.ROOT, "%03d", ms % 1000))
            .append('\n');
      }
      Files.writeString(log, lines);
      logs.add(log.toString());
    }
    return logs;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> json(Cli.Result r) {
    assertThat(r.code()).as(r.err()).isZero();
    return (Map<String, Object>) JsonLines.document(r.out());
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> groupsAndTotals(Map<String, Object> doc) {
    List<Map<String, Object>> all = new ArrayList<>((List<Map<String, Object>>) doc.get("groups"));
    Object totals = doc.get("totals");
    if (totals instanceof List<?> list) {
      all.addAll((List<Map<String, Object>>) list);
    } else if (totals != null) {
      all.add((Map<String, Object>) totals);
    }
    return all;
  }

  /** The report's interval section: per group and total its intervals, and the notes on them. */
  @SuppressWarnings("unchecked")
  private static String intervalSection(Map<String, Object> doc) {
    StringBuilder s = new StringBuilder();
    for (Map<String, Object> g : groupsAndTotals(doc)) {
      s.append(g.get("family")).append(' ').append(g.get("key")).append(' ')
          .append(g.get("intervals")).append('\n');
    }
    for (Object note : (List<Object>) doc.get("notes")) {
      if (note.toString().contains("interval")) {
        s.append(note).append('\n');
      }
    }
    return s.toString();
  }

  /** What stays exact of the whole run: counts, maxima, percentiles (a minimum is estimated). */
  private static String wholeRun(Map<String, Object> doc) {
    StringBuilder s = new StringBuilder();
    for (Map<String, Object> g : groupsAndTotals(doc)) {
      s.append(g.get("key")).append(' ').append(g.get("count")).append(' ')
          .append(g.get("max_ns")).append(' ').append(g.get("percentiles_ns")).append('\n');
    }
    return s.toString();
  }

  /** The logs and the table read with {@code interval}, (the table with --where): alike. */
  private void sameIntervals(Path table, List<String> logs, String interval, String... where) {
    Map<String, Object> direct = json(Cli.run(Cli.args(List.of("report", "--format", "json",
        "--interval", interval), logs)));
    List<String> read = new ArrayList<>(List.of("report", "--format", "json", "--interval",
        interval));
    for (String w : where) {
      read.addAll(List.of("--where", w));
    }
    read.add(table.toString());
    Map<String, Object> fromTable = json(Cli.run(read.toArray(String[]::new)));
    String section = intervalSection(direct);
    assertThat(section).as("the logs have intervals").contains("start_ms");
    assertThat(intervalSection(fromTable)).as(logs + " " + interval + " " + List.of(where))
        .isEqualTo(section);
    assertThat(wholeRun(fromTable)).isEqualTo(wholeRun(direct));
  }

  @Test
  void aFleetsIntervalsAreItsLogsWholeSlicedAndCoarser() throws IOException {
    List<String> logs = fleet(3);
    Path table = dir.resolve("table");
    Cli.Result written = Cli.run(Cli.args(List.of("report", "--interval", "1m", "--table",
        table.toString()), logs));
    assertThat(written.code()).as(written.err()).isZero();
    sameIntervals(table, logs, "1m");
    sameIntervals(table, logs, "5m");
    sameIntervals(table, logs, "1h");
    sameIntervals(table, List.of(logs.get(1)), "1m", "host=web-01");
    sameIntervals(table, List.of(logs.get(2)), "10m", "host=web-02");
    // and the table view's interval section too
    Cli.Result text = Cli.run("report", "--interval", "5m", table.toString());
    Cli.Result textLogs = Cli.run(Cli.args(List.of("report", "--interval", "5m"), logs));
    assertThat(perInterval(textLogs.out())).anyMatch(b -> b.startsWith("(total) per 5m"));
    assertThat(perInterval(text.out())).isEqualTo(perInterval(textLogs.out()));
  }

  /** The table view's blocks per interval ("(total) per 5m", "GET /search per 5m", ...). */
  private static List<String> perInterval(String out) {
    return java.util.Arrays.stream(out.split("\n\n"))
        .filter(b -> b.lines().findFirst().orElse("").endsWith(" per 5m")).toList();
  }

  /** Per 5 minutes, the total's count and max are a count of the generated requests. */
  @Test
  @SuppressWarnings("unchecked")
  void perIntervalCountsAreTheGeneratedOnes() throws IOException {
    List<String> logs = fleet(2);
    Path table = dir.resolve("t");
    assertThat(Cli.run(Cli.args(List.of("report", "--interval", "1m", "--table", table.toString()),
        logs)).code()).isZero();
    Map<String, Object> doc = json(Cli.run("report", "--format", "json", "--interval", "5m",
        table.toString()));
    TreeMap<Long, long[]> expected = new TreeMap<>(); // count, max ms
    for (List<Object[]> host : generated.values()) {
      for (Object[] r : host) {
        long[] e = expected.computeIfAbsent(Math.floorDiv((Long) r[0], 300_000L) * 300_000L,
            k -> new long[2]);
        e[0]++;
        e[1] = Math.max(e[1], (Long) r[2]);
      }
    }
    Map<String, Object> total = groupsAndTotals(doc).stream()
        .filter(g -> "(total)".equals(g.get("key"))).findFirst().orElseThrow();
    List<Map<String, Object>> intervals = (List<Map<String, Object>>) total.get("intervals");
    assertThat(intervals).hasSize(expected.size());
    for (Map<String, Object> i : intervals) {
      long start = ((Number) i.get("start_ms")).longValue();
      assertThat(expected).containsKey(start);
      assertThat(((Number) i.get("count")).longValue()).as("at " + start)
          .isEqualTo(expected.get(start)[0]);
      assertThat(((Number) ((Map<String, Object>) i.get("percentiles_ns")).get("100"))
          .longValue()).isEqualTo(expected.get(start)[1] * 1_000_000L);
    }
  }

  /** Corpus logs side by side as two hosts, and a JVM log whose safepoints have no wall clock. */
  @Test
  void corpusLogsIntervalsAreTheirLogs() throws IOException {
    Path access = Corpus.require("access");
    String ingress = access.resolve("elastic_beats/filebeat/module/nginx/ingress_controller/test/"
        + "test.log").toString();
    String alb = access.resolve("crowdsecurity_hub/.tests/aws-alb-logs/aws-alb-logs.log")
        .toString();
    String traefik = access.resolve("crowdsecurity_hub/.tests/traefik_clf/traefik_clf.log")
        .toString();
    Path table = dir.resolve("corpus");
    Cli.Result written = Cli.run("report", "--interval", "1m", "--table", table.toString(),
        "--partition-by", "host=(ingress|alb|traefik)", ingress, alb, traefik);
    assertThat(written.code()).as(written.err()).isZero();
    sameIntervals(table, List.of(ingress, alb, traefik), "1m");
    sameIntervals(table, List.of(ingress, alb, traefik), "1h");
    // a slice's groups are the whole table's (the operations inferred from all its logs): a
    // log copied to two hosts keeps its own, so a host's slice is the log read alone
    List<String> copies = new ArrayList<>();
    for (String host : List.of("a", "b")) {
      Path copy = dir.resolve("copies/host=" + host + "/access.log");
      Files.createDirectories(copy.getParent());
      Files.copy(Path.of(alb), copy);
      copies.add(copy.toString());
    }
    Path copied = dir.resolve("copied");
    assertThat(Cli.run("report", "--interval", "1m", "--table", copied.toString(),
        copies.get(0), copies.get(1)).code()).isZero();
    sameIntervals(copied, copies, "1m");
    sameIntervals(copied, List.of(alb), "1m", "host=a");
    sameIntervals(copied, List.of(alb), "10m", "host=b");
    // safepoints with uptime only (no interval), GC pauses with a date: the logs' intervals and
    // their note on the events in no interval
    String jvm = Corpus.require("jvm")
        .resolve("mgm3746_garbagecat/src/test/resources/data/dataset103.txt").toString();
    Path jvmTable = dir.resolve("jvm");
    assertThat(Cli.run("report", "--interval", "10s", "--table", jvmTable.toString(), jvm)
        .code()).isZero();
    sameIntervals(jvmTable, List.of(jvm), "10s");
    assertThat(intervalSection(json(Cli.run("report", "--format", "json", "--interval", "10s",
        jvmTable.toString())))).contains("no wall-clock time");
  }

  @Test
  void anIntervalTheRowsDoNotFitIsRefused() throws IOException {
    List<String> logs = fleet(1);
    Path table = dir.resolve("t");
    assertThat(Cli.run(Cli.args(List.of("report", "--interval", "1m", "--table", table.toString()),
        logs)).code()).isZero();
    for (String finer : List.of("90s", "30s")) {
      Cli.Result r = Cli.run("report", "--interval", finer, table.toString());
      assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
      assertThat(r.err()).isEqualTo("tardy: --interval " + finer + " is not a whole number of"
          + " the table's intervals (1m): give 1m or a multiple of it\n");
    }
    Path whole = dir.resolve("whole");
    assertThat(Cli.run(Cli.args(List.of("report", "--table", whole.toString()), logs)).code())
        .isZero();
    Cli.Result r = Cli.run("report", "--interval", "1m", whole.toString());
    assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).startsWith("tardy: --interval 1m: " + whole + " has no rows per"
        + " interval");
  }
}
