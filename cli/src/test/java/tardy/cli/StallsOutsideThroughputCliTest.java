package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tardy.render.Durations;

/**
 * ZGC logs written here by a program that allocates faster than ZGC frees (OpenJDK 17 ZGC,
 * Temurin 25 generational ZGC: analysis/src/test/heap-log-generator/StallingAllocator.java): the
 * heap section says, in every output, each stall kind's count and time added up, as a pass of
 * regular expressions over the log counts them, and that the throughput leaves them out: the
 * run's stopped time is exactly its GC pause lines', no stall in it.
 */
class StallsOutsideThroughputCliTest {

  private static final Path HEAP_LOGS = Path.of("..", "analysis", "src", "test", "resources",
      "heap-logs");
  private static final Pattern STALL = Pattern.compile(
      "^(?:\\[[^\\]]*\\])+\\s*(?:GC\\(\\d+\\) )?((?:[A-Za-z]: )?(?:Allocation|Relocation) Stall)"
      + " \\([^)]*\\) (\\d+)\\.(\\d{3})ms$");
  private static final Pattern PAUSE = Pattern.compile(
      "^(?:\\[[^\\]]*\\])+\\s*GC\\(\\d+\\) (?:[A-Za-z]: )?Pause .* (\\d+)\\.(\\d{3})ms$");

  /** Per stall kind its count and nanoseconds, and the GC pauses' nanoseconds, as the expressions read them. */
  record Truth(Map<String, long[]> stalls, long pausedNanos) {}

  static Truth truth(Path log) throws IOException {
    Map<String, long[]> stalls = new TreeMap<>();
    long paused = 0;
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(log)), StandardCharsets.UTF_8))) {
      for (String line; (line = in.readLine()) != null; ) {
        Matcher s = STALL.matcher(line);
        if (s.matches()) {
          long[] kind = stalls.computeIfAbsent(s.group(1), k -> new long[2]);
          kind[0]++;
          kind[1] += nanos(s.group(2), s.group(3));
          continue;
        }
        Matcher p = PAUSE.matcher(line);
        if (p.matches()) {
          paused += nanos(p.group(1), p.group(2));
        }
      }
    }
    return new Truth(stalls, paused);
  }

  private static long nanos(String ms, String micros) {
    return Long.parseLong(ms) * 1_000_000 + Long.parseLong(micros) * 1_000;
  }

  @ParameterizedTest
  @ValueSource(strings = {"jdk17-zgc-stalls.log.gz", "jdk25-zgc-stalls.log.gz"})
  @SuppressWarnings("unchecked")
  void everyOutputGivesTheStallsTheThroughputLeavesOut(String name) throws IOException {
    Path log = HEAP_LOGS.resolve(name);
    Truth t = truth(log);
    assertThat(t.stalls()).as("the log stalls of both kinds").containsKeys("Allocation Stall",
        "Relocation Stall");
    assertThat(t.stalls().get("Allocation Stall")[0]).isGreaterThan(100);

    Map<String, Object> json = Cli.json("report", "--format", "json", log.toString());
    List<Map<String, Object>> heap = (List<Map<String, Object>>) json.get("heap");
    assertThat(heap).hasSize(1);
    assertThat(((Number) heap.get(0).get("paused_ns")).longValue())
        .as("the throughput's stopped time: the GC pause lines', no stall").isEqualTo(t.pausedNanos());
    String at = heap.get(0).containsKey("first_ms") ? "_ms" : "_uptime_ms";
    long span = ((Number) heap.get(0).get("last" + at)).longValue()
        - ((Number) heap.get(0).get("first" + at)).longValue();
    long stalled = t.stalls().values().stream().mapToLong(k -> k[1]).sum();
    assertThat(stalled).as("threads stalled longer than the run's pauses: worth saying")
        .isGreaterThan(t.pausedNanos());
    assertThat(((Number) heap.get(0).get("throughput")).doubleValue())
        .isGreaterThan(1 - (double) stalled / (span * 1_000_000L));
    List<Map<String, Object>> out = (List<Map<String, Object>>) json.get("stalls_not_in_throughput");
    assertThat(out).extracting(m -> m.get("kind"))
        .containsExactlyInAnyOrderElementsOf(t.stalls().keySet());
    for (Map<String, Object> k : out) {
      long[] expected = t.stalls().get((String) k.get("kind"));
      assertThat(((Number) k.get("stalls")).longValue()).as("%s", k.get("kind")).isEqualTo(expected[0]);
      assertThat(((Number) k.get("stalled_ns")).longValue()).as("%s", k.get("kind"))
          .isEqualTo(expected[1]);
    }

    StringBuilder said = new StringBuilder("Stalls, not in the throughput (each holds one thread;"
        + " the throughput counts the time the whole application stopped): ");
    for (Map<String, Object> k : out) { // in the stall table's order
      long[] n = t.stalls().get((String) k.get("kind"));
      said.append(k == out.get(0) ? "" : "; ").append(k.get("kind")).append(' ')
          .append(String.format(java.util.Locale.ROOT, "%,d", n[0])).append(", ")
          .append(Durations.format(n[1])).append(" in all");
    }
    said.append('.');
    Cli.Result text = Cli.run("report", log.toString());
    assertThat(text.code()).isZero();
    String section = text.out().substring(text.out().indexOf("Heap and throughput\n"));
    section = section.substring(0, section.indexOf("\n\n")).replace("\n    ", " "); // unwrapped
    assertThat(section).endsWith("\n  " + said);

    Cli.Result html = Cli.run("report", "--format", "html", log.toString());
    assertThat(html.out()).contains("<p>" + said + "</p>\n");
    assertThat(html.out().indexOf("<p>" + said)).as("under the heap chart")
        .isGreaterThan(html.out().indexOf("<svg", html.out().indexOf("<h2>Heap and throughput")));

    Cli.Result csv = Cli.run("report", "--format", "csv", log.toString());
    String[] rows = csv.out().split("\n");
    List<String> header = List.of(rows[0].split(","));
    assertThat(header.get(header.size() - 1)).isEqualTo("heap_stalled_ns_not_in_throughput");
    int seen = 0;
    for (int i = 1; i < rows.length; i++) {
      String[] cells = rows[i].split(",", -1);
      assertThat(cells).hasSize(header.size());
      String last = cells[cells.length - 1];
      if (cells[1].equals("stall")) {
        assertThat(Long.parseLong(last)).as(rows[i]).isEqualTo(t.stalls().get(cells[0])[1]);
        seen++;
      } else {
        assertThat(last).as(rows[i]).isEmpty();
      }
    }
    assertThat(seen).isEqualTo(t.stalls().size());

    for (String format : List.of("json", "csv", "table")) {
      assertThat(Cli.run("report", "--format", format, "--threads", "2", log.toString()).out())
          .as("%s with --threads 2", format)
          .isEqualTo(Cli.run("report", "--format", format, "--threads", "1", log.toString()).out());
    }
  }

  /**
   * The same JVM's log twice over, uptime going back in the middle: two runs, whose stalls are
   * said once for both (a stall is not placed in a run), twice the log's.
   */
  @Test
  @SuppressWarnings("unchecked")
  void twoRunsHaveTheirStallsSaidOnceForBoth(@org.junit.jupiter.api.io.TempDir Path dir)
      throws IOException {
    Path one = HEAP_LOGS.resolve("jdk17-zgc-stalls.log.gz");
    byte[] text = new GZIPInputStream(Files.newInputStream(one)).readAllBytes();
    Path twice = dir.resolve("restarted.log");
    Files.write(twice, text);
    Files.write(twice, text, java.nio.file.StandardOpenOption.APPEND);
    Truth t = truth(one);
    Map<String, Object> json = Cli.json("report", "--format", "json", twice.toString());
    assertThat((List<Object>) json.get("heap")).hasSize(2);
    for (Map<String, Object> k : (List<Map<String, Object>>) json.get("stalls_not_in_throughput")) {
      long[] expected = t.stalls().get((String) k.get("kind"));
      assertThat(((Number) k.get("stalls")).longValue()).isEqualTo(2 * expected[0]);
      assertThat(((Number) k.get("stalled_ns")).longValue()).isEqualTo(2 * expected[1]);
    }
    assertThat(Cli.run("report", twice.toString()).out())
        .contains("\n  Stalls of all runs, not in the throughput (");
  }

  /** A ZGC log without stalls: no such sentence, key or column (its outputs as before). */
  @Test
  void aLogWithoutStallsSaysNothingOfThem() {
    String log = "../samples/gc-zgc-jdk25.log";
    assertThat(Cli.json("report", "--format", "json", log)).containsKey("heap")
        .doesNotContainKey("stalls_not_in_throughput");
    assertThat(Cli.run("report", log).out()).contains("Heap and throughput")
        .doesNotContain("not in the throughput");
    assertThat(Cli.run("report", "--format", "html", log).out())
        .doesNotContain("not in the throughput");
    assertThat(Cli.run("report", "--format", "csv", log).out().lines().findFirst().orElseThrow())
        .contains("heap_").doesNotContain("stalled");
  }
}
