package tardy.record.window;

import tardy.analysis.Analyzer;

import tardy.analysis.Analysis;
import tardy.record.InputSummary;
import tardy.analysis.Summary;
import tardy.record.Recorder;
import tardy.record.Result;
import tardy.record.grouping.Grouping;
import tardy.run.LogEnd;
import tardy.run.Pipeline;
import tardy.run.Plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.Family;
import tardy.events.Times;
import tardy.events.input.Input;
import tardy.events.input.LineReader;

/**
 * --from/--to keep exactly the events whose logged time is in [from, to), as a regex and
 * java.time read them from the same lines, whatever the threads; every other line is counted with
 * the window's reason, also a pause whose line was counted before its CPU times came.
 */
class TimeWindowTest {

  @TempDir Path dir;

  private static final Pattern COMBINED =
      Pattern.compile("\\[([^\\]]+)\\] \"[^\"]*\" \\d+ \\d+ \"[^\"]*\" \"[^\"]*\" (\\d+)\\.(\\d{3})$");
  private static final DateTimeFormatter NGINX =
      DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT);
  private static final Pattern UL_PAUSE = Pattern.compile(
      "^\\[([^\\]]+)\\].*(?:\\]\\[gc +\\] GC\\(\\d+\\) Pause.* [\\d.]+ms$|Safepoint \")");
  private static final DateTimeFormatter UL =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ", Locale.ROOT);

  private Path accessLog(int lines) throws IOException {
    Path file = dir.resolve("access.log");
    Random rnd = new Random(7);
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
      for (int i = 0; i < lines; i++) {
        int second = i / 20;
        long millis = (long) Math.exp(rnd.nextGaussian() * 1.5 + 3);
        w.write(String.format(Locale.ROOT,
            "10.0.0.%d - - [08/Mar/2023:%02d:%02d:%02d +0100] \"GET /p/%d HTTP/1.1\" 200 %d \"-\""
                + " \"curl/8\" %d.%03d\n", rnd.nextInt(256), 10 + second / 3600, second / 60 % 60,
            second % 60, rnd.nextInt(50), rnd.nextInt(9000), millis / 1000, millis % 1000));
      }
    }
    return file;
  }

  private static Result run(Path file, int threads, TimeWindow window) {
    Pipeline.Options options = new Pipeline.Options(Optional.empty(), threads,
        LineReader.DEFAULT_MAX_LINE_BYTES, null).withMinChunkBytes(64 << 10);
    return new Pipeline(options).run(List.of(Input.file(file)),
        Result.Spec.report(Grouping.DEFAULT, Recorder.DEFAULT_MAX_GROUPS).withWindow(window));
  }

  private static long epoch(String text, DateTimeFormatter f) {
    return OffsetDateTime.parse(text, f).toInstant().toEpochMilli();
  }

  @Test
  void anAccessLogKeepsExactlyTheRequestsLoggedInTheWindowWhateverTheThreads() throws IOException {
    Path file = accessLog(60_000);
    long from = Instant.parse("2023-03-08T09:10:00Z").toEpochMilli();
    long to = Instant.parse("2023-03-08T09:25:30Z").toEpochMilli();
    List<Long> kept = new ArrayList<>();
    long lines = 0;
    for (String line : Files.readAllLines(file)) {
      lines++;
      Matcher m = COMBINED.matcher(line);
      assertThat(m.find()).isTrue();
      long t = epoch(m.group(1), NGINX);
      if (t >= from && t < to) {
        kept.add((Long.parseLong(m.group(2)) * 1000 + Long.parseLong(m.group(3))) * 1_000_000L);
      }
    }
    kept.sort(null);
    assertThat(kept).hasSizeBetween(10_000, 30_000);
    TimeWindow window = new TimeWindow(from, to, Times.NONE);
    Result one = run(file, 1, window);
    Result three = run(file, 3, window);
    assertThat(three.inputs()).isEqualTo(one.inputs());
    for (Result r : List.of(one, three)) {
      Summary total = Analyzer.analyze("test", r).totalOf(Family.REQUEST).orElseThrow();
      assertThat(total.count()).isEqualTo(kept.size());
      assertThat(total.minNanos()).isEqualTo(kept.get(0));
      assertThat(total.maxNanos()).isEqualTo(kept.get(kept.size() - 1));
      long p99 = kept.get((int) Math.ceil(0.99 * kept.size()) - 1);
      assertThat((double) total.latency().at("99")).isCloseTo(p99, org.assertj.core.data.Percentage.withPercentage(0.1));
      InputSummary in = r.inputs().get(0);
      assertThat(in.lines()).isEqualTo(lines);
      assertThat(in.parsed()).isEqualTo(kept.size());
      assertThat(r.accounts().get(0).stats().count(TimeWindow.OUTSIDE)).isEqualTo(lines - kept.size());
    }
    assertThat(Analyzer.analyze("test", one).notes()).anyMatch(n -> n.contains("lines outside the window"));
    // gzipped, it is parsed in blocks: the same window, the same lines, the same numbers
    Path gz = dir.resolve("access.log.gz");
    try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
      Files.copy(file, out);
    }
    Result blocks = run(gz, 3, window);
    assertThat(blocks.inputs().get(0).lines()).isEqualTo(lines);
    assertThat(blocks.inputs().get(0).parsed()).isEqualTo(kept.size());
    assertThat(Analyzer.analyze("test", blocks).totalOf(Family.REQUEST).orElseThrow().latency())
        .isEqualTo(Analyzer.analyze("test", one).totalOf(Family.REQUEST).orElseThrow().latency());
  }

  @Test
  void aPauseHeldForItsCpuLineIsCountedOutsideOnItsOwnLine() throws IOException {
    Path file = Path.of("../samples/gc-g1-jdk17.log");
    List<Long> times = new ArrayList<>();
    List<String> all = Files.readAllLines(file);
    for (String line : all) {
      Matcher m = UL_PAUSE.matcher(line);
      if (m.find()) {
        times.add(epoch(m.group(1), UL));
      }
    }
    times.sort(null);
    long from = times.get(times.size() / 4);
    long to = times.get(3 * times.size() / 4);
    long inside = times.stream().filter(t -> t >= from && t < to).count();
    Result r = run(file, 1, new TimeWindow(from, to, Times.NONE));
    Analysis a = Analyzer.analyze("test", r);
    long events = a.totals().stream().mapToLong(Summary::count).sum();
    assertThat(events).isEqualTo(inside).isLessThan(times.size());
    InputSummary in = r.inputs().get(0);
    assertThat(in.lines()).isEqualTo(all.size());
    assertThat(in.parsed()).isEqualTo(inside);
    assertThat(r.accounts().get(0).stats().count(TimeWindow.OUTSIDE))
        .isEqualTo(times.size() - inside);
  }

  @Test
  void aBoundBeforeTheEndIsCountedFromTheLatestTimeOfTheTail() throws IOException {
    Path file = accessLog(40_000); // several MiB: the end is read from the last one
    assertThat(Files.size(file)).isGreaterThan(2L * LogEnd.TAIL_BYTES);
    long latest = Long.MIN_VALUE;
    for (String line : Files.readAllLines(file)) {
      Matcher m = COMBINED.matcher(line);
      m.find();
      latest = Math.max(latest, epoch(m.group(1), NGINX));
    }
    Plan plan = Plan.of(List.of(Input.file(file)), Optional.empty());
    TimeWindow w = LogEnd.window(TimeWindow.Bound.beforeEnd(60_000), null, plan, Times.NONE);
    assertThat(w.fromMillis()).isEqualTo(latest + 1 - 60_000);
    assertThat(w.toMillis()).isEqualTo(Long.MAX_VALUE);
    Summary total = Analyzer.analyze("test", run(file, 1, w)).totalOf(Family.REQUEST).orElseThrow();
    assertThat(total.count()).isEqualTo(60 * 20); // 20 requests in each of the last 60 seconds
  }

  @Test
  void anUptimeOnlyPauseIsPlacedWithTheJvmsStartOrCountedUnplaced() throws IOException {
    Path file = dir.resolve("uptime.log");
    Files.writeString(file, """
        [1.000s][info][safepoint] Safepoint "Cleanup", Time since last: 1 ns, Reaching safepoint: 1000 ns, Cleanup: 0 ns, At safepoint: 1000 ns, Total: 2000 ns
        [5.000s][info][safepoint] Safepoint "Cleanup", Time since last: 1 ns, Reaching safepoint: 1000 ns, Cleanup: 0 ns, At safepoint: 1000 ns, Total: 3000 ns
        """);
    Result unplaced = run(file, 1, new TimeWindow(0, 10_000, Times.NONE));
    assertThat(unplaced.accounts().get(0).stats().count(TimeWindow.UNPLACED)).isEqualTo(2);
    Result placed = run(file, 1, new TimeWindow(2_000, 10_000, 0));
    assertThat(placed.inputs().get(0).parsed()).isEqualTo(1);
    assertThat(placed.accounts().get(0).stats().count(TimeWindow.OUTSIDE)).isEqualTo(1);
  }
}
