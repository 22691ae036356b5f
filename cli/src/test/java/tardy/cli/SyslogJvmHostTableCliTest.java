package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static tardy.cli.HostRowsCheck.json;
import static tardy.cli.HostRowsCheck.latencies;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A collector's syslog file of several JVMs' unified-logging lines (RFC 3164 and RFC 5424 headers
 * mixed, the JVMs' lines interleaved) written as a table: each header's HOSTNAME gives its JVM's
 * pauses their own rows, whose counts, maxima and p99s are a sort of the generated pauses, the
 * same bytes whatever the threads; each host's rows read back are its own log read alone.
 */
class SyslogJvmHostTableCliTest {

  private static final String[] HOSTS = {"jvm-01", "jvm-02", "jvm-03", "jvm-04"};
  private static final String SLOW = "jvm-03";
  private static final String YOUNG = "Pause Young (Normal) (G1 Evacuation Pause)";
  private static final int PAUSES_PER_HOST = 700;
  private static final java.time.format.DateTimeFormatter STAMP = java.time.format
      .DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ", Locale.ROOT)
      .withZone(ZoneOffset.UTC);

  @TempDir Path dir;

  /** Per host, its GC pauses in µs and its safepoints in ns, as generated. */
  private final Map<String, List<Long>> gcMicros = new TreeMap<>();
  private final Map<String, List<Long>> safepointNanos = new TreeMap<>();

  /** Per host, its lines without their syslog headers, as its own gc.log would hold them. */
  private final Map<String, StringBuilder> linesOf = new TreeMap<>();

  /**
   * Each JVM's lines in its own order (a GC pause, its CPU line, a safepoint), the JVMs' lines
   * interleaved at random: a GC pause, held by the parser until the next line, is often handed on
   * during another JVM's line.
   */
  private Path collectorLog(Path log) throws IOException {
    Random random = new Random(3131);
    Map<String, List<String>> pending = new TreeMap<>();
    for (String host : HOSTS) {
      List<String> lines = new ArrayList<>();
      lines.add(line(0, 10, "gc", "Using G1"));
      long uptimeMs = 1_000;
      for (int i = 0; i < PAUSES_PER_HOST; i++) {
        uptimeMs += 200 + random.nextInt(800);
        long us = 2_000 + (long) (Math.abs(random.nextGaussian()) * 5_000);
        if (host.equals(SLOW)) {
          us *= 4;
        }
        gcMicros.computeIfAbsent(host, k -> new ArrayList<>()).add(us);
        lines.add(line(uptimeMs, uptimeMs, "gc", "GC(" + i + ") " + YOUNG + " 39M->7M(64M) "
            + us / 1000 + "." + String.format(Locale.ROOT, "%03d", us % 1000) + "ms"));
        lines.add(line(uptimeMs, uptimeMs, "gc,cpu", "GC(" + i + ") User=0.01s Sys=0.00s"
            + " Real=0.01s"));
        long ns = 20_000 + random.nextInt(900_000);
        safepointNanos.computeIfAbsent(host, k -> new ArrayList<>()).add(ns);
        lines.add(line(uptimeMs + 1, uptimeMs + 1, "safepoint", "Safepoint \"Cleanup\", Time"
            + " since last: 1000000 ns, Reaching safepoint: 3000 ns, At safepoint: " + (ns - 3_500)
            + " ns, Leaving safepoint: 500 ns, Total: " + ns + " ns, Threads: 0 runnable,"
            + " 10 total"));
      }
      pending.put(host, lines);
    }
    StringBuilder all = new StringBuilder();
    int[] next = new int[HOSTS.length];
    int left = pending.values().stream().mapToInt(List::size).sum();
    for (int n = 0; left > 0; n++) {
      int h = random.nextInt(HOSTS.length);
      List<String> lines = pending.get(HOSTS[h]);
      if (next[h] == lines.size()) {
        continue;
      }
      String inner = lines.get(next[h]++);
      left--;
      ZonedDateTime t = Instant.parse("2026-11-29T10:00:00Z").plusSeconds(n / 10)
          .atZone(ZoneOffset.UTC);
      String header = n % 3 == 0
          ? "<13>1 " + t.toInstant() + " " + HOSTS[h] + " java - - - "
          : String.format(Locale.ROOT, "<13>Nov %2d %02d:%02d:%02d %s java[%d]: ",
              t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond(), HOSTS[h], 100 + h);
      all.append(header).append(inner).append('\n');
      linesOf.computeIfAbsent(HOSTS[h], k -> new StringBuilder()).append(inner).append('\n');
    }
    Files.createDirectories(log.getParent());
    Files.writeString(log, all);
    return log;
  }

  private static String line(long wallOffsetMs, long uptimeMs, String tags, String message) {
    return "[" + STAMP.format(Instant.parse("2026-11-29T10:00:00Z").plusMillis(wallOffsetMs))
        + "][" + uptimeMs / 1000 + "." + String.format(Locale.ROOT, "%03d", uptimeMs % 1000)
        + "s][info][" + tags + "] " + message;
  }

  /** Count, maximum and percentiles of each family's total: what a table keeps exactly. */
  @SuppressWarnings("unchecked")
  private static String totals(Map<String, Object> doc) {
    StringBuilder s = new StringBuilder();
    for (Map<String, Object> t : (List<Map<String, Object>>) doc.get("totals")) {
      s.append(t.get("family")).append(' ').append(t.get("count")).append(' ')
          .append(t.get("max_ns")).append(' ').append(t.get("percentiles_ns")).append('\n');
    }
    return s.toString();
  }

  private static void isTheSorts(Map<String, Object> total, String what, List<Long> values,
      long unitNanos) {
    List<Long> sorted = new ArrayList<>(values);
    sorted.sort(null);
    assertThat(((Number) total.get("count")).longValue()).as(what).isEqualTo(sorted.size());
    assertThat(((Number) total.get("max_ns")).longValue()).as(what + " max")
        .isEqualTo(sorted.get(sorted.size() - 1) * unitNanos);
    long exact = sorted.get((int) Math.ceil(0.99 * sorted.size()) - 1) * unitNanos;
    long p99 = ((Number) ((Map<?, ?>) total.get("percentiles_ns")).get("99")).longValue();
    assertThat((double) Math.abs(p99 - exact)).as(what + " p99")
        .isLessThanOrEqualTo(exact * 0.001);
  }

  @Test
  void eachJvmsPausesAreItsHostsRows() throws IOException {
    Path log = collectorLog(dir.resolve("collector/messages"));
    Path table = HostRowsCheck.sameTableWhateverTheThreads(dir, log, List.of(), "host=jvm-01",
        "host=jvm-02", "host=jvm-03", "host=jvm-04");
    for (String host : HOSTS) {
      Map<String, Object> fromTable = json(Cli.run("report", "--format", "json", "--where",
          "host=" + host, table.toString()));
      isTheSorts(HostRowsCheck.total(fromTable, "gc-pause"), host + " GC pauses",
          gcMicros.get(host), 1_000);
      isTheSorts(HostRowsCheck.total(fromTable, "safepoint"), host + " safepoints",
          safepointNanos.get(host), 1);
      Path own = dir.resolve("own/" + host + ".log");
      Files.createDirectories(own.getParent());
      Files.writeString(own, linesOf.get(host));
      Map<String, Object> alone = json(Cli.run("report", "--format", "json", own.toString()));
      assertThat(latencies(fromTable)).as(host).isEqualTo(latencies(alone));
      assertThat(totals(fromTable)).as(host).isEqualTo(totals(alone));
    }
    Map<String, Object> whole = json(Cli.run("report", "--format", "json", log.toString()));
    Map<String, Object> rolledUp = json(Cli.run("report", "--format", "json", table.toString()));
    assertThat(totals(rolledUp)).isEqualTo(totals(whole));
    assertThat(latencies(rolledUp)).isEqualTo(latencies(whole));
    HostRowsCheck.fleetRanksFirst(table, SLOW);
  }

  /**
   * A real JDK 17 ZGC log sent through {@code logger --rfc5424}: the report is the same with and
   * without a table, and its pauses are the rows of the host its headers name.
   */
  @Test
  void aRealSyslogWrappedJvmLogNamesItsHost() throws IOException {
    Path log = Path.of("..", "formats", "src", "test", "resources", "nginx-logs",
        "syslog-jvm-rfc5424.log");
    Cli.Result plain = Cli.run("report", log.toString());
    Path table = dir.resolve("real");
    Cli.Result tabled = Cli.run("report", "--table", table.toString(), log.toString());
    assertThat(plain.code()).as(plain.err()).isZero();
    assertThat(tabled.out()).isEqualTo(plain.out());
    assertThat(tabled.err()).isEqualTo(plain.err());
    assertThat(HostRowsCheck.hostPartitions(table)).containsExactly("host=vm");
    Map<String, Object> whole = json(Cli.run("report", "--format", "json", log.toString()));
    Map<String, Object> vm = json(Cli.run("report", "--format", "json", "--where", "host=vm",
        table.toString()));
    assertThat(totals(vm)).isNotEmpty().isEqualTo(totals(whole));
    assertThat(latencies(vm)).isEqualTo(latencies(whole));
  }
}
