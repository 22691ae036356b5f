package tardy.record.pause;

import tardy.analysis.Correlation;
import tardy.run.PausePlan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.record.grouping.Grouping;
import tardy.run.Pipeline;
import tardy.events.PauseEvent;
import tardy.events.Corpus;
import tardy.events.input.Input;

/** Uptime-only pauses placed by lines of their own log that give a date and the uptime. */
class UptimeAnchorsTest {

  private static final long MS = 1_000_000L;
  private static final byte[] KIND = "Pause Young".getBytes(StandardCharsets.US_ASCII);

  private static void pause(PauseIndex.Collector c, long uptimeMillis) {
    c.pause(new PauseEvent().reset().family(tardy.events.Family.GC_PAUSE).kind(KIND, 0, KIND.length)
        .totalNanos(10 * MS).uptimeMillis(uptimeMillis));
  }

  @Test
  void eachRunOfEachLogIsPlacedByItsOwnAnchorsBetweenTheLinesAroundIt() {
    PauseIndex.Collector c = new PauseIndex.Collector(Grouping.DEFAULT);
    c.startInput("a.log");
    pause(c, 500); // before the first anchor: its offset, off by the run's whole drift
    c.anchor(101_000, 1_000, 0); // uptime 0 at 100,000
    pause(c, 6_000); // half way: the offset half way, off by the change across the two
    c.anchor(111_010, 11_000, 0); // uptime 0 at 100,010: the clocks drifted 10 ms apart
    pause(c, 200); // the JVM restarted: no anchor in this run
    c.startInput("b.log");
    pause(c, 3_000); // another log: a.log's anchors say nothing of it
    PauseIndex index = c.build(OptionalLong.empty());

    assertThat(index.size()).isEqualTo(2);
    assertThat(index.unplaced()).isEqualTo(2);
    // a unified-logging pause ends at its line's time
    assertThat(index.endNanos(0)).isEqualTo((100_000 + 500) * MS);
    assertThat(index.endNanos(1)).isEqualTo((100_005 + 6_000) * MS);
    assertThat(index.slackNanos(0)).isEqualTo(ClockTolerance.PAUSE_NANOS + ClockTolerance.ANCHOR_NANOS + 10 * MS);
    assertThat(index.slackNanos(1)).isEqualTo(ClockTolerance.PAUSE_NANOS + ClockTolerance.ANCHOR_NANOS + 10 * MS);
    assertThat(index.anchored()).singleElement().satisfies(a -> {
      assertThat(a.source()).isEqualTo("a.log");
      assertThat(a.pauses()).isEqualTo(2);
      assertThat(a.lines()).isEqualTo(2);
      assertThat(a.firstWallMillis()).isEqualTo(101_000);
      assertThat(a.firstUptimeMillis()).isEqualTo(1_000);
      assertThat(a.spreadMillis()).isEqualTo(10);
    });
    assertThat(index.startTimePauses()).isZero();
  }

  @Test
  void aLogWhosePausesCarryTheWallClockKeepsNoAnchorButARestartWithUptimeOnlyDoes() {
    PauseIndex.Collector c = new PauseIndex.Collector(Grouping.DEFAULT);
    c.startInput("time-and-uptime.log");
    for (int i = 1; i <= 100_000; i++) { // every line of a time,uptime log is an anchor
      c.anchor(100_000 + 10L * i, 10L * i, 0);
      if (i % 1_000 == 0) {
        c.pause(new PauseEvent().reset().family(tardy.events.Family.GC_PAUSE)
            .kind(KIND, 0, KIND.length).totalNanos(MS).wallMillis(100_000 + 10L * i)
            .uptimeMillis(10L * i));
      }
    }
    assertThat(c.anchorsKept()).isZero();

    c.anchor(51_000, 1_000, 0); // the JVM restarted, now with uptime-only pauses
    pause(c, 1_500);
    c.anchor(52_000, 2_000, 0);
    assertThat(c.anchorsKept()).isEqualTo(2);
    PauseIndex index = c.build(OptionalLong.empty());
    assertThat(index.unplaced()).isZero();
    // sorted by start: the restarted run's pause (uptime 0 at 50,000) comes first
    assertThat(index.endNanos(0)).isEqualTo((50_000 + 1_500) * MS);
  }

  @Test
  void aPausePlacedByAnchorsCountsOnlyBeyondTheirDrift() {
    PauseIndex.Collector c = new PauseIndex.Collector(Grouping.DEFAULT);
    c.startInput("a.log");
    c.anchor(101_000, 1_000, 0);
    pause(c, 6_000); // 10 ms ending at 106,005 ms, 12 ms either way
    c.anchor(111_010, 11_000, 0);
    PauseIndex index = c.build(OptionalLong.empty());
    tardy.record.Recorder r = new tardy.record.Recorder(Grouping.DEFAULT, 10, index);
    request(r, "/across", 106_100, 200); // surely held the whole pause, wherever it really was
    request(r, "/edge", 106_003, 100); // met it as placed, but not beyond the drift
    Correlation t = tardy.analysis.Analyzer.analyze("t", r, List.of()).timeline().orElseThrow();
    assertThat(t.operations()).extracting(Correlation.Operation::key, Correlation.Operation::overlapped)
        .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("GET /across", 1L),
            org.assertj.core.groups.Tuple.tuple("GET /edge", 0L));
  }

  private static void request(tardy.record.Recorder r, String target, long endMillis, long millis) {
    byte[] line = ("GET " + target).getBytes(StandardCharsets.US_ASCII);
    r.request(new tardy.events.RequestEvent().reset(line).request(0, 3, 4, line.length).status(200)
        .latencyNanos(millis * MS).wallMillis(endMillis).wallResolutionMillis(1));
  }

  @Test
  void theStartTimeGivenWinsUntilTheFirstRestartAndAnchorsPlaceTheRest() {
    PauseIndex.Collector c = new PauseIndex.Collector(Grouping.DEFAULT);
    c.startInput("a.log");
    c.anchor(101_000, 1_000, 0);
    pause(c, 6_000);
    pause(c, 200); // restarted
    c.anchor(200_300, 300, 0); // the new run's own anchor
    PauseIndex index = c.build(OptionalLong.of(50_000));
    assertThat(index.size()).isEqualTo(2);
    assertThat(index.startTimePauses()).isEqualTo(1);
    assertThat(index.startTimeMillis()).isEqualTo(50_000);
    assertThat(index.endNanos(0)).isEqualTo(56_000 * MS);
    assertThat(index.slackNanos(0)).isEqualTo(ClockTolerance.PAUSE_NANOS);
    assertThat(index.endNanos(1)).isEqualTo(200_200 * MS);
    assertThat(index.anchored()).singleElement().extracting(PauseIndex.Anchored::pauses).isEqualTo(1L);
  }

  private static final Pattern ANCHOR = Pattern.compile(
      "(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}[+-]\\d{4}): (\\d+\\.\\d{3}):");
  private static final Pattern EVENT = Pattern.compile("^(\\d+\\.\\d{3}): \\[(GC|Full GC)");
  private static final DateTimeFormatter JDK8 = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

  /**
   * A JDK 6 CMS log from the corpus: its GC events have uptime only, its concurrent phases a
   * datestamp too (106 of them over 16 hours, the two clocks drifting 888 ms apart). Every event is
   * placed, each at its uptime plus the offset interpolated between the stamped lines around it,
   * worked out here from the text with regular expressions.
   */
  @Test
  void aJdk6CmsLogIsPlacedByItsStampedConcurrentPhases(@TempDir Path dir) throws IOException {
    Path log = Corpus.require("jvm").resolve(
        "microsoft_gctoolkit-testdata/gctoolkit-gclogs/preunified/cms/parnew/details/1073_1.log");
    Path access = Files.writeString(dir.resolve("access.log"),
        "127.0.0.1 - - [20/Apr/2010:18:50:11 +0100] \"GET /a HTTP/1.1\" 200 5 \"-\" \"x\" 0.002\n");
    List<long[]> anchors = new ArrayList<>(); // uptime, offset
    List<Long> uptimes = new ArrayList<>();
    for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
      Matcher a = ANCHOR.matcher(line);
      if (a.find()) {
        long uptime = new java.math.BigDecimal(a.group(2)).movePointRight(3).longValueExact();
        anchors.add(new long[] {uptime,
            OffsetDateTime.parse(a.group(1), JDK8).toInstant().toEpochMilli() - uptime});
      }
      Matcher e = EVENT.matcher(line);
      if (e.find()) {
        uptimes.add(new java.math.BigDecimal(e.group(1)).movePointRight(3).longValueExact());
      }
    }
    assertThat(anchors).hasSize(106);
    long[] expected = new long[uptimes.size()];
    for (int i = 0; i < expected.length; i++) {
      expected[i] = (uptimes.get(i) + offset(anchors, uptimes.get(i))) * MS; // stamped at start
    }
    Arrays.sort(expected);

    PauseIndex index = PausePlan.read(List.of(Input.file(access), Input.file(log)),
        Pipeline.Options.defaults(), OptionalLong.empty()).orElseThrow();
    assertThat(index.unplaced()).isZero();
    assertThat(index.size()).isEqualTo(uptimes.size()).isEqualTo(3987);
    long[] starts = new long[index.size()];
    for (int p = 0; p < starts.length; p++) {
      starts[p] = index.startNanos(p);
    }
    List<String> wrong = new ArrayList<>();
    for (int p = 0; p < starts.length; p++) {
      if (starts[p] != expected[p]) {
        wrong.add(p + ": " + (starts[p] - expected[p]) / MS + " ms");
      }
    }
    assertThat(wrong).as("pauses placed elsewhere than the stamped lines around them say").isEmpty();
    assertThat(index.anchored()).singleElement().satisfies(a -> {
      assertThat(a.lines()).isEqualTo(106);
      assertThat(a.firstLine()).isEqualTo(102);
      assertThat(a.spreadMillis()).isEqualTo(888);
    });
  }

  /**
   * The same log from its line 576: its first event, a ParNew that failed and stopped the JVM for
   * 8.4 s, holds a concurrent phase's datestamp 3.2 s after the event began. That anchor came
   * before the pause, which, as the run's first, was taken for a restart with no anchor of its
   * own and left off the timeline. Now it is placed by that anchor.
   */
  @Test
  void aRunsFirstPauseIsPlacedByTheAnchorPrintedInsideIt(@TempDir Path dir) throws IOException {
    List<String> lines = Files.readAllLines(Corpus.require("jvm").resolve(
        "microsoft_gctoolkit-testdata/gctoolkit-gclogs/preunified/cms/parnew/details/1073_1.log"),
        StandardCharsets.ISO_8859_1);
    Path log = Files.write(dir.resolve("from-576.log"), lines.subList(575, 577),
        StandardCharsets.ISO_8859_1);
    Path access = Files.writeString(dir.resolve("access.log"),
        "127.0.0.1 - - [21/Apr/2010:05:55:30 +0100] \"GET /a HTTP/1.1\" 200 5 \"-\" \"x\" 0.002\n");
    Matcher a = ANCHOR.matcher(lines.get(575));
    Matcher e = EVENT.matcher(lines.get(575));
    assertThat(a.find() && e.find()).isTrue();
    long anchorUptime = new java.math.BigDecimal(a.group(2)).movePointRight(3).longValueExact();
    long offset = OffsetDateTime.parse(a.group(1), JDK8).toInstant().toEpochMilli() - anchorUptime;
    long began = new java.math.BigDecimal(e.group(1)).movePointRight(3).longValueExact();
    assertThat(anchorUptime - began).as("the anchor's lead over the pause").isGreaterThan(1_000);

    PauseIndex index = index(access, log);
    assertThat(index.unplaced()).isZero();
    assertThat(index.size()).isEqualTo(1);
    assertThat(index.startNanos(0)).isEqualTo((began + offset) * MS); // stamped when it began
    assertThat(index.anchored()).singleElement().satisfies(an -> {
      assertThat(an.lines()).isEqualTo(1);
      assertThat(an.firstLine()).isEqualTo(1);
    });
  }

  /**
   * The same CMS log inside a container's envelope (CRI, Docker's JSON): its anchors are the JVM's
   * own lines, not the envelope's time beside an uptime-only event's uptime, so every pause lands
   * where it does in the bare log.
   */
  @Test
  void aJdk6CmsLogInAContainersEnvelopeIsPlacedAsTheBareLog(@TempDir Path dir) throws IOException {
    Path log = Corpus.require("jvm").resolve(
        "microsoft_gctoolkit-testdata/gctoolkit-gclogs/preunified/cms/parnew/details/1073_1.log");
    PauseIndex bare = placedAsWrapped(dir, Files.readAllLines(log, StandardCharsets.ISO_8859_1));
    assertThat(bare.anchored()).singleElement().extracting(PauseIndex.Anchored::lines).isEqualTo(106L);
  }

  /**
   * A unified log whose pauses have uptime only and a few lines time and uptime both (two outputs
   * put together), bare and inside a container's envelope: placed alike. The GC pause is held for
   * a CPU line that never comes and handed on with the next line, an anchor 9.5 s later: that
   * anchor comes after it, and the run's first pause is not taken for a restart.
   */
  @Test
  void aUnifiedLogInAContainersEnvelopeIsPlacedAsTheBareLog(@TempDir Path dir) throws IOException {
    PauseIndex bare = placedAsWrapped(dir, List.of(
        "[0.012s][info][gc] Using G1",
        "[2026-11-23T21:38:01.000+0000][1.000s][info][gc,init] Heap Region Size: 1M",
        "[1.500s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->3M(128M) 10.000ms",
        "[2026-11-23T21:38:11.010+0000][11.000s][info][gc,heap,exit] Heap",
        "[12.000s][info][safepoint] Safepoint \"Cleanup\", Time since last: 1000 ns, Reaching safepoint:"
            + " 100 ns, Cleanup: 100 ns, At safepoint: 1000 ns, Total: 1200 ns"));
    assertThat(bare.size()).isEqualTo(2);
    assertThat(bare.unplaced()).isZero();
    // uptime 0 at 21:38:00.000, then 10 ms later: 1,500 ms is placed with the first anchor's offset
    // changing towards the second's, 12,000 ms with the last one's
    long zero = OffsetDateTime.parse("2026-11-23T21:38:00Z").toInstant().toEpochMilli();
    assertThat(bare.endNanos(0)).isEqualTo((zero + 1_500 + 1) * MS);
    assertThat(bare.endNanos(1)).isEqualTo((zero + 12_000 + 10) * MS);
  }

  /**
   * The pause index of {@code lines} beside an access log, asserted equal to that of the same lines
   * inside CRI's and Docker's envelopes, whose own times (a day later) must not place anything.
   */
  private static PauseIndex placedAsWrapped(Path dir, List<String> lines) throws IOException {
    Path access = Files.writeString(dir.resolve("access.log"),
        "127.0.0.1 - - [20/Apr/2010:18:50:11 +0100] \"GET /a HTTP/1.1\" 200 5 \"-\" \"x\" 0.002\n");
    StringBuilder cri = new StringBuilder();
    StringBuilder docker = new StringBuilder();
    for (String line : lines) {
      cri.append("2030-01-02T03:04:05.678901234Z stdout F ").append(line).append('\n');
      docker.append("{\"log\":\"").append(line.replace("\\", "\\\\").replace("\"", "\\\""))
          .append("\\n\",\"stream\":\"stdout\",\"time\":\"2030-01-02T03:04:05.678901234Z\"}\n");
    }
    PauseIndex bare = index(access, Files.write(dir.resolve("bare.log"), lines, StandardCharsets.ISO_8859_1));
    assertThat(bare.anchored()).as("the bare log places pauses by its own lines").isNotEmpty();
    for (String wrapped : List.of(cri.toString(), docker.toString())) {
      PauseIndex index = index(access,
          Files.writeString(dir.resolve("wrapped.log"), wrapped, StandardCharsets.ISO_8859_1));
      assertThat(index.size()).isEqualTo(bare.size());
      assertThat(index.unplaced()).isEqualTo(bare.unplaced());
      for (int p = 0; p < bare.size(); p++) {
        assertThat(index.startNanos(p)).as("pause %d", p).isEqualTo(bare.startNanos(p));
        assertThat(index.slackNanos(p)).as("pause %d", p).isEqualTo(bare.slackNanos(p));
      }
      assertThat(index.anchored()).extracting(PauseIndex.Anchored::lines, PauseIndex.Anchored::firstLine,
          PauseIndex.Anchored::spreadMillis)
          .isEqualTo(bare.anchored().stream().map(a -> org.assertj.core.groups.Tuple.tuple(a.lines(),
              a.firstLine(), a.spreadMillis())).toList());
    }
    return bare;
  }

  private static PauseIndex index(Path access, Path jvm) {
    return PausePlan.read(List.of(Input.file(access), Input.file(jvm)), Pipeline.Options.defaults(),
        OptionalLong.empty()).orElseThrow();
  }

  /** The offset at an uptime: between the anchors around it, or the nearest one's outside them. */
  private static long offset(List<long[]> anchors, long uptime) {
    long[] before = null;
    for (long[] a : anchors) {
      if (a[0] >= uptime) {
        if (before == null) {
          return a[1];
        }
        return before[1] + Math.round((double) (a[1] - before[1]) * (uptime - before[0]) / (a[0] - before[0]));
      }
      before = a;
    }
    return before[1];
  }
}
