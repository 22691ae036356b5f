package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.record.Group;
import tardy.record.grouping.Grouping;
import tardy.run.Pipeline;
import tardy.record.Result;
import tardy.record.Recorder;
import tardy.events.Corpus;
import tardy.formats.Formats;
import tardy.events.input.Input;
import tardy.events.input.Inputs;
import tardy.events.Family;
import tardy.render.hdr.HlogFormat;
import tardy.render.hdr.HlogReader;

/** {@code tardy hlog} on real JVM logs, read back through HdrHistogram's reader. */
class HlogCommandTest {

  @TempDir Path dir;
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeEach
  void needsTheJvmParsers() {
    Assumptions.assumeTrue(Formats.byName("jvm-unified").isPresent(),
        "the jvm-unified format is not in this build: skipping the real-log hlog tests");
  }

  int tardy(String... args) {
    Streams streams = new Streams(new ByteArrayInputStream(new byte[0]),
        new ByteArrayOutputStream(), new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(),
        () -> false);
    return Tardy.run(streams, args);
  }

  @Test
  void jdk17SafepointLogKeepsEveryPauseAndEveryOperation() throws IOException {
    Path log = Corpus.require("jvm").resolve(
        "krzysztofslusarski_jvm-gc-logs-analyzer/safepoint-analyzer-commons/src/test/resources/zgc.log.gz");
    checkRoundTrip(log);
  }

  @Test
  void jdk8StoppedTimeLogKeepsEveryPause() throws IOException {
    Path log = Corpus.require("jvm")
        .resolve("microsoft_gctoolkit-testdata/gctoolkit-gclogs/streaming/gc.log.gz");
    checkRoundTrip(log);
  }

  @Test
  void restartsWithoutDatestampsStartNewFiles() throws IOException {
    Path rolling = Corpus.require("jvm").resolve(
        "microsoft_gctoolkit-testdata/gctoolkit-gclogs-rolling/rolling/jdk14/rollinglogs");
    List<String> args = new ArrayList<>(List.of("hlog", "-o", dir.resolve("gc.hlog").toString()));
    try (var files = Files.list(rolling)) {
      files.filter(p -> p.getFileName().toString().startsWith("short_restart_4.log"))
          .forEach(p -> args.add(p.toString()));
    }
    assertThat(tardy(args.toArray(String[]::new))).isZero();
    assertThat(dir.resolve("gc-2.hlog")).exists();
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("JVM restart (uptime went back, no wall-clock time)")
        .contains("seconds of JVM uptime");
    long pauses = 0;
    try (var files = Files.list(dir)) {
      for (Path hlog : files.filter(p -> p.toString().endsWith(".hlog")).toList()) {
        pauses += sum(HlogReader.read(hlog).tagged(null)).getTotalCount();
      }
    }
    assertThat(pauses).isEqualTo(safepoints(record(args.subList(3, args.size()))));
  }

  static String stopped(String datestamp, String uptime, String seconds) {
    return (datestamp == null ? "" : datestamp + ": ") + uptime
        + ": Total time for which application threads were stopped: " + seconds
        + " seconds, Stopping threads took: 0.0000100 seconds\n";
  }

  @Test
  void theTimeWeightedViewIsRefusedForEventsThatOverlap() throws IOException {
    Path access = dir.resolve("access.log");
    Files.writeString(access, "10.0.0.1 - - [08/Mar/2023:15:10:12 +0000] \"GET /a HTTP/1.1\" 200 5"
        + " \"-\" \"curl\" 0.250\n");
    Path out = dir.resolve("x.hlog");
    assertThat(tardy("hlog", access.toString(), "--jhiccup", "-o", out.toString())).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("requests overlap one another");
    assertThat(out).doesNotExist();

    Path gc = dir.resolve("gc.log");
    Files.writeString(gc, stopped("2023-03-08T15:10:12.498+0000", "11.500", "0.0020000"));
    assertThat(tardy("hlog", gc.toString(), "--jhiccup", "--family", "stall", "-o",
        out.toString())).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("stalls overlap one another");
    assertThat(tardy("hlog", gc.toString(), "--jhiccup", "-o", out.toString())).isZero();
  }

  @Test
  void aFirstPauseWithoutDatestampStaysInTheWallClockFile() throws IOException {
    Path log = dir.resolve("gc.log");
    Files.writeString(log, stopped(null, "10.500", "0.0010000")
        + stopped("2023-03-08T15:10:12.498+0000", "11.500", "0.0020000")
        + stopped("2023-03-08T15:10:13.498+0000", "12.500", "0.0030000"));
    Path out = dir.resolve("x.hlog");
    assertThat(tardy("hlog", log.toString(), "-o", out.toString())).isZero();

    assertThat(dir.resolve("x-2.hlog")).doesNotExist();
    assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain("no wall-clock time");
    HlogReader.Content read = HlogReader.read(out);
    assertThat(sum(read.tagged(null)).getTotalCount()).isEqualTo(3);
    // the first pause ended at 15:10:11.498: its 5 s interval starts at 15:10:10
    assertThat(read.startTimeSec())
        .isEqualTo(Instant.parse("2023-03-08T15:10:10Z").getEpochSecond());
  }

  @Test
  void uptimeGoingBackAMillisecondIsNoRestart() throws IOException {
    Path log = dir.resolve("gc.log");
    Files.writeString(log, stopped(null, "10.500", "0.0010000")
        + stopped(null, "10.499", "0.0020000") + stopped(null, "11.000", "0.0030000"));
    Path out = dir.resolve("x.hlog");
    assertThat(tardy("hlog", log.toString(), "-o", out.toString())).isZero();

    assertThat(dir.resolve("x-2.hlog")).doesNotExist();
    assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain("JVM restart");
    assertThat(sum(HlogReader.read(out).tagged(null)).getTotalCount()).isEqualTo(3);
  }

  /** Chunks read in parallel may start on a line without datestamp: one file all the same. */
  @Test
  void theOutputDoesNotDependOnTheThreadCount() throws IOException {
    Path log = dir.resolve("gc.log");
    StringBuilder text = new StringBuilder();
    long start = Instant.parse("2023-03-08T15:10:00Z").toEpochMilli();
    for (int i = 0; text.length() < 9 << 20; i++) {
      long uptime = 10_000 + i * 7L;
      String datestamp = i % 3 == 0 ? null
          : Instant.ofEpochMilli(start + uptime).toString().replace("Z", "+0000");
      String seconds = "0.00" + (10_000 + i % 90_000);
      text.append(stopped(datestamp, uptime / 1000 + "." + String.valueOf(1000 + uptime % 1000)
          .substring(1), seconds));
    }
    Files.writeString(log, text);
    sameBytesWhateverTheThreads(log, "1", "2", "3", "4");
    assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain("no wall-clock time");
  }

  /** JDK 17 {@code -Xlog:safepoint} with the uptime decorator only: no datestamp at all. */
  static Path uptimeOnlySafepointLog(Path file, int pauses) throws IOException {
    try (var out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
      for (int i = 0; i < pauses; i++) {
        long uptime = 1_270 + i * 30L;
        out.write("[" + uptime / 1000 + "." + String.valueOf(1000 + uptime % 1000).substring(1)
            + "s][info][safepoint] Safepoint \"Cleanup\", Time since last: 29768433 ns,"
            + " Reaching safepoint: 36467 ns, At safepoint: 6345012 ns, Total: "
            + (6_381_479 + i % 5_000 * 1_000) + " ns\n");
      }
    }
    return file;
  }

  /**
   * tardy holds histograms, never lines: pauses without datestamp are not kept one by one, and
   * written intervals keep no encoding buffers. 32 MB: it runs in 16, and held pauses need more.
   */
  @Test
  void anUptimeOnlyLogRunsInASmallHeap() throws Exception {
    Path log = uptimeOnlySafepointLog(dir.resolve("safepoint.log"), 300_000);
    Path out = dir.resolve("x.hlog");
    Cli.Result r = Cli.fork("32m", "hlog", "-o", out.toString(), log.toString());
    assertThat(r.code()).as(r.err()).isZero();
    try (var files = Files.list(dir)) {
      assertThat(files.filter(f -> f.toString().endsWith(".hlog")).toList()).containsExactly(out);
    }
    assertThat(sum(HlogReader.read(out).tagged(null)).getTotalCount()).isEqualTo(300_000);
  }

  /** More uptime-only pauses than are held, cut into chunks: the same bytes all the same. */
  @Test
  void anUptimeOnlyLogGivesTheSameBytesWhateverTheThreadCount() throws IOException {
    Path log = uptimeOnlySafepointLog(dir.resolve("safepoint.log"), 100_000);
    assertThat(Files.size(log)).isGreaterThan(8 << 20); // read in parallel chunks
    sameBytesWhateverTheThreads(log, "1", "3");
    assertThat(sum(HlogReader.read(dir.resolve("t3.hlog")).tagged(null)).getTotalCount())
        .isEqualTo(100_000);
  }

  /** Writes the log with each thread count; the .hlog must be one file, the same bytes each time. */
  private Path sameBytesWhateverTheThreads(Path log, String... threadCounts) throws IOException {
    String single = null;
    Path out = null;
    for (String threads : threadCounts) {
      out = dir.resolve("t" + threads + ".hlog");
      assertThat(tardy("hlog", "--threads", threads, log.toString(), "-o", out.toString()))
          .isZero();
      assertThat(dir.resolve("t" + threads + "-2.hlog")).doesNotExist();
      String written = Files.readString(out);
      if (single == null) {
        single = written;
      }
      assertThat(written).as("--threads %s", threads).isEqualTo(single);
    }
    return out;
  }

  @Test
  void reportWritesThePercentileDistributionInMilliseconds() throws IOException {
    Path log = Corpus.require("jvm").resolve(
        "krzysztofslusarski_jvm-gc-logs-analyzer/safepoint-analyzer-commons/src/test/resources/zgc.log.gz");
    Path hgrm = dir.resolve("zgc.hgrm");
    assertThat(tardy("report", "--format", "hgrm", "-o", hgrm.toString(), log.toString()))
        .isZero();
    String text = Files.readString(hgrm);
    assertThat(text).startsWith("#[tardy ").contains("outputValueUnitScalingRatio 1000000")
        .contains("#[Group: (total) (safepoint)]").contains("#[Group: ZMarkEndOld (safepoint)]")
        .contains("Total count    =         " + safepoints(record(List.of(log.toString()))));
  }

  /** Every pause and every operation, the max within the histogram's precision. */
  void checkRoundTrip(Path log) throws IOException {
    Path out = dir.resolve("gc.hlog");
    assertThat(tardy("hlog", log.toString(), "-o", out.toString())).isZero();
    Recorder expected = record(List.of(log.toString()));
    HlogReader.Content read = HlogReader.read(out);

    Histogram all = sum(read.tagged(null));
    assertThat(all.getTotalCount()).isEqualTo(safepoints(expected)).isPositive();
    List<Group> groups = expected.groups().stream().filter(g -> g.family() == Family.SAFEPOINT).toList();
    long max = groups.stream().mapToLong(Group::maxNanos).max().orElseThrow();
    assertThat(all.highestEquivalentValue(all.getMaxValue()))
        .isEqualTo(all.highestEquivalentValue(max));
    for (Group group : groups) {
      if (group.name().equals(Grouping.UNNAMED_PAUSE)) {
        continue; // a log without operation names has the untagged series only
      }
      Histogram tagged = sum(read.tagged(HlogFormat.sanitize(group.name())));
      assertThat(tagged.getTotalCount()).as(group.name()).isEqualTo(group.count());
      assertThat(tagged.highestEquivalentValue(tagged.getMaxValue())).as(group.name())
          .isEqualTo(tagged.highestEquivalentValue(group.maxNanos()));
    }
    // untagged intervals are contiguous: no holes on the time axis
    List<HlogReader.Line> untagged = read.tagged(null);
    for (int i = 1; i < untagged.size(); i++) {
      assertThat(untagged.get(i).startMillis() - untagged.get(i - 1).startMillis())
          .isBetween(4_999L, 5_001L);
    }
  }

  static Recorder record(List<String> paths) {
    List<Input> inputs = Inputs.resolve(paths, () -> null);
    return new Pipeline(Pipeline.Options.defaults())
        .run(inputs, Result.Spec.report(Grouping.DEFAULT, 1000)).recorder().orElseThrow();
  }

  /** The safepoints (stopped time) a recorder holds: what the .hlog of a JVM log holds by default. */
  static long safepoints(Recorder r) {
    return r.groups().stream().filter(g -> g.family() == Family.SAFEPOINT).mapToLong(Group::count).sum();
  }

  static Histogram sum(List<HlogReader.Line> lines) {
    Histogram total = new Histogram(3);
    total.setAutoResize(true);
    lines.forEach(l -> total.add((Histogram) l.histogram()));
    return total;
  }
}
