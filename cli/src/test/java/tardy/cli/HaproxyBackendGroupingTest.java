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
import org.junit.jupiter.api.Test;

/**
 * A real HAProxy with two backends chosen by the Host header, the same paths behind both
 * (formats/src/test/haproxy-log-generator/run-backends.sh): {@code --group-by backend} gives
 * each operation once per backend, with the counts the client itself counted as it sent them
 * (backends-sent.tsv), and every percentile within HdrHistogram's precision of a plain sort of
 * the Ta timers read here by splitting each line on its backend.
 */
class HaproxyBackendGroupingTest {

  private static final Path LOG = TardyCliTest.resource("/haproxy-logs/backends.log");
  private static final Path SENT = TardyCliTest.resource("/haproxy-logs/backends-sent.tsv");

  @Test
  void operationsPerBackendHoldWhatTheClientSentThere() throws IOException {
    Cli.Result r = Cli.run("report", "--group-by", "backend", "--format", "json", "--threads", "3",
        LOG.toString());
    assertThat(r.code()).as(r.err()).isZero();
    Object doc = JsonLines.document(r.out());
    Map<String, Long> counts = new TreeMap<>();
    for (Object g : (List<?>) JsonLines.at(doc, "groups")) {
      counts.put((String) JsonLines.at(g, "key"), (Long) JsonLines.at(g, "count"));
    }
    Map<String, Long> sent = new TreeMap<>();
    for (String line : Files.readAllLines(SENT)) {
      String[] f = line.split("\t");
      sent.put("[" + f[0] + "] " + f[1], Long.parseLong(f[2]));
    }
    assertThat(sent).hasSize(10); // five operations on each of two backends
    assertThat(counts).isEqualTo(sent);
  }

  @Test
  void percentilesPerBackendAreThoseOfTheBackendsOwnTimers() throws IOException {
    Cli.Result r = Cli.run("report", "--group-by", "backend", "--format", "json", LOG.toString());
    assertThat(r.code()).as(r.err()).isZero();
    Map<String, List<Long>> byBackend = new TreeMap<>();
    for (String line : Files.readAllLines(LOG, StandardCharsets.ISO_8859_1)) {
      String[] f = line.split(" ");
      String backend = f[3].substring(0, f[3].indexOf('/'));
      String[] timers = f[4].split("/");
      if (line.contains("\"GET /fast ") || line.contains("\"GET /slow ")) {
        String operation = line.contains("\"GET /fast ") ? "GET /fast" : "GET /slow";
        byBackend.computeIfAbsent("[" + backend + "] " + operation, k -> new ArrayList<>())
            .add(Long.parseLong(timers[4]) * 1_000_000);
      }
    }
    assertThat(byBackend).hasSize(4);
    Object doc = JsonLines.document(r.out());
    Map<String, Map<String, Object>> groups = new TreeMap<>();
    for (Object g : (List<?>) JsonLines.at(doc, "groups")) {
      groups.put((String) JsonLines.at(g, "key"), castMap(g));
    }
    for (Map.Entry<String, List<Long>> e : byBackend.entrySet()) {
      assertThat(groups).containsKey(e.getKey());
      RealProxyLogsCliTest.assertNumbers(groups.get(e.getKey()), e.getValue(), e.getKey());
    }
  }

  @Test
  void theSameBytesWhateverTheThreads() {
    Cli.Result one = Cli.run("report", "--group-by", "backend", "--threads", "1", LOG.toString());
    Cli.Result three = Cli.run("report", "--group-by", "backend", "--threads", "3", LOG.toString());
    assertThat(one.code()).as(one.err()).isZero();
    assertThat(three.out()).isEqualTo(one.out()).contains("[www] GET /slow");
  }

  @Test
  void aLogWithoutBackendsKeepsItsOperationsAndAWrongValueIsAUsageError() {
    Path nginx = TardyCliTest.NGINX;
    Cli.Result plain = Cli.run("report", nginx.toString());
    Cli.Result grouped = Cli.run("report", "--group-by", "backend", nginx.toString());
    assertThat(grouped.code()).as(grouped.err()).isZero();
    assertThat(grouped.out()).isEqualTo(plain.out());
    Cli.Result wrong = Cli.run("report", "--group-by", "server", LOG.toString());
    assertThat(wrong.code()).isEqualTo(2);
    assertThat(wrong.err()).contains("--group-by must be operation or backend, not server");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> castMap(Object o) {
    return (Map<String, Object>) o;
  }
}
