package tardy.formats.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tardy.events.Ascii;
import tardy.events.Corpus;
import tardy.events.EventSink;
import tardy.events.Family;
import tardy.events.LineParser;
import tardy.events.Match;
import tardy.events.Outcome;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Sample;
import tardy.formats.Formats;

/**
 * JDK 8's -XX:+PrintSafepointStatistics rows: each a safepoint of its VM operation, read against a
 * plain regex of the rows and against the JVM's own summary at exit (its count per operation and
 * its maximum sync time), on the real logs of JDK 8u333 under -XX:+LogVMOutput.
 */
class SafepointStatisticsTest {

  /** A safepoint as read: the operation, uptime, stopped and time-to-safepoint milliseconds. */
  record Read(String kind, long uptimeMillis, long stoppedMillis, long syncMillis) {}

  private static final Pattern ROW = Pattern.compile(
      "^\\s*(\\d+)[.,](\\d{3}): (.+?)\\s+\\[\\s*\\d+\\s+\\d+\\s+\\d+\\s*\\]\\s+\\[\\s*\\d+\\s+\\d+\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s*\\]\\s*\\d*\\s*$");

  private static List<Read> read(List<String> lines, List<Outcome> outcomes) {
    LineParser parser = new SafepointStatisticsFormat().newParser();
    List<Read> reads = new ArrayList<>();
    EventSink sink = new EventSink() {
      @Override
      public void request(RequestEvent e) {}

      @Override
      public void pause(PauseEvent e) {
        assertThat(e.family()).isEqualTo(Family.SAFEPOINT);
        reads.add(new Read(Ascii.text(e.kindBuf(), e.kindFrom(), e.kindTo()), e.uptimeMillis(),
            e.totalNanos() / 1_000_000, e.timeToSafepointNanos() / 1_000_000));
      }
    };
    for (String line : lines) {
      byte[] b = line.getBytes(StandardCharsets.UTF_8);
      outcomes.add(parser.parse(b, 0, b.length, sink));
    }
    return reads;
  }

  private static List<Read> byRegex(List<String> lines) {
    List<Read> reads = new ArrayList<>();
    for (String line : lines) {
      Matcher m = ROW.matcher(line);
      if (m.matches()) {
        long sync = Long.parseLong(m.group(4));
        reads.add(new Read(m.group(3), Long.parseLong(m.group(1)) * 1000 + Long.parseLong(m.group(2)),
            sync + Long.parseLong(m.group(5)) + Long.parseLong(m.group(6)), sync));
      }
    }
    return reads;
  }

  @Test
  void rowsOfEveryJdkShapeAndWhatIsNoRow() {
    List<Outcome> outcomes = new ArrayList<>();
    List<Read> reads = read(List.of(
        "         vmop                    [threads: total initially_running wait_to_block]    [time: spin block sync cleanup vmop] page_trap_count",
        "0.356: Deoptimize                       [      10          0              0    ]      [     0     0     0     0     0    ]  0   ",
        "1.360: no vm operation                  [      10          0              0    ]      [     0     0     0     0     0    ]  0   ",
        "12,250: G1IncCollectionPause             [      40          2              3    ]      [     1     2     7     1    35    ]  1",
        "7.007: ParallelGCFailedAllocation       [      12          0              1    ]      [     0     0     2     0    14    ]",
        "7.100: RevokeBias                       [      12          0              1    ]      [     0     0     x     0    14    ]  0",
        "Maximum sync time    123 ms",
        "<writer thread='20483'/>"), outcomes);
    assertThat(reads).containsExactly(new Read("Deoptimize", 356, 0, 0),
        new Read("no vm operation", 1360, 0, 0), new Read("G1IncCollectionPause", 12_250, 43, 7),
        new Read("ParallelGCFailedAllocation", 7007, 16, 2));
    assertThat(outcomes.get(0)).isEqualTo(SafepointStatisticsFormat.HEADER);
    assertThat(outcomes.get(5)).as("a row that does not read").isEqualTo(SafepointStatisticsFormat.UNREAD_ROW);
    assertThat(outcomes.subList(6, 8)).containsOnly(SafepointStatisticsFormat.OTHER);
  }

  @Test
  void theSampleReadsAsItsRowsAndIsFoundAsItsFormat() throws IOException {
    Path sample = Path.of("src/test/resources/samples/jdk8-safepoint-stats/jdk8u333-logvmoutput.log");
    List<String> lines = Files.readAllLines(sample);
    List<Outcome> outcomes = new ArrayList<>();
    assertThat(read(lines, outcomes)).isEqualTo(byRegex(lines)).hasSize(10);
    assertThat(outcomes).doesNotContain(SafepointStatisticsFormat.UNREAD_ROW);
    assertThat(Formats.detect(Sample.ofText(lines)).best())
        .hasValueSatisfying(f -> assertThat(f.name()).isEqualTo("jdk8-safepoint-stats"));
    // nor a GC log: not its rows, which start with an uptime, nor the JVM's version lines in the
    // XML's head, on which a followed file would otherwise be planned before any row arrived
    assertThat(new Jdk8Format().detect(Sample.ofText(lines))).isEqualTo(Match.NONE);
    assertThat(Formats.detect(Sample.ofText(lines.subList(0, 20))).best()).isEmpty();
  }

  /** The JVM's summary at exit counts each operation's safepoints and gives the longest sync. */
  @Test
  void theJvmsOwnSummaryAgreesOnTheCorpusLogs() throws IOException {
    Path dir = Corpus.require("jvm").resolve("lalaorya_gctrace/logs");
    for (String name : new String[] {"jdk8safepoint.log", "jdk8safepoint2.log"}) {
      List<String> lines = Files.readAllLines(dir.resolve(name));
      List<Read> reads = read(lines, new ArrayList<>());
      assertThat(reads).as(name).isEqualTo(byRegex(lines));
      Map<String, Long> counted = new TreeMap<>();
      reads.stream().filter(r -> !r.kind().equals("no vm operation"))
          .forEach(r -> counted.merge(r.kind(), 1L, Long::sum));
      Map<String, Long> summary = new TreeMap<>();
      int from = lines.indexOf("Polling page always armed");
      long maxSync = -1;
      for (String line : lines.subList(from + 1, lines.size())) {
        Matcher op = Pattern.compile("^([A-Za-z0-9]+)\\s+(\\d+)$").matcher(line);
        Matcher sync = Pattern.compile("^Maximum sync time\\s+(\\d+) ms$").matcher(line);
        if (op.matches()) {
          summary.put(op.group(1), Long.parseLong(op.group(2)));
        } else if (sync.matches()) {
          maxSync = Long.parseLong(sync.group(1));
        }
      }
      assertThat(counted).as(name).isEqualTo(summary).isNotEmpty();
      assertThat(reads.stream().mapToLong(Read::syncMillis).max().orElseThrow()).as(name).isEqualTo(maxSync);
    }
  }
}
