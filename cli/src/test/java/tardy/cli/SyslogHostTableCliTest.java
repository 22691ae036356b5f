package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static tardy.cli.HostRowsCheck.json;
import static tardy.cli.HostRowsCheck.latencies;

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

/**
 * A collector's syslog file of many hosts' nginx lines (RFC 3164 and RFC 5424 headers mixed, as
 * relays forward them) written as a table: the header's HOSTNAME gives each host its rows, whose
 * counts, maxima and p99s are a sort of the generated values, the same bytes whatever the threads;
 * the syslog logs of real servers report as before without a table, and with one gain the host
 * their headers name.
 */
class SyslogHostTableCliTest {

  private static final String[] HOSTS = {"web-01", "web-02", "web-03", "web-04"};
  private static final String SLOW = "web-02";
  private static final String[] OPERATIONS = {"GET /api/orders/7", "POST /api/cart",
      "GET /search"};

  @TempDir Path dir;

  /** Per host, its generated latencies in ms. */
  private final Map<String, List<Long>> generated = new TreeMap<>();

  /** Per host, its lines without their syslog headers, as its own access.log would hold them. */
  private final Map<String, StringBuilder> linesOf = new TreeMap<>();

  private Path collectorLog(Path log, int lines) throws IOException {
    Random random = new Random(331);
    StringBuilder all = new StringBuilder();
    long at = java.time.Instant.parse("2026-11-27T10:00:00Z").toEpochMilli();
    for (int i = 0; i < lines; i++) {
      at += random.nextInt(3) * 100L;
      String host = HOSTS[random.nextInt(HOSTS.length)];
      String op = OPERATIONS[random.nextInt(OPERATIONS.length)];
      long ms = 1 + (long) (Math.abs(random.nextGaussian()) * 40)
          * (host.equals(SLOW) ? 4 : 1) + (op.startsWith("POST") ? 100 : 0);
      generated.computeIfAbsent(host, k -> new ArrayList<>()).add(ms);
      java.time.ZonedDateTime t = java.time.Instant.ofEpochMilli(at)
          .atZone(java.time.ZoneOffset.UTC);
      String[] request = op.split(" ");
      String inner = "10.0.0." + (i % 7) + " - - [" + String.format(Locale.ROOT,
          "%02d/Nov/2026:%02d:%02d:%02d", t.getDayOfMonth(), t.getHour(), t.getMinute(),
          t.getSecond()) + " +0000] \"" + request[0] + " " + request[1] + " HTTP/1.1\" 200 512"
          + " \"-\" \"gen/1.0\" " + ms / 1000 + "." + String.format(Locale.ROOT, "%03d", ms % 1000)
          + "\n";
      String header = i % 3 == 0
          ? "<190>1 " + java.time.Instant.ofEpochMilli(at) + " " + host + " nginx - - - "
          : String.format(Locale.ROOT, "<190>Nov %2d %02d:%02d:%02d %s nginx: ", t.getDayOfMonth(),
              t.getHour(), t.getMinute(), t.getSecond(), host);
      all.append(header).append(inner);
      linesOf.computeIfAbsent(host, k -> new StringBuilder()).append(inner);
    }
    Files.createDirectories(log.getParent());
    Files.writeString(log, all);
    return log;
  }

  @Test
  void aCollectorsSyslogFileGivesEachHostsRows() throws IOException {
    Path log = collectorLog(dir.resolve("collector/messages"), 90_000); // ~11 MiB: cut in parts
    Path table = HostRowsCheck.sameTableWhateverTheThreads(dir, log, List.of(), "host=web-01",
        "host=web-02", "host=web-03", "host=web-04");
    for (String host : HOSTS) {
      Map<String, Object> fromTable = json(Cli.run("report", "--format", "json", "--where",
          "host=" + host, table.toString()));
      HostRowsCheck.totalIsTheSorts(fromTable, host, generated.get(host));
      // the host's own lines without their headers, read by the command line
      Path own = dir.resolve("own/" + host + ".log");
      Files.createDirectories(own.getParent());
      Files.writeString(own, linesOf.get(host));
      assertThat(latencies(fromTable)).as(host).isEqualTo(latencies(json(Cli.run("report",
          "--format", "json", own.toString()))));
    }
    assertThat(latencies(json(Cli.run("report", "--format", "json", table.toString()))))
        .isEqualTo(latencies(json(Cli.run("report", "--format", "json", log.toString()))));
    HostRowsCheck.fleetRanksFirst(table, SLOW);
  }

  /**
   * Real servers' syslog output (nginx over RFC 3164 and RFC 5424, HAProxy's httplog, Apache
   * httpd): the report is the same with and without a table, and the table's rows are the host
   * the headers name.
   */
  @Test
  void realSyslogLogsReportTheSameAndNameTheirHost() throws IOException {
    Path res = Path.of("..", "formats", "src", "test", "resources");
    Map<String, String> hostOf = Map.of(
        "nginx-logs/syslog-combined.log", "vm",
        "nginx-logs/variants/syslog-rfc5424.log", "vm",
        "haproxy-logs/syslog-httplog.log", "localhost",
        "httpd-logs/syslog-combined-d.log", "vm");
    for (Map.Entry<String, String> e : new TreeMap<>(hostOf).entrySet()) {
      Path log = res.resolve(e.getKey());
      Cli.Result plain = Cli.run("report", log.toString());
      Path table = dir.resolve("real-" + e.getKey().replace('/', '-'));
      Cli.Result tabled = Cli.run("report", "--table", table.toString(), log.toString());
      assertThat(plain.code()).as(plain.err()).isZero();
      assertThat(tabled.out()).as(e.getKey()).isEqualTo(plain.out());
      assertThat(tabled.err()).as(e.getKey()).isEqualTo(plain.err());
      assertThat(HostRowsCheck.hostPartitions(table)).as(e.getKey()).containsExactly("host=" + e.getValue());
      assertThat(latencies(json(Cli.run("report", "--format", "json", "--where",
          "host=" + e.getValue(), table.toString()))))
          .isEqualTo(latencies(json(Cli.run("report", "--format", "json", log.toString()))));
    }
  }
}
