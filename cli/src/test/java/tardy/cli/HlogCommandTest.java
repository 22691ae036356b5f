package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.classify.Group;
import tardy.classify.Grouping;
import tardy.classify.Pipeline;
import tardy.classify.Recorder;
import tardy.parse.Corpus;
import tardy.parse.Formats;
import tardy.parse.io.Input;
import tardy.parse.io.Inputs;
import tardy.report.hdr.HlogFormat;
import tardy.report.hdr.HlogReader;

/** {@code tardy hlog} on real JVM logs, read back through HdrHistogram's reader. */
class HlogCommandTest {

  @TempDir Path dir;
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeEach
  void needsTheJvmParsers() {
    Assumptions.assumeTrue(Formats.byName("jvm-safepoint").isPresent(),
        "the jvm-safepoint format is not in this build: skipping the real-log hlog tests");
  }

  int tardy(String... args) {
    Streams streams = new Streams(new ByteArrayInputStream(new byte[0]),
        new ByteArrayOutputStream(), new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(),
        false);
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
    assertThat(pauses).isEqualTo(record(args.subList(3, args.size())).pauses());
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
        .contains("#[Group: (total)]").contains("#[Group: ZMarkEndOld]")
        .contains("Total count    =         " + record(List.of(log.toString())).pauses());
  }

  /** Every pause and every operation, the max within the histogram's precision. */
  void checkRoundTrip(Path log) throws IOException {
    Path out = dir.resolve("gc.hlog");
    assertThat(tardy("hlog", log.toString(), "-o", out.toString())).isZero();
    Recorder expected = record(List.of(log.toString()));
    HlogReader.Content read = HlogReader.read(out);

    Histogram all = sum(read.tagged(null));
    assertThat(all.getTotalCount()).isEqualTo(expected.pauses()).isPositive();
    long max = expected.groups().stream().mapToLong(Group::maxNanos).max().orElseThrow();
    assertThat(all.highestEquivalentValue(all.getMaxValue()))
        .isEqualTo(all.highestEquivalentValue(max));
    for (Group group : expected.groups()) {
      if (group.name().equals(Grouping.UNNAMED_PAUSE)) {
        continue; // a log without operation names has the untagged series only
      }
      Histogram tagged = sum(read.tagged(HlogFormat.sanitize(group.name())));
      assertThat(tagged.getTotalCount()).as(group.name()).isEqualTo(group.count());
      AbstractHistogram h = group.latency();
      assertThat(tagged.highestEquivalentValue(tagged.getMaxValue())).as(group.name())
          .isEqualTo(h.highestEquivalentValue(group.maxNanos()));
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
    Pipeline.Sinks<Recorder> sinks = new Pipeline.Sinks<>() {
      @Override
      public Recorder create() {
        return new Recorder(Grouping.DEFAULT, 1000);
      }

      @Override
      public void addLater(Recorder into, Recorder later) {
        into.add(later);
      }
    };
    return new Pipeline<>(sinks, Pipeline.Options.defaults()).run(inputs).sink();
  }

  static Histogram sum(List<HlogReader.Line> lines) {
    Histogram total = new Histogram(3);
    total.setAutoResize(true);
    lines.forEach(l -> total.add((Histogram) l.histogram()));
    return total;
  }
}
