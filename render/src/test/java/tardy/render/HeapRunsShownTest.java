package tardy.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.analysis.Analysis;
import tardy.analysis.heap.HeapRun;
import tardy.render.html.HtmlRenderer;
import tardy.render.table.TableRenderer;

/**
 * A log of a JVM restarted many times: the table and the HTML page show the runs with the lowest
 * throughput in full, and say how many there are and how their throughputs spread; of the
 * findings, ten of a kind, the rest counted; JSON keeps every run and finding. Built from a real
 * log (Serial, JDK 17, uptime decorations), its runs in turn stretched: uptimes 200 times and
 * pauses 200 times (a run of over a minute at the log's own 71 % throughput), then uptimes 300
 * times (the same pauses over a longer time: 81 %); each run's start a restart (uptime back by
 * over a second).
 */
class HeapRunsShownTest {

  private static final Path SAMPLES = Path.of("..", "samples");
  private static final Pattern UPTIME = Pattern.compile("\\[(\\d+\\.\\d+)s\\]");
  private static final Pattern PAUSE = Pattern.compile(" (\\d+\\.\\d+)ms$");

  @TempDir
  Path dir;

  private Analysis restarted(int times) throws IOException {
    List<String> lines = Files.readAllLines(SAMPLES.resolve("gc-serial-jdk17.log"));
    StringBuilder log = new StringBuilder();
    for (int i = 0; i < times; i++) {
      for (int uptimes : new int[] {200, 300}) {
        for (String line : lines) {
          Matcher uptime = UPTIME.matcher(line);
          assertThat(uptime.lookingAt()).as(line).isTrue();
          String rest = line.substring(uptime.end());
          Matcher pause = PAUSE.matcher(rest);
          if (pause.find()) {
            rest = rest.substring(0, pause.start()) + " " + stretched(pause.group(1), 200) + "ms";
          }
          log.append('[').append(stretched(uptime.group(1), uptimes)).append("s]").append(rest)
              .append('\n');
        }
      }
    }
    Path file = dir.resolve("restarted.log");
    Files.writeString(file, log);
    return Samples.analysisOf(file);
  }

  private static String stretched(String decimal, int times) {
    return new java.math.BigDecimal(decimal).multiply(java.math.BigDecimal.valueOf(times))
        .toPlainString();
  }

  private static String table(Analysis a) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new TableRenderer(new View(false, 0, View.DEFAULT_TOP, Sort.COUNT)).render(a, out);
    return out.toString(StandardCharsets.UTF_8);
  }

  private static String html(Analysis a) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new HtmlRenderer(new View(false, 0, View.DEFAULT_TOP, Sort.COUNT)).render(a, out);
    return out.toString(StandardCharsets.UTF_8);
  }

  /** The run numbers of the "Run N: Throughput" lines, in the order printed. */
  private static List<Integer> runsWithThroughput(String text) {
    List<Integer> runs = new ArrayList<>();
    Matcher m = Pattern.compile("Run (\\d+): Throughput ").matcher(text);
    while (m.find()) {
      runs.add(Integer.parseInt(m.group(1)));
    }
    return runs;
  }

  @Test
  void twelveRunsShowTheTenWithTheLowestThroughputAndSaySo() throws IOException {
    Analysis a = restarted(6);
    assertThat(a.heap()).hasSize(12);
    // the Parallel runs (odd) are the lowest; then the Serial runs in run order
    assertThat(runsWithThroughput(table(a))).containsExactly(1, 3, 5, 7, 9, 11, 2, 4, 6, 8);
    HeapRun parallel = a.heap().get(0);
    HeapRun serial = a.heap().get(1);
    assertThat(parallel.throughput().get()).isLessThan(serial.throughput().get());
    String said = "12 JVM runs; throughput lowest " + HeapWords.percent(parallel.throughput().get())
        + " (run 1), median " + HeapWords.percent(parallel.throughput().get()) + ", highest "
        + HeapWords.percent(serial.throughput().get()) + " (run 2); below, the 10 with the lowest"
        + " throughput (every run: --format json or csv).";
    assertThat(table(a).replaceAll("\n +", " ")).contains(said);
    String page = html(a);
    assertThat(page).contains("<p>" + said + "</p>");
    assertThat(runsWithThroughput(page)).containsExactly(1, 3, 5, 7, 9, 11, 2, 4, 6, 8);
    assertThat(page.split("class=\"heap-chart\"", -1)).as("a chart per run shown").hasSize(11);
  }

  @Test
  void ofTwelveLowThroughputFindingsTenAreShownInRunOrderAndTwoCounted() throws IOException {
    Analysis a = restarted(6);
    List<String> subjects = a.findings().stream()
        .filter(f -> f.signature() == tardy.record.evidence.Signature.LOW_THROUGHPUT)
        .map(tardy.analysis.findings.Finding::subject).toList();
    // the same stopped time in every run: in the order a reader counts them, not "run 10" first
    assertThat(subjects).containsExactly("run 1", "run 2", "run 3", "run 4", "run 5", "run 6",
        "run 7", "run 8", "run 9", "run 10", "run 11", "run 12");
    String text = table(a).replaceAll("\n +", " ");
    assertThat(text).contains("Low throughput: run 10: ").doesNotContain("Low throughput: run 11: ")
        .contains("Not shown: 2 more findings of Low throughput; 2 more findings of Allocation"
            + " before the long pauses (every finding: --format json).");
    String page = html(a);
    assertThat(page).contains("Low throughput: run 10: ").doesNotContain("Low throughput: run 11: ")
        .contains("Not shown: 2 more findings of Low throughput; 2 more findings of Allocation"
            + " before the long pauses (every finding: --format json).");
  }

  /** Twelve runs of one pause each: no throughput to rank by, so the first ten, said so. */
  @Test
  void runsWithoutAThroughputAreShownInRunOrder() throws IOException {
    StringBuilder log = new StringBuilder();
    for (int run = 0; run < 12; run++) { // uptime back by 2 s at each: a restart
      log.append(String.format(java.util.Locale.ROOT, "[%d.000s] GC(0) Pause Young (Allocation"
          + " Failure) 17M->2M(61M) 10.495ms%n", 25 - 2 * run));
    }
    Path file = dir.resolve("one-pause-runs.log");
    Files.writeString(file, log);
    Analysis a = Samples.analysisOf(file);
    assertThat(a.heap()).hasSize(12).allMatch(r -> r.throughput().isEmpty());
    String text = table(a).replaceAll("\n +", " ");
    assertThat(text).contains("12 JVM runs; below, the first 10 (every run: --format json or csv).");
    assertThat(HeapWords.shown(a.heap())).extracting(HeapRun::run)
        .containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    // runs 11 and 12 with a second pause half a second later: a throughput each, shown first
    for (int run = 10; run < 12; run++) {
      log.append(String.format(java.util.Locale.ROOT, "[%d.500s] GC(1) Pause Young (Allocation"
          + " Failure) 19M->4M(61M) 12.994ms%n", 25 - 2 * run));
    }
    List<String> lines = new ArrayList<>(log.toString().lines().toList());
    lines.add(11, lines.remove(12)); // each second pause after its run's first
    Files.write(file, lines);
    Analysis mixed = Samples.analysisOf(file);
    assertThat(mixed.heap()).hasSize(12);
    assertThat(table(mixed).replaceAll("\n +", " ")).contains("; below, the 2 with a throughput,"
        + " lowest first, then the first 8 without (every run: --format json or csv).");
    assertThat(HeapWords.shown(mixed.heap())).extracting(HeapRun::run)
        .containsExactly(11, 12, 1, 2, 3, 4, 5, 6, 7, 8); // the same throughput: run order
  }

  @Test
  void tenRunsAreAllShownInRunOrderWithoutTheLine() throws IOException {
    Analysis a = restarted(5);
    assertThat(a.heap()).hasSize(10);
    assertThat(runsWithThroughput(table(a))).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    assertThat(table(a)).doesNotContain("JVM runs;");
    assertThat(html(a).split("class=\"heap-chart\"", -1)).hasSize(11);
  }
}
