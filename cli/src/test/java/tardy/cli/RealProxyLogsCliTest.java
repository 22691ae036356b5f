package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Logs of a real Apache httpd and HAProxy (formats/src/test/httpd-log-generator,
 * haproxy-log-generator), the same generated requests, read end to end by {@code
 * tardy report --format json}: every line accounted for, and the totals and the operations of the
 * generator's fixed endpoints with the exact count, min and max and every percentile within
 * HdrHistogram's precision of the nearest rank of a plain sort of the durations read here with a
 * split, without tardy.
 */
class RealProxyLogsCliTest {

  private static final Path CONF = Path.of("..", "formats", "src", "test", "httpd-log-generator", "httpd.conf");

  /** A log, the LogFormat nickname to paste (null: detected), the format tardy names, the reading. */
  record Variant(String log, String nick, String format, ToLongFunction<String> nanos) {
    @Override
    public String toString() {
      return log;
    }
  }

  private static long lastFieldMicros(String line) {
    return Long.parseLong(line.substring(line.lastIndexOf(' ') + 1)) * 1_000;
  }

  static Stream<Arguments> variants() {
    return Stream.of(
        new Variant("combined-d.log", null, "httpd-combined", RealProxyLogsCliTest::lastFieldMicros),
        new Variant("common-d.log", null, "httpd-common", RealProxyLogsCliTest::lastFieldMicros),
        new Variant("syslog-combined-d.log", null, "syslog+httpd-combined", RealProxyLogsCliTest::lastFieldMicros),
        new Variant("timers.log", "timers", "httpd-custom", RealProxyLogsCliTest::lastFieldMicros),
        new Variant("ms-first.log", "ms_first", "httpd-custom",
            line -> Long.parseLong(line.substring(0, line.indexOf(' '))) * 1_000_000),
        new Variant("/haproxy-logs/httplog.log", null, "haproxy-http", RealProxyLogsCliTest::haproxyTa),
        new Variant("/haproxy-logs/syslog-httplog.log", null, "syslog+haproxy-http", RealProxyLogsCliTest::haproxyTa))
        .map(Arguments::of);
  }

  /** HAProxy's Ta, the last of the five timers, the third field after the accept date. */
  private static long haproxyTa(String line) {
    String timers = line.substring(line.indexOf("] ", line.indexOf(" [")) + 2).split(" ")[2];
    return Long.parseLong(timers.substring(timers.lastIndexOf('/') + 1)) * 1_000_000;
  }

  private static String logFormat(String nick) throws IOException {
    for (String line : Files.readAllLines(CONF)) {
      if (line.startsWith("LogFormat ") && line.endsWith("\" " + nick)) {
        return line;
      }
    }
    throw new AssertionError(nick);
  }

  /** The operation tardy names for a request of the generator (drive.py), by its request line. */
  private static String operation(String line) {
    for (String[] endpoint : new String[][] {{"\"GET /fast ", "GET /fast"}, {"\"GET /slow ", "GET /slow"},
        {"\"POST /error ", "POST /error"}, {"\"GET /instant ", "GET /instant"}}) {
      if (line.contains(endpoint[0])) {
        return endpoint[1];
      }
    }
    return null;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("variants")
  void everyLineIsAccountedAndTheNumbersAreExact(Variant v) throws IOException {
    Assumptions.assumeTrue(Files.isRegularFile(CONF), "run from the cli module");
    Path log = TardyCliTest.resource(v.log.startsWith("/") ? v.log : "/httpd-logs/" + v.log);
    List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
    List<String> args = new ArrayList<>(List.of("report", "--format", "json", "--threads", "3"));
    if (v.nick != null) {
      args.addAll(List.of("--log-format", logFormat(v.nick)));
    }
    args.add(log.toString());
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertThat(r.code()).as(r.err()).isZero();
    Object doc = JsonLines.document(r.out());

    assertThat(JsonLines.at(doc, "inputs", 0, "format")).isEqualTo(v.format);
    assertThat(JsonLines.at(doc, "inputs", 0, "lines")).isEqualTo((long) lines.size());
    assertThat(JsonLines.at(doc, "inputs", 0, "parsed")).isEqualTo((long) lines.size());

    List<Long> all = new ArrayList<>();
    Map<String, List<Long>> expected = new TreeMap<>();
    for (String line : lines) {
      long nanos = v.nanos.applyAsLong(line);
      all.add(nanos);
      String operation = operation(line);
      if (operation != null) {
        expected.computeIfAbsent(operation, k -> new ArrayList<>()).add(nanos);
      }
    }
    assertThat(expected).hasSize(4);
    Map<String, Map<String, Object>> groups = new TreeMap<>();
    for (Object g : (List<?>) JsonLines.at(doc, "groups")) {
      groups.put((String) JsonLines.at(g, "key"), castMap(g));
    }
    for (Map.Entry<String, List<Long>> e : expected.entrySet()) {
      assertThat(groups).containsKey(e.getKey());
      assertNumbers(groups.get(e.getKey()), e.getValue(), e.getKey());
    }
    assertNumbers(castMap(JsonLines.at(doc, "totals", 0)), all, "(total)");
  }

  /** httpd's own combined, without a duration: refused, exit 2, saying what to add for either server. */
  @Test
  void stockCombinedIsRefusedWithTheLineToAddForHttpd() throws IOException {
    Path log = TardyCliTest.resource("/httpd-logs/combined.log");
    Cli.Result r = Cli.run("report", log.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("$request_time").contains("%D\" combined");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> castMap(Object o) {
    return (Map<String, Object>) o;
  }

  static void assertNumbers(Map<String, Object> group, List<Long> values, String what) {
    long[] sorted = values.stream().mapToLong(Long::longValue).sorted().toArray();
    assertThat(group.get("count")).as(what).isEqualTo((long) sorted.length);
    assertThat(group.get("min_ns")).as(what).isEqualTo(sorted[0]);
    assertThat(group.get("max_ns")).as(what).isEqualTo(sorted[sorted.length - 1]);
    Map<String, Object> percentiles = castMap(group.get("percentiles_ns"));
    assertThat(percentiles).as(what).isNotEmpty();
    for (Map.Entry<String, Object> p : percentiles.entrySet()) {
      long exact = exactAt(sorted, Double.parseDouble(p.getKey()));
      long reported = (Long) p.getValue();
      // HdrHistogram with 3 significant digits: the bucket's top, never below the exact value
      assertThat(reported).as(what + " p" + p.getKey()).isBetween(exact, exact + Math.max(1, exact / 1000));
    }
  }

  /** The nearest-rank percentile of a sorted array. */
  private static long exactAt(long[] sorted, double percentile) {
    long rank = Math.max(1, (long) Math.ceil(percentile / 100.0 * sorted.length - 1e-9));
    return sorted[(int) Math.min(rank, sorted.length) - 1];
  }
}
