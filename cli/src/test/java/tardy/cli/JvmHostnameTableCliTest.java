package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static tardy.cli.HostRowsCheck.json;
import static tardy.cli.HostRowsCheck.latencies;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.LogText;

/**
 * Three real JVMs' unified logs with the {@code hostname} decorator, relayed by {@code logger} on
 * a host named relay-01 (see the README beside them): each line's decorator, not the relay's
 * header, names the host of its pauses in the table, whose per-host counts, maxima and p99s are
 * those of an independent parse of the lines, the same bytes whatever the threads. Without the
 * syslog header, one file is one JVM's: several JVMs' lines concatenated stay the first host's,
 * with a note that says so.
 */
class JvmHostnameTableCliTest {

  private static final Path DIR = Path.of("..", "formats", "src", "test", "resources",
      "jvm-logs", "hostname-syslog");
  private static final Path RFC5424 = DIR.resolve("relay-rfc5424.log");
  private static final Path RSYSLOG_GZ = DIR.resolve("relay-rsyslog-file.log.gz");
  private static final List<String> HOSTS = List.of("db-03", "web-01", "web-02");

  /** The host decorator before the level, and the message after the tags. */
  private static final Pattern DECORATED =
      Pattern.compile("\\]\\[([a-z0-9.-]+)\\]\\[info *\\]\\[([a-z,]+) *\\] (.*)$");
  private static final Pattern GC_PAUSE = Pattern.compile("^GC\\(\\d+\\) Pause .* (\\d+)\\.(\\d{3})ms$");
  private static final Pattern SAFEPOINT = Pattern.compile("^Safepoint \".* Total: (\\d+) ns");

  @TempDir Path dir;

  /** Per host, its GC pauses' and its safepoints' nanoseconds, read from the lines by regex. */
  private record Parsed(Map<String, List<Long>> gc, Map<String, List<Long>> safepoints) {}

  private static Parsed parse(List<String> lines) {
    Parsed p = new Parsed(new TreeMap<>(), new TreeMap<>());
    for (String line : lines) {
      Matcher m = DECORATED.matcher(line);
      if (!m.find()) {
        continue;
      }
      Matcher gc = GC_PAUSE.matcher(m.group(3));
      Matcher sp = SAFEPOINT.matcher(m.group(3));
      if (m.group(2).equals("gc") && gc.find()) {
        p.gc.computeIfAbsent(m.group(1), k -> new ArrayList<>())
            .add(Long.parseLong(gc.group(1)) * 1_000_000 + Long.parseLong(gc.group(2)) * 1_000);
      } else if (m.group(2).equals("safepoint") && sp.find()) {
        p.safepoints.computeIfAbsent(m.group(1), k -> new ArrayList<>())
            .add(Long.parseLong(sp.group(1)));
      }
    }
    return p;
  }

  private static List<String> lines(Path log) throws IOException {
    return LogText.of(log).lines().toList();
  }

  /** The JVMs' own lines: the syslog header (all before the first decorator) taken off. */
  private static List<String> unwrapped(List<String> lines) {
    return lines.stream().map(l -> l.substring(l.indexOf("[2026-"))).toList();
  }

  private static Path write(Path file, List<String> lines) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, String.join("\n", lines) + "\n");
    return file;
  }

  /** Count and maximum exactly, p99 within HdrHistogram's 0.1 %, of a sort of {@code nanos}. */
  private static void isTheSort(Map<String, Object> total, String what, List<Long> nanos) {
    List<Long> sorted = new ArrayList<>(nanos);
    sorted.sort(null);
    assertThat(((Number) total.get("count")).longValue()).as(what).isEqualTo(sorted.size());
    assertThat(((Number) total.get("max_ns")).longValue()).as(what + " max")
        .isEqualTo(sorted.get(sorted.size() - 1));
    long exact = sorted.get((int) Math.ceil(0.99 * sorted.size()) - 1);
    long p99 = ((Number) ((Map<?, ?>) total.get("percentiles_ns")).get("99")).longValue();
    assertThat((double) Math.abs(p99 - exact)).as(what + " p99")
        .isLessThanOrEqualTo(exact * 0.001);
  }

  /** Each host's rows of {@code table} are its pauses as {@code parsed} found them. */
  private static void eachHostIsItsParse(Path table, Parsed parsed) {
    assertThat(parsed.gc().keySet()).containsExactlyElementsOf(HOSTS);
    for (String host : HOSTS) {
      Map<String, Object> rows = json(Cli.run("report", "--format", "json", "--where",
          "host=" + host, table.toString()));
      isTheSort(HostRowsCheck.total(rows, "gc-pause"), host + " GC pauses", parsed.gc().get(host));
      isTheSort(HostRowsCheck.total(rows, "safepoint"), host + " safepoints",
          parsed.safepoints().get(host));
    }
  }

  @Test
  void theDecoratorWinsOverTheRelaysHeader() throws IOException {
    Path log = Files.copy(RFC5424, Files.createDirectories(dir.resolve("relay"))
        .resolve("messages"));
    Path table = HostRowsCheck.sameTableWhateverTheThreads(dir, log, List.of(), "host=db-03",
        "host=web-01", "host=web-02");
    eachHostIsItsParse(table, parse(lines(log)));
    // the rows add up to the log read whole, and the table changes no report
    Cli.Result plain = Cli.run("report", log.toString());
    Cli.Result tabled = Cli.run("report", "--table", dir.resolve("again").toString(),
        log.toString());
    assertThat(tabled.out()).isEqualTo(plain.out());
    assertThat(tabled.err()).isEqualTo(plain.err());
    assertThat(latencies(json(Cli.run("report", "--format", "json", table.toString()))))
        .isEqualTo(latencies(json(Cli.run("report", "--format", "json", log.toString()))));
  }

  /** rsyslog's file format (RFC 3164, no priority), gzipped: the same rows per host. */
  @Test
  void anRsyslogFileGzippedGivesTheSameRows() throws IOException {
    Path table = dir.resolve("gz");
    Cli.Result r = Cli.run("report", "--table", table.toString(), RSYSLOG_GZ.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(HostRowsCheck.hostPartitions(table)).containsExactly("host=db-03", "host=web-01",
        "host=web-02");
    eachHostIsItsParse(table, parse(lines(RSYSLOG_GZ)));
    assertThat(parse(lines(RSYSLOG_GZ))).isEqualTo(parse(lines(RFC5424)));
  }

  /** Lines without the decorator keep the header's host: the relay's, as before. */
  @Test
  void withoutTheDecoratorTheHeaderNamesTheHost() throws IOException {
    List<String> plain = lines(RFC5424).stream()
        .map(l -> l.replaceFirst("\\]\\[(db-03|web-01|web-02)\\]\\[info", "][info")).toList();
    Path log = write(dir.resolve("plain/messages"), plain);
    Path table = HostRowsCheck.sameTableWhateverTheThreads(dir, log, List.of(), "host=relay-01");
    assertThat(latencies(json(Cli.run("report", "--format", "json", table.toString()))))
        .isEqualTo(latencies(json(Cli.run("report", "--format", "json", log.toString()))));
  }

  /** Without syslog, each JVM's own file is its host's partition, whatever the threads. */
  @Test
  void eachJvmsOwnFileIsItsHostsPartition() throws IOException {
    List<String> all = unwrapped(lines(RFC5424));
    List<String> logs = new ArrayList<>();
    for (String host : HOSTS) {
      logs.add(write(dir.resolve("logs/" + host + "/gc.log"),
          all.stream().filter(l -> l.contains("][" + host + "][")).toList()).toString());
    }
    Map<String, String> first = null;
    for (String threads : List.of("1", "2", "4")) {
      Path table = dir.resolve("own" + threads);
      List<String> args = new ArrayList<>(List.of("report", "--threads", threads, "--table",
          table.toString()));
      args.addAll(logs);
      Cli.Result r = Cli.run(args.toArray(String[]::new));
      assertThat(r.code()).as(r.err()).isZero();
      assertThat(r.err()).doesNotContain("tardy: --table:");
      assertThat(HostRowsCheck.hostPartitions(table)).containsExactly("host=db-03",
          "host=web-01", "host=web-02");
      Map<String, String> files = HostRowsCheck.files(table);
      assertThat(files).as("--threads " + threads).isEqualTo(first == null ? files : first);
      first = files;
    }
    eachHostIsItsParse(dir.resolve("own1"), parse(all));
  }

  /**
   * Several JVMs' lines concatenated into one file without syslog headers: a file is one JVM's,
   * so its pauses are all the host its first lines name, and a note says so and names the others.
   */
  @Test
  void oneFileOfSeveralJvmsSaysWhatItDoes() throws IOException {
    Path log = write(dir.resolve("collector/gc.log"), unwrapped(lines(RFC5424)));
    Path table = dir.resolve("t");
    Cli.Result r = Cli.run("report", "--table", table.toString(), log.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(HostRowsCheck.hostPartitions(table)).containsExactly("host=db-03");
    assertThat(r.err()).contains("tardy: --table: a JVM log names host db-03 in its first lines,"
        + " but its lines also name 2 other hosts web-01, web-02 (several JVMs' logs in one"
        + " file): all its pauses are in db-03's rows");
    assertThat(latencies(json(Cli.run("report", "--format", "json", table.toString()))))
        .isEqualTo(latencies(json(Cli.run("report", "--format", "json", log.toString()))));
  }
}
