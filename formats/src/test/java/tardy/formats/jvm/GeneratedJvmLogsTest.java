package tardy.formats.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tardy.formats.Formats;
import tardy.events.LogFormat;
import tardy.events.ParseStats;
import tardy.events.Sample;
import tardy.events.Times;
import tardy.events.input.LineReader;

/**
 * Logs written here by real JDK 17 and 25 runs (src/test/jvm-log-generator), with several
 * collectors and decorator sets. What the parser reads is compared with an independent, regex
 * based extraction of the same files: every pause, the count per VM operation, the percentiles,
 * and both clocks.
 */
class GeneratedJvmLogsTest {

  private static final Pattern SAFEPOINT =
      Pattern.compile("Safepoint \"([^\"]+)\".*?Reaching safepoint: (\\d+) ns.*?, Total: (\\d+) ns");
  private static final Pattern DATESTAMP =
      Pattern.compile("^(?:\\[[^]]*])*?\\[(\\d{4}-\\d\\d-\\d\\dT[0-9:.]+[+-]\\d{4})]");
  private static final Pattern UPTIME_SECONDS = Pattern.compile("^(?:\\[[^]]*])*?\\[(\\d+[.,]\\d+)s]");
  private static final Pattern MILLIS = Pattern.compile("\\[(\\d+)ms]");
  private static final DateTimeFormatter ISO_OFFSET =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSxx");

  static Stream<Path> logs() throws IOException, URISyntaxException {
    Path dir = Path.of(GeneratedJvmLogsTest.class.getResource("/jvm-logs").toURI());
    return Files.list(dir).filter(p -> p.getFileName().toString().startsWith("jdk")).sorted();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("logs")
  void parsedPausesEqualAnIndependentExtraction(Path log) throws IOException {
    byte[] bytes = Files.readAllBytes(log);
    List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);

    LogFormat format = Formats.detect(Sample.ofText(lines)).best().orElseThrow();
    assertThat(format.name()).isEqualTo("jvm-unified");
    PauseCollector sink = new PauseCollector();
    ParseStats stats = new ParseStats();
    new LineReader().read(new ByteArrayInputStream(bytes), format.newParser(), sink, stats, LineReader.Rejects.NONE, true);

    List<PauseCollector.Pause> expected = extract(lines);
    assertThat(expected).as("the run made safepoints").hasSizeGreaterThan(5);
    // a JVM that exits (or rotates its file) inside a pause leaves its start line without an end
    assertThat(stats.malformed()).isEqualTo(CutPauses.endsInsideAPause(lines) ? 1 : 0);
    assertThat(stats.lines()).isEqualTo(lines.size());
    List<PauseCollector.Pause> safepoints = new java.util.ArrayList<>();
    for (int i = 0; i < sink.pauses.size(); i++) {
      if (sink.details.get(i).family() == tardy.events.Family.SAFEPOINT) {
        safepoints.add(sink.pauses.get(i));
      }
    }
    assertThat(safepoints).containsExactlyElementsOf(expected);
    assertThat(countByKind(safepoints)).isEqualTo(countByKind(expected));
    for (double q : new double[] {50, 90, 99, 99.9, 100}) {
      assertThat(percentile(safepoints, q, false)).as("p%s total", q).isEqualTo(percentile(expected, q, false));
      assertThat(percentile(safepoints, q, true)).as("p%s ttsp", q).isEqualTo(percentile(expected, q, true));
    }
  }

  /** The pauses, found with regexes and java.time: a second reading of the same lines. */
  private static List<PauseCollector.Pause> extract(List<String> lines) {
    List<PauseCollector.Pause> out = new ArrayList<>();
    for (String line : lines) {
      Matcher m = SAFEPOINT.matcher(line);
      if (!m.find()) {
        continue;
      }
      long wall = Times.NONE;
      long uptime = Times.NONE;
      Matcher date = DATESTAMP.matcher(line);
      if (date.find()) {
        wall = OffsetDateTime.parse(date.group(1), ISO_OFFSET).toInstant().toEpochMilli();
      }
      Matcher up = UPTIME_SECONDS.matcher(line);
      if (up.find()) {
        uptime = new BigDecimal(up.group(1).replace(',', '.')).movePointRight(3).longValue();
      }
      Matcher ms = MILLIS.matcher(line.substring(0, m.start()));
      while (ms.find()) {
        long v = Long.parseLong(ms.group(1));
        if (v >= 100_000_000_000L) {
          wall = v; // timemillis
        } else {
          uptime = v; // uptimemillis
        }
      }
      out.add(new PauseCollector.Pause(m.group(1), Long.parseLong(m.group(3)), Long.parseLong(m.group(2)), wall, uptime));
    }
    return out;
  }

  private static Map<String, Integer> countByKind(List<PauseCollector.Pause> pauses) {
    Map<String, Integer> counts = new TreeMap<>();
    pauses.forEach(p -> counts.merge(p.kind(), 1, Integer::sum));
    return counts;
  }

  /** Nearest-rank percentile over a sorted copy. */
  private static long percentile(List<PauseCollector.Pause> pauses, double q, boolean ttsp) {
    long[] values = pauses.stream().mapToLong(p -> ttsp ? p.ttspNanos() : p.totalNanos()).toArray();
    Arrays.sort(values);
    int rank = (int) Math.ceil(q / 100 * values.length);
    return values[Math.max(rank, 1) - 1];
  }
}
