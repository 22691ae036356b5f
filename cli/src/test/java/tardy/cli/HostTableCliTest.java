package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static tardy.cli.HostRowsCheck.files;
import static tardy.cli.HostRowsCheck.json;
import static tardy.cli.HostRowsCheck.latencies;
import static tardy.cli.HostRowsCheck.total;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One nginx log of many hosts (a central collector's, {@code $hostname} in its log_format) written
 * as a histogram table: a row set per host, whose counts and p99s are a sort of the generated
 * values, the same bytes whatever the threads, read back as each host's own log reads; a host the
 * path names wins, with a note; a JVM log whose pauses are partly uptime only loses none of them
 * from a table per interval.
 */
class HostTableCliTest {

  private static final String LOG_FORMAT =
      "$hostname $remote_addr - [$time_local] \"$request\" $status $body_bytes_sent $request_time";
  private static final String[] HOSTS = {"web-01", "web-02", "web-03", "web-04"};
  private static final String SLOW = "web-03";
  private static final String[] OPERATIONS = {"GET /api/orders/7", "POST /api/cart",
      "GET /search"};

  @TempDir Path dir;

  /** Per host, its generated latencies in ms; "-" for the lines naming no host. */
  private final Map<String, List<Long>> generated = new TreeMap<>();

  /** Per host, its lines, as each host's own log would hold them. */
  private final Map<String, StringBuilder> linesOf = new TreeMap<>();

  /** The collector's file: the hosts' lines interleaved in time order, a few naming no host. */
  private Path collectorLog(Path log, int lines) throws IOException {
    Random random = new Random(31);
    StringBuilder all = new StringBuilder();
    long at = java.time.Instant.parse("2026-11-27T10:00:00Z").toEpochMilli();
    for (int i = 0; i < lines; i++) {
      at += random.nextInt(3) * 100L;
      String host = i % 97 == 0 ? "-" : HOSTS[random.nextInt(HOSTS.length)];
      String op = OPERATIONS[random.nextInt(OPERATIONS.length)];
      long ms = 1 + (long) (Math.abs(random.nextGaussian()) * 40)
          * (host.equals(SLOW) ? 3 : 1) + (op.startsWith("POST") ? 100 : 0);
      generated.computeIfAbsent(host, k -> new ArrayList<>()).add(ms);
      java.time.ZonedDateTime t = java.time.Instant.ofEpochMilli(at)
          .atZone(java.time.ZoneOffset.UTC);
      String[] request = op.split(" ");
      String line = host + " 10.0.0." + (i % 7) + " - [" + String.format(Locale.ROOT,
          "%02d/Nov/2026:%02d:%02d:%02d", t.getDayOfMonth(), t.getHour(), t.getMinute(),
          t.getSecond()) + " +0000] \"" + request[0] + " " + request[1] + " HTTP/1.1\" 200 512 "
          + ms / 1000 + "." + String.format(Locale.ROOT, "%03d", ms % 1000) + "\n";
      all.append(line);
      linesOf.computeIfAbsent(host, k -> new StringBuilder()).append(line);
    }
    Files.createDirectories(log.getParent());
    Files.writeString(log, all);
    return log;
  }

  @Test
  void aCollectorsLogGivesEachHostsRowsAsTheirOwnLogsRead() throws IOException {
    Path log = collectorLog(dir.resolve("collector/access.log"), 100_000); // ~8 MiB: cut in parts
    Map<String, String> written = null;
    for (String threads : List.of("1", "2", "4")) {
      Path table = dir.resolve("t" + threads);
      Cli.Result r = Cli.run("report", "--log-format", LOG_FORMAT, "--threads", threads,
          "--table", table.toString(), log.toString());
      assertThat(r.code()).as(r.err()).isZero();
      Map<String, String> files = files(table);
      assertThat(files.keySet()).as("a partition per host, and the lines naming none")
          .anySatisfy(f -> assertThat(f).startsWith("host=web-01/"))
          .anySatisfy(f -> assertThat(f).startsWith("host=__HIVE_DEFAULT_PARTITION__/"));
      if (written == null) {
        written = files;
      } else {
        assertThat(files).as("--threads " + threads).isEqualTo(written);
      }
    }
    Path table = dir.resolve("t1");
    for (String host : HOSTS) {
      Map<String, Object> fromTable = json(Cli.run("report", "--format", "json", "--where",
          "host=" + host, table.toString()));
      HostRowsCheck.totalIsTheSorts(fromTable, host, generated.get(host));
      // the host's own lines, as a log of their own, read by the command line
      Path own = dir.resolve("own/" + host + ".log");
      Files.createDirectories(own.getParent());
      Files.writeString(own, linesOf.get(host));
      Map<String, Object> direct = json(Cli.run("report", "--format", "json", "--log-format",
          LOG_FORMAT, own.toString()));
      assertThat(latencies(fromTable)).as(host).isEqualTo(latencies(direct));
    }
    // every line is in a row: the whole table is the whole log
    assertThat(latencies(json(Cli.run("report", "--format", "json", table.toString()))))
        .isEqualTo(latencies(json(Cli.run("report", "--format", "json", "--log-format",
            LOG_FORMAT, log.toString()))));
    // the slow host ranks first in the fleet view
    HostRowsCheck.fleetRanksFirst(table, SLOW);
  }

  /**
   * imooc.com's real log (10,000 requests) as a collector would write three load balancers' share
   * of it, {@code $hostname} first: each host's rows total its lines read alone (the operations
   * are inferred from all hosts, so the totals, not each group, are compared).
   */
  @Test
  void aRealLogSplitAcrossHostsTotalsEachHostsLines() throws IOException {
    Path real = tardy.events.Corpus.require("access")
        .resolve("lihaogm_spark-analyse-log/10000_access.log");
    String format = "$remote_addr - $remote_user [$time_local] \"$request\" $status"
        + " $body_bytes_sent \"$host\" \"$http_referer\" $request_body \"$http_user_agent\""
        + " \"$http_x_forwarded_for\" $upstream_addr $upstream_status $upstream_response_time"
        + " $request_time";
    List<String> lines = Files.readAllLines(real, java.nio.charset.StandardCharsets.UTF_8);
    StringBuilder collector = new StringBuilder();
    Map<String, StringBuilder> own = new TreeMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String host = "lb-" + (i * 7 % 3 + 1);
      collector.append(host).append(' ').append(lines.get(i)).append('\n');
      own.computeIfAbsent(host, k -> new StringBuilder()).append(lines.get(i)).append('\n');
    }
    Path log = dir.resolve("collector.log");
    Files.writeString(log, collector);
    Path table = dir.resolve("imooc");
    Cli.Result w = Cli.run("report", "--log-format", "$hostname " + format, "--table",
        table.toString(), log.toString());
    assertThat(w.code()).as(w.err()).isZero();
    long sum = 0;
    for (Map.Entry<String, StringBuilder> host : own.entrySet()) {
      Path alone = dir.resolve(host.getKey() + ".log");
      Files.writeString(alone, host.getValue());
      Map<String, Object> direct = total(json(Cli.run("report", "--format", "json",
          "--log-format", format, alone.toString())));
      Map<String, Object> fromTable = total(json(Cli.run("report", "--format", "json",
          "--where", "host=" + host.getKey(), table.toString())));
      for (String key : List.of("count", "max_ns", "percentiles_ns")) {
        assertThat(fromTable.get(key)).as(host.getKey() + " " + key).isEqualTo(direct.get(key));
      }
      sum += ((Number) fromTable.get("count")).longValue();
    }
    assertThat(sum).as("the hosts' requests: the log's parsed lines").isEqualTo(
        ((Number) total(json(Cli.run("report", "--format", "json", "--log-format", format,
            real.toString()))).get("count")).longValue());
  }

  @Test
  void withoutATableTheReportIsTheSame() throws IOException {
    Path log = collectorLog(dir.resolve("collector/access.log"), 3_000);
    Cli.Result plain = Cli.run("report", "--log-format", LOG_FORMAT, log.toString());
    Cli.Result tabled = Cli.run("report", "--log-format", LOG_FORMAT, "--table",
        dir.resolve("t").toString(), log.toString());
    assertThat(plain.code()).as(plain.err()).isZero();
    assertThat(tabled.out()).isEqualTo(plain.out());
    assertThat(tabled.err()).isEqualTo(plain.err());
  }

  @Test
  void aHostThePathNamesWinsWithANote() throws IOException {
    Path log = collectorLog(dir.resolve("logs/host=collector-1/access.log"), 3_000);
    Path table = dir.resolve("t");
    Cli.Result r = Cli.run("report", "--log-format", LOG_FORMAT, "--table", table.toString(),
        log.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).contains("tardy: --table: the path's host=collector-1 wins over the 4"
        + " hosts its lines name (web-01, web-02, web-03, …)");
    try (Stream<Path> parts = Files.list(table)) {
      assertThat(parts.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("host=")))
          .containsExactly("host=collector-1");
    }
    assertThat(total(json(Cli.run("report", "--format", "json", table.toString())))
        .get("count")).isEqualTo(3_000L);
  }

  /**
   * A JDK 17 G1 log whose every third line lost its date (uptime only): with --interval, the
   * table's rows per interval and the whole-run rows beside them hold every pause, and the table
   * read with --interval is its log read so.
   */
  @Test
  void pausesPartlyWithoutAWallClockAreAllInTheTable() throws IOException {
    List<String> lines = Files.readAllLines(Path.of("..", "samples", "gc-g1-jdk17.log"));
    StringBuilder partly = new StringBuilder();
    int pauses = 0;
    int untimed = 0;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      boolean pause = line.contains("[gc") && line.contains(" Pause ") && line.endsWith("ms");
      if (pause) {
        pauses++;
      }
      if (pause && pauses % 3 == 0 && line.startsWith("[20")) {
        line = line.substring(line.indexOf(']') + 1); // [uptime] only
        untimed++;
      }
      partly.append(line).append('\n');
    }
    assertThat(untimed).as("some pauses lost their date").isPositive();
    Path log = dir.resolve("gc-partly.log");
    Files.writeString(log, partly);
    Path table = dir.resolve("gc");
    assertThat(Cli.run("report", "--interval", "1s", "--table", table.toString(),
        log.toString()).code()).isZero();
    Map<String, Object> direct = json(Cli.run("report", "--format", "json", "--interval", "1s",
        log.toString()));
    Map<String, Object> whole = json(Cli.run("report", "--format", "json", table.toString()));
    assertThat(total(whole, "gc-pause").get("count")).as("every GC pause has a row")
        .isEqualTo((long) pauses).isEqualTo(total(direct, "gc-pause").get("count"));
    Cli.Result r = Cli.run("report", "--format", "json", "--interval", "1s", table.toString());
    Map<String, Object> perInterval = json(r);
    assertThat(latencies(perInterval)).isEqualTo(latencies(direct));
    assertThat(total(perInterval).get("intervals")).isEqualTo(total(direct).get("intervals"));
    assertThat(perInterval.get("notes").toString()).contains(untimed + " events have no"
        + " wall-clock time");
  }
}
