package tardy.record;

import tardy.analysis.Analyzer;

import tardy.analysis.Analysis;
import tardy.analysis.Summary;
import tardy.record.grouping.Grouping;
import tardy.record.histogram.Percentiles;
import tardy.run.Pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tardy.events.Family;
import tardy.events.input.Input;
import tardy.events.input.LineReader;
import tardy.formats.jvm.CutPauses;

/**
 * GC logs written on this machine by JDK 17 and Temurin 25 (every collector, -Xlog:gc, gc* and
 * gc*,safepoint, every decorator set, rotated sets; see formats/src/test/jvm-log-generator): every
 * line is accounted for; per pause kind, the count is exact and every percentile is within
 * HdrHistogram's precision of the nearest-rank value of a plain sort of the durations a regular
 * expression finds in the text, independently of tardy's parser; the safepoints per VM operation
 * and the stalls per kind are counted exactly.
 */
class GcLogsPercentilesTest {

  /** The pause kind (with its generation prefix) and its duration in ms. */
  private static final Pattern PAUSE = Pattern.compile(
      "^(?:\\[[^\\]]*\\])* ?(?:GC\\(\\d+\\) )?((?:[a-zA-Z]: )?Pause .*?)(?: \\S+->\\S+\\(\\S+\\))? (\\d+(?:[.,]\\d+)?)ms *$");
  /** A JDK 13+ safepoint: its VM operation. */
  private static final Pattern SAFEPOINT = Pattern.compile("^.*?\\bSafepoint \"([^\"]+)\", .*, Total: \\d+ ns.*$");
  /** ZGC's stall of one thread: its kind, without the thread. */
  private static final Pattern STALL = Pattern.compile(
      "^(?:\\[[^\\]]*\\])* ?(?:GC\\(\\d+\\) )?((?:[a-zA-Z]: )?(?:Allocation|Relocation) Stall) \\(.*\\) \\d+(?:[.,]\\d+)?ms *$");
  private static final Path LOGS = Path.of("..", "formats", "src", "test", "resources", "jvm-logs");

  static Stream<Path> logs() throws IOException {
    // the logs are part of the repository: a moved directory must fail here, not run nothing
    List<Path> logs = Files.list(LOGS).filter(p -> p.getFileName().toString().startsWith("gc-"))
        .sorted().toList();
    if (logs.size() < 20) {
      throw new IllegalStateException(LOGS + " holds " + logs.size() + " generated GC logs");
    }
    return logs.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("logs")
  void everyPauseKindHasItsExactCountAndPercentiles(Path log) throws IOException {
    Map<String, List<Long>> truth = new TreeMap<>();
    Map<String, Long> safepoints = new TreeMap<>();
    Map<String, Long> stalls = new TreeMap<>();
    List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
    for (String line : lines) {
      Matcher sp = SAFEPOINT.matcher(line);
      if (sp.matches()) {
        safepoints.merge(sp.group(1), 1L, Long::sum);
      }
      Matcher st = STALL.matcher(line);
      if (st.matches()) {
        stalls.merge(st.group(1), 1L, Long::sum);
      }
      Matcher m = PAUSE.matcher(line);
      if (m.matches()) {
        long nanos = new java.math.BigDecimal(m.group(2).replace(',', '.'))
            .movePointRight(6).longValueExact();
        truth.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(nanos);
      }
    }
    Result result = new Pipeline(
        new Pipeline.Options(Optional.empty(), 1, LineReader.DEFAULT_MAX_LINE_BYTES, null))
        .run(List.of(Input.file(log)), Result.Spec.report(Grouping.DEFAULT, 1000));
    Analysis analysis = Analyzer.analyze("t", result);
    assertThat(result.inputs().get(0).format()).isEqualTo("jvm-unified");
    // a JVM stopped (or a file rotated) inside a pause leaves its start line without its end
    assertThat(result.inputs().get(0).malformed())
        .isEqualTo(CutPauses.endsInsideAPause(lines) ? 1 : 0);
    assertThat(result.inputs().get(0).lines()).as("every line accounted for").isEqualTo(lines.size());
    assertThat(result.inputs().get(0).reasons()).as("a JVM wrote every line: all are unified logging")
        .noneMatch(r -> r.reason().startsWith("not a unified-logging line"));
    assertThat(countsOf(analysis, Family.SAFEPOINT)).as("safepoints").isEqualTo(safepoints);
    assertThat(countsOf(analysis, Family.STALL)).as("stalls").isEqualTo(stalls);

    Map<String, Long> counts = new TreeMap<>();
    analysis.groupsOf(Family.GC_PAUSE).forEach(s -> counts.put(s.key(), s.count()));
    Map<String, Long> expectedCounts = new TreeMap<>();
    truth.forEach((k, v) -> expectedCounts.put(k, (long) v.size()));
    assertThat(counts).isEqualTo(expectedCounts);
    for (Summary s : analysis.groupsOf(Family.GC_PAUSE)) {
      long[] sorted = truth.get(s.key()).stream().mapToLong(Long::longValue).sorted().toArray();
      assertThat(s.maxNanos()).isEqualTo(sorted[sorted.length - 1]);
      assertThat(s.minNanos()).isEqualTo(sorted[0]);
      for (Percentiles.Point p : s.latency().points()) {
        RecorderTest.assertEquivalent(s.histogram(), p.nanos(),
            RecorderTest.exactAt(sorted, p.percentile()), s.key() + " p" + p.label());
      }
    }
    long all = truth.values().stream().mapToLong(List::size).sum();
    assertThat(analysis.totalOf(Family.GC_PAUSE).map(Summary::count).orElse(0L)).isEqualTo(all);
  }

  private static Map<String, Long> countsOf(Analysis analysis, Family family) {
    Map<String, Long> counts = new TreeMap<>();
    analysis.groupsOf(family).forEach(s -> counts.put(s.key(), s.count()));
    return counts;
  }
}
