package tardy.formats.jvm;

import tardy.events.Reasons;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tardy.events.Family;
import tardy.events.Outcome;
import tardy.events.ParseStats;
import tardy.events.Times;
import tardy.events.input.LineReader;

/** Unified-logging safepoint lines of JDK 9 to 25, each variant with a real line. */
class UnifiedParserTest {

  private final ParseHelper p = new ParseHelper(new UnifiedFormat().newParser());

  private static long epoch(String iso) {
    return OffsetDateTime.parse(iso).toInstant().toEpochMilli();
  }

  @Test
  void parsesJdk9To12GroupNamedByItsEnteringLine() {
    // kcpeppe/integrating_vertx logs/safepoint.log
    assertThat(p.line("[0.099s][info][safepoint    ] Application time: 0.0094291 seconds")).isEqualTo(StoppedTime.APPLICATION_TIME);
    assertThat(p.line("[0.099s][info][safepoint    ] Entering safepoint region: RevokeBias")).isEqualTo(UnifiedParser.ENTERING);
    assertThat(p.line("[0.099s][info][safepoint    ] Leaving safepoint region")).isEqualTo(UnifiedParser.LEAVING);
    assertThat(p.line("[0.099s][info][safepoint    ] Total time for which application threads were stopped: 0.0000551 seconds, Stopping threads took: 0.0000086 seconds")).isEqualTo(Outcome.PARSED);
    assertThat(p.only()).isEqualTo(new PauseCollector.Pause("RevokeBias", 55_100, 8_600, Times.NONE, 99));
  }

  @Test
  void jdk9StoppedTextCutShortIsMalformed() {
    assertThat(p.line("[0.099s][info][safepoint    ] Total time for which appl")).isEqualTo(StoppedTime.CUT_SHORT);
    assertThat(p.line("Total tim/: 0.0000246 seconds")).isEqualTo(StoppedTime.CUT_SHORT);
    assertThat(p.sink.pauses).isEmpty();
  }

  @Test
  void jdk9StoppedLineWithoutEnteringLineIsUnnamedAndANameIsUsedOnce() {
    // a rotated file can start inside a group
    p.line("[0.090s][info][safepoint    ] Total time for which application threads were stopped: 0.0000979 seconds, Stopping threads took: 0.0000371 seconds");
    p.line("[0.099s][info][safepoint    ] Entering safepoint region: RevokeBias");
    p.line("[0.099s][info][safepoint    ] Total time for which application threads were stopped: 0.0000551 seconds, Stopping threads took: 0.0000086 seconds");
    p.line("[0.100s][info][safepoint    ] Total time for which application threads were stopped: 0.0000100 seconds, Stopping threads took: 0.0000010 seconds");
    assertThat(p.sink.pauses).extracting(PauseCollector.Pause::kind).containsExactly("", "RevokeBias", "");
  }

  @Test
  void jdk9EnteringNameLongerThanTheBufferIsKeptWhole() {
    String kind = "A".repeat(300);
    p.line("[1.000s] Entering safepoint region: " + kind);
    p.line("[1.001s] Total time for which application threads were stopped: 0.0010000 seconds");
    assertThat(p.only().kind()).isEqualTo(kind);
  }

  /**
   * A JDK 9-12 log ends inside a group when the JVM exits (kcpeppe/integrating_vertx
   * logs/safepoint.log ends on {@code Entering safepoint region: Exit}; a log cut later, after its
   * Leaving line, likewise): the group is no pause and its Entering line is malformed, with its
   * bytes handed to the rejects; the groups before it count, and every line is accounted for.
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void aGroupCutByTheEndOfTheInputIsMalformedAndNoPause(boolean withLeaving) throws IOException {
    String exit = "[11.449s][info ][safepoint     ] Entering safepoint region: Exit";
    List<String> lines = new ArrayList<>(List.of(
        "[11.445s][info ][safepoint     ] Entering safepoint region: G1CollectForAllocation",
        "[11.447s][info ][safepoint     ] Leaving safepoint region",
        "[11.447s][info ][safepoint     ] Total time for which application threads were stopped: 0.0023236 seconds, Stopping threads took: 0.0000259 seconds",
        "[11.449s][info ][safepoint     ] Application time: 0.0017800 seconds",
        exit));
    if (withLeaving) {
      lines.add("[11.450s][info ][safepoint     ] Leaving safepoint region");
    }
    ParseStats stats = new ParseStats();
    List<String> rejects = new ArrayList<>();
    read(lines, stats, rejects, true);
    assertThat(stats.lines()).isEqualTo(lines.size());
    assertThat(stats.parsed()).isEqualTo(1);
    assertThat(stats.malformed()).isEqualTo(1);
    assertThat(stats.count(UnifiedParser.SAFEPOINT_CUT)).isEqualTo(1);
    assertThat(stats.count(UnifiedParser.ENTERING)).isEqualTo(1);
    assertThat(stats.count(UnifiedParser.LEAVING)).isEqualTo(withLeaving ? 2 : 1);
    assertThat(stats.reasons()).filteredOn(r -> r.outcome() == UnifiedParser.SAFEPOINT_CUT)
        .singleElement().satisfies(r -> assertThat(r.firstLines()).containsExactly(5L));
    assertThat(stats.reasons()).filteredOn(r -> r.outcome() == UnifiedParser.ENTERING)
        .singleElement().satisfies(r -> assertThat(r.firstLines()).containsExactly(1L));
    assertThat(rejects).containsExactly("5 " + UnifiedParser.SAFEPOINT_CUT.reason() + ": " + exit);
    assertThat(p.only()).isEqualTo(new PauseCollector.Pause("G1CollectForAllocation", 2_323_600, 25_900, Times.NONE, 11_447));
  }

  /**
   * A log cut while the JVM was in a GC pause (gc-jdk17-g1-gcstar-safepoint.log of this
   * repository, its first lines up to the middle of GC(1)): the pause's start line was counted as
   * a start, its end never came, so at the end of the input it is malformed and goes to the
   * rejects; the pause before it, whose end came, stays as it was. A part of an input that ends
   * before the input does (a parallel read cuts before another GC's lines) recounts nothing: the
   * next part may hold the end.
   */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void aPauseWhoseEndTheInputNeverPrintsIsMalformed(boolean partEndsInput) throws IOException {
    String cut = "[2026-11-23T21:45:04.267+0000][0.448s][info][gc,start    ] GC(1) Pause Young (Normal) (G1 Evacuation Pause)";
    List<String> lines = List.of(
        "[2026-11-23T21:45:04.129+0000][0.310s][info][gc,start    ] GC(0) Pause Young (Normal) (G1 Evacuation Pause)",
        "[2026-11-23T21:45:04.129+0000][0.310s][info][gc,task     ] GC(0) Using 2 workers of 2 for evacuation",
        "[2026-11-23T21:45:04.205+0000][0.386s][info][gc,phases   ] GC(0)   Pre Evacuate Collection Set: 0.0ms",
        "[2026-11-23T21:45:04.205+0000][0.386s][info][gc          ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->1M(64M) 76.397ms",
        "[2026-11-23T21:45:04.205+0000][0.386s][info][gc,cpu      ] GC(0) User=0.01s Sys=0.00s Real=0.07s",
        cut,
        "[2026-11-23T21:45:04.267+0000][0.448s][info][gc,task     ] GC(1) Using 2 workers of 2 for evacuation",
        "[2026-11-23T21:45:04.271+0000][0.452s][info][gc,phases   ] GC(1)   Pre Evacuate Collection Set: 1.4ms");
    ParseStats stats = new ParseStats();
    List<String> rejects = new ArrayList<>();
    read(lines, stats, rejects, partEndsInput);
    assertThat(stats.lines()).isEqualTo(lines.size());
    assertThat(stats.parsed()).isEqualTo(1);
    assertThat(p.sink.details).extracting(PauseCollector.Detail::totalNanos).containsExactly(76_397_000L);
    if (partEndsInput) {
      assertThat(stats.malformed()).isEqualTo(1);
      assertThat(stats.count(UnifiedParser.PAUSE_START)).isEqualTo(1);
      assertThat(stats.reasons()).filteredOn(r -> r.outcome() == UnifiedParser.PAUSE_CUT)
          .singleElement().satisfies(r -> assertThat(r.firstLines()).containsExactly(6L));
      assertThat(rejects).containsExactly("6 " + UnifiedParser.PAUSE_CUT.reason() + ": " + cut);
    } else {
      assertThat(stats.malformed()).isZero();
      assertThat(stats.count(UnifiedParser.PAUSE_START)).isEqualTo(2);
      assertThat(rejects).isEmpty();
    }
  }

  /**
   * A log truncated under a JVM whose standard output kept its offset (logrotate's copytruncate
   * of {@code java -Xlog:gc > app.log}) reads NULs up to that offset, then the JVM's next line,
   * whole, with no line end between: it is that line, pause and all.
   */
  @Test
  void aLineAfterTheNulsOfACopyTruncatedFileIsRead() {
    String line = "[2026-11-23T21:45:04.205+0000][0.386s][info][gc          ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->1M(64M) 76.397ms";
    assertThat(p.line("\0".repeat(4096) + line)).isEqualTo(Outcome.PARSED);
    assertThat(p.line("\0\0" + "[0.500s][info][safepoint] Safepoint \"G1CollectForAllocation\", Time since last: 1 ns, Reaching safepoint: 2 ns, At safepoint: 3 ns, Total: 5 ns")).isEqualTo(Outcome.PARSED);
    assertThat(p.sink.details).extracting(PauseCollector.Detail::totalNanos).containsExactly(76_397_000L, 5L);
  }

  /** A statistics row ({@code Pause Young} without a GC id or a duration) opens no pause. */
  @Test
  void aStatisticsRowAtTheEndIsNoCutPause() throws IOException {
    String log = "[1.000s][info][gc,stats] Pause Young (G)\n";
    ParseStats stats = new ParseStats();
    new LineReader().read(new ByteArrayInputStream(log.getBytes(StandardCharsets.ISO_8859_1)),
        new UnifiedFormat().newParser(), p.sink, stats, LineReader.Rejects.NONE, true);
    assertThat(stats.count(UnifiedParser.PAUSE_START)).isEqualTo(1);
    assertThat(stats.malformed()).isZero();
  }

  /** A group closed by a stopped-time line that cannot be read is not cut: nothing to recount. */
  @Test
  void aGroupClosedByAnUnreadableStoppedLineIsNotCut() throws IOException {
    String log = "[1.000s] Entering safepoint region: Exit\n"
        + "[1.001s] Total time for which application threads were stopped: x seconds\n";
    ParseStats stats = new ParseStats();
    new LineReader().read(new ByteArrayInputStream(log.getBytes(StandardCharsets.ISO_8859_1)),
        new UnifiedFormat().newParser(), p.sink, stats, LineReader.Rejects.NONE, true);
    assertThat(stats.count(UnifiedParser.ENTERING)).isEqualTo(1);
    assertThat(stats.count(StoppedTime.BAD_DURATION)).isEqualTo(1);
    assertThat(stats.count(UnifiedParser.SAFEPOINT_CUT)).isZero();
  }

  @Test
  void commaDecimalParsesLikeDotInUnifiedLogging() {
    // GCViewer SampleShenandoahSingleSystemGC.txt (JDK 9, comma locale)
    p.line("[1,481s][info][safepoint         ] Total time for which application threads were stopped: 0,0067930 seconds, Stopping threads took: 0,0000270 seconds");
    p.line("[1.481s][info][safepoint         ] Total time for which application threads were stopped: 0.0067930 seconds, Stopping threads took: 0.0000270 seconds");
    assertThat(p.sink.pauses.get(0)).isEqualTo(new PauseCollector.Pause("", 6_793_000, 27_000, Times.NONE, 1_481)).isEqualTo(p.sink.pauses.get(1));
  }

  @Test
  void parsesJdk9WithPaddedLevelAndNoTags() {
    // garbagecat dataset291.txt: decorators uptime,level
    p.line("[154.105s][info   ] Total time for which application threads were stopped: 0.0130080 seconds, Stopping threads took: 0.0021024 seconds");
    assertThat(p.only()).isEqualTo(new PauseCollector.Pause("", 13_008_000, 2_102_400, Times.NONE, 154_105));
  }

  @Test
  void parsesJdk13WithoutCleanup() {
    // gctoolkit-testdata rolling/jdk14/rollinglogs/long_restart.log
    p.line("[259.079s][info ][safepoint         ] Safepoint \"G1CollectForAllocation\", Time since last: 42337851 ns, Reaching safepoint: 175720 ns, At safepoint: 3107425 ns, Total: 3283145 ns");
    assertThat(p.only()).isEqualTo(new PauseCollector.Pause("G1CollectForAllocation", 3_283_145, 175_720, Times.NONE, 259_079));
  }

  @Test
  void parsesJdk17u8WithCleanupAndBothClocks() {
    // garbagecat dataset283.txt (JDK 17.0.10)
    p.line("[2024-02-01T11:09:53.291+0000][2.564s][info ][safepoint         ] Safepoint \"CollectForMetadataAllocation\", Time since last: 166609148 ns, Reaching safepoint: 3849 ns, Cleanup: 53621 ns, At safepoint: 9122390 ns, Total: 9179860 ns");
    assertThat(p.only()).isEqualTo(new PauseCollector.Pause("CollectForMetadataAllocation", 9_179_860, 3_849, epoch("2024-02-01T11:09:53.291Z"), 2_564));
  }

  @Test
  void parsesJdk21u8WithCleanupAndLeaving() {
    // the 21.0.8 backport keeps Cleanup and adds Leaving (shape per openjdk/jdk21u-dev PR #1683)
    p.line("[3.000s][info][safepoint] Safepoint \"G1CollectFull\", Time since last: 1000 ns, Reaching safepoint: 10 ns, Cleanup: 20 ns, At safepoint: 30 ns, Leaving safepoint: 40 ns, Total: 100 ns");
    assertThat(p.only()).isEqualTo(new PauseCollector.Pause("G1CollectFull", 100, 10, Times.NONE, 3_000));
  }

  @Test
  void parsesJdk25WithLeavingAndThreads() {
    // krzysztofslusarski/jvm-gc-logs-analyzer zgc.log.gz (JDK 25.0.2)
    p.line("[2026-03-17T10:11:17.293+0000][1.749s][info][safepoint      ] Safepoint \"ZMarkStartYoungAndOld\", Time since last: 1497896961 ns, Reaching safepoint: 3881 ns, At safepoint: 29320 ns, Leaving safepoint: 1043 ns, Total: 34244 ns, Threads: 0 runnable, 12 total");
    assertThat(p.only()).isEqualTo(new PauseCollector.Pause("ZMarkStartYoungAndOld", 34_244, 3_881, epoch("2026-03-17T10:11:17.293Z"), 1_749));
  }

  @Test
  void readsEveryClockDecoratorInTheJvmsOrder() {
    // JDK 17.0.15 here: timemillis, uptimemillis, timenanos, uptimenanos, pid, tid, level, tags
    p.line("[1795387338201ms][17ms][574952026054ns][17388449ns][7147][7154][info][safepoint] Safepoint \"ThreadDump\", Time since last: 1323380 ns, Reaching safepoint: 440 ns, Cleanup: 530 ns, At safepoint: 18310 ns, Total: 19280 ns");
    // uptimemillis, tid
    p.line("[26ms][7096] Safepoint \"ThreadDump\", Time since last: 141870 ns, Reaching safepoint: 1110 ns, Cleanup: 1330 ns, At safepoint: 19430 ns, Total: 21870 ns");
    // utctime, hostname, pid
    p.line("[2026-11-22T22:42:17.843+0000][vm][7110] Safepoint \"ThreadDump\", Time since last: 97560 ns, Reaching safepoint: 760 ns, Cleanup: 950 ns, At safepoint: 12770 ns, Total: 14480 ns");
    // timenanos, uptimenanos: the second is the uptime
    p.line("[574952026054ns][17388449ns] Safepoint \"ThreadDump\", Time since last: 1 ns, Reaching safepoint: 1 ns, At safepoint: 1 ns, Total: 2 ns");
    // time and utctime: the same instant in two offsets
    p.line("[2026-11-22T23:42:17.843+0100][2026-11-22T22:42:17.843+0000][0,5s] Safepoint \"ThreadDump\", Time since last: 1 ns, Reaching safepoint: 1 ns, At safepoint: 1 ns, Total: 2 ns");
    // no decorators at all (-Xlog:safepoint::none)
    p.line("Safepoint \"ThreadDump\", Time since last: 1 ns, Reaching safepoint: 1 ns, At safepoint: 1 ns, Total: 2 ns");
    assertThat(p.sink.pauses).extracting(PauseCollector.Pause::wallMillis, PauseCollector.Pause::uptimeMillis)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(1_795_387_338_201L, 17L),
            org.assertj.core.groups.Tuple.tuple(Times.NONE, 26L),
            org.assertj.core.groups.Tuple.tuple(epoch("2026-11-22T22:42:17.843Z"), Times.NONE),
            org.assertj.core.groups.Tuple.tuple(Times.NONE, 17L),
            org.assertj.core.groups.Tuple.tuple(epoch("2026-11-22T22:42:17.843Z"), 500L),
            org.assertj.core.groups.Tuple.tuple(Times.NONE, Times.NONE));
  }

  @Test
  void otherLinesAreIgnoredWithAReason() {
    assertThat(p.line("[2026-11-22T22:42:18.466+0000][0.037s][info][gc     ] Using G1")).isEqualTo(UnifiedParser.OTHER);
    assertThat(p.line("[6918.001s][debug][safepoint] Safepoint synchronization initiated. (28 threads)")).isEqualTo(UnifiedParser.OTHER);
    assertThat(p.line("[1,474s][info][safepoint,cleanup ] deflating idle monitors, 0,0000030 secs")).isEqualTo(UnifiedParser.OTHER);
    assertThat(p.line("[GC (Allocation Failure) [PSYoungGen: 1024K->512K(1536K)] 1024K->600K(5632K), 0.0011 secs]")).isEqualTo(UnifiedParser.NOT_UNIFIED);
    assertThat(p.sink.pauses).isEmpty();
  }

  @Test
  void unreadableSafepointLinesAreMalformed() {
    assertThat(p.line("[1.000s][info][safepoint] Safepoint \"G1CollectFull\", Time since last: 1000 ns, Reaching safepoint: 10 ns")).isEqualTo(UnifiedParser.BAD_SAFEPOINT);
    assertThat(p.line("[1.000s][info][safepoint] Safepoint \"G1CollectFull")).isEqualTo(UnifiedParser.BAD_SAFEPOINT);
    assertThat(p.line("[1.000s][info][safepoint] Safepoint \"X\", Total: 12,5 ns")).isEqualTo(UnifiedParser.BAD_SAFEPOINT);
    assertThat(p.line("[1.000s][info][safepoint] Total time for which application threads were stopped: x seconds")).isEqualTo(StoppedTime.BAD_DURATION);
    assertThat(p.sink.pauses).isEmpty();
  }

  /**
   * {@code -Xlog:async} drops what its full buffer cannot hold and says so on a line of blank
   * tags: malformed, so a log that lost lines never reads as whole. Real lines: JDK 17 with
   * uptime, level and tags (-XX:AsyncLogBufferSize=102400, gc*=trace), Temurin 25 with its default
   * decorations, JDK 17 with none.
   */
  @Test
  void linesTheJvmDroppedAreSaidWhereItSaysSo() {
    assertThat(p.line("[3.660s][warning][                     ]    749 messages dropped due to async logging"))
        .isEqualTo(UnifiedParser.DROPPED);
    assertThat(p.line("[2.969s][warning][                     ]    133 messages dropped due to async logging"))
        .isEqualTo(UnifiedParser.DROPPED);
    assertThat(p.line("    82 messages dropped due to async logging")).isEqualTo(UnifiedParser.DROPPED);
    assertThat(UnifiedParser.DROPPED.kind()).isEqualTo(Outcome.Kind.MALFORMED);
    // another program's line that only mentions it stays another program's
    assertThat(p.line("[2024-02-01 11:09:53] INFO 3 messages dropped due to async logging, said the agent"))
        .isEqualTo(UnifiedParser.NOT_UNIFIED);
    assertThat(p.line("[2024-02-01 11:09:53] INFO 3 messages dropped due to async logging"))
        .isEqualTo(UnifiedParser.NOT_UNIFIED);
    assertThat(p.sink.pauses).isEmpty();
  }

  /**
   * Pause lines damaged as the mutation test damages them (MutatedLinesCliTest): malformed, so
   * they reach --rejects, where they were ignored; lines that are no pause stay ignored.
   */
  @Test
  void damagedPauseLinesAreMalformedAndDamagedOtherLinesIgnored() {
    String safepoint = "[2024-02-01T11:09:53.291+0000][2.564s][info ][safepoint         ] Safepoint \"CollectForMetadataAllocation\", Time since last: 166609148 ns, Reaching safepoint: 3849 ns, Cleanup: 53621 ns, At safepoint: 9122390 ns, Total: 9179860 ns";
    String gcPause = "[2026-11-23T21:44:14.731+0000][0.428s][info][gc          ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->1M(64M) 2.812ms";
    String stopped = "[0.099s][info][safepoint    ] Total time for which application threads were stopped: 0.0000551 seconds, Stopping threads took: 0.0000086 seconds";
    String other = "[2024-02-01T11:09:53.291+0000][2.564s][info ][gc                ] GC(3) Concurrent Mark Cycle";
    // a damaged time decorator, on a pause line and on another
    assertThat(p.line(safepoint.replace("11:09:53", "11:0x:53"))).isEqualTo(UnifiedParser.DAMAGED_DECORATORS);
    assertThat(p.line(gcPause.replace("[info]", "[in\u00ffo]"))).isEqualTo(UnifiedParser.DAMAGED_DECORATORS);
    assertThat(p.line(stopped.replace("0.099s", "0.0 99s"))).isEqualTo(UnifiedParser.DAMAGED_DECORATORS);
    assertThat(p.line(other.replace("11:09:53", "11:0x:53"))).isEqualTo(UnifiedParser.NOT_UNIFIED);
    assertThat(p.line("[2024-02-01 11:09:53] INFO Safepoint-free code")).isEqualTo(UnifiedParser.NOT_UNIFIED);
    // two lines joined by a lone CR, a pause first, second, or both
    assertThat(p.line(other + "\r" + safepoint)).isEqualTo(UnifiedParser.JOINED);
    assertThat(p.line(safepoint + "\r" + other)).isEqualTo(UnifiedParser.JOINED);
    assertThat(p.line(other + "\r" + gcPause)).isEqualTo(UnifiedParser.JOINED);
    assertThat(p.line(gcPause + "\r" + gcPause)).isEqualTo(UnifiedParser.JOINED);
    assertThat(p.line(other + "\r\r" + stopped)).isEqualTo(UnifiedParser.JOINED);
    // no pause among them, or CRs that only end the line: read as the first line alone
    assertThat(p.line(other + "\r" + other)).isEqualTo(UnifiedParser.OTHER);
    assertThat(p.line("[0.099s][info][safepoint    ] Entering safepoint region: RevokeBias\r" + other)).isEqualTo(UnifiedParser.ENTERING);
    // no space, or two, between Safepoint and the quote
    assertThat(p.line(safepoint.replace("Safepoint \"", "Safepoint\""))).isEqualTo(UnifiedParser.BAD_SAFEPOINT);
    assertThat(p.line(safepoint.replace("Safepoint \"", "Safepoint  \""))).isEqualTo(UnifiedParser.BAD_SAFEPOINT);
    assertThat(p.sink.pauses).isEmpty();
    assertThat(p.line("[0.100s][info][safepoint    ] Leaving safepoint region")).isEqualTo(UnifiedParser.LEAVING);
    assertThat(p.line(stopped)).isEqualTo(Outcome.PARSED);
    assertThat(p.only().kind()).as("the Entering line read alone named the group").isEqualTo("RevokeBias");
    assertThat(p.line(safepoint + "\r")).isEqualTo(Outcome.PARSED);
    assertThat(p.line(safepoint + "\r\r")).isEqualTo(Outcome.PARSED);
    assertThat(p.sink.pauses).hasSize(3);
  }

  /**
   * A pause or stall line whose duration is no time (negative, or past what a long holds in
   * nanoseconds) is malformed with that reason, never a pause that begins; one whose heap sizes
   * cannot be held still counts its pause, under its kind alone.
   */
  @Test
  void aPauseWhoseDurationIsNoTimeIsMalformedAndAnUnreadableHeapLeavesTheKindAlone() {
    String pause = "[0.428s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->1M(64M) 2.812ms";
    String stall = "[1.023s][info][gc] Allocation Stall (main) 0.534ms";
    for (String duration : new String[] {"-2.812ms", "99999999999999999999.812ms", "+-1ms"}) {
      assertThat(p.line(pause.replace("2.812ms", duration))).as(duration)
          .isEqualTo(UnifiedParser.BAD_DURATION);
    }
    // no number before "ms": a pause kind ending in a word, as a pause's first line has it
    assertThat(p.line(pause.replace(" 2.812ms", " Forms"))).isEqualTo(UnifiedParser.PAUSE_START);
    assertThat(p.line(pause.replace(" 2.812ms", " --ms"))).isEqualTo(UnifiedParser.PAUSE_START);
    assertThat(p.line(stall.replace("0.534ms", "-0.534ms"))).isEqualTo(UnifiedParser.BAD_DURATION);
    assertThat(p.sink.pauses).isEmpty();
    assertThat(p.line(pause.replace("6M->1M(64M)", "99999999999999999999M->1M(64M)")))
        .isEqualTo(Outcome.PARSED);
    p.parser.endOfInput(p.sink); // a GC pause is held for its CPU line until the next line
    assertThat(p.only().kind()).isEqualTo("Pause Young (Normal) (G1 Evacuation Pause)");
    assertThat(p.only().totalNanos()).isEqualTo(2_812_000L);
  }

  @Test
  void everyCutOfARealLineIsAnsweredWithoutThrowing() {
    String line = "[2026-03-17T10:11:17.293+0000][1.749s][info][safepoint      ] Safepoint \"ZMarkStartYoungAndOld\", Time since last: 1497896961 ns, Reaching safepoint: 3881 ns, At safepoint: 29320 ns, Leaving safepoint: 1043 ns, Total: 34244 ns, Threads: 0 runnable, 12 total";
    for (int end = 0; end <= line.length(); end++) {
      for (int start = 0; start <= end; start += 5) {
        assertThat(p.line(line.substring(start, end))).isNotNull();
      }
    }
  }

  @Test
  void aGcPauseLineIsOnePauseWithItsHeapAndTheCpuLineAfterIt() {
    assertThat(p.line("[2026-11-23T21:24:16.124+0000][38809300ns][info][gc,start    ] GC(0) Pause Young (Allocation Failure)")).isEqualTo(UnifiedParser.PAUSE_START);
    assertThat(p.line("[2026-11-23T21:24:16.124+0000][38809300ns][info][gc          ] GC(0) Pause Young (Allocation Failure) 18M->3M(61M) 2.218ms")).isEqualTo(Outcome.PARSED);
    assertThat(p.sink.pauses).isEmpty(); // held for its CPU line
    assertThat(p.line("[2026-11-23T21:24:16.124+0000][38818113ns][info][gc,cpu      ] GC(0) User=0.00s Sys=0.01s Real=0,01s")).isEqualTo(UnifiedParser.CPU);
    assertThat(p.sink.details).containsExactly(new PauseCollector.Detail(Family.GC_PAUSE, "Pause Young (Allocation Failure)",
        2_218_000, 0, 10_000_000, 10_000_000, 18L << 20, 3L << 20, 61L << 20));
    assertThat(p.sink.only().uptimeMillis()).isEqualTo(38);
  }

  @Test
  void everyCollectorsPauseIsNamedUpToItsHeapOrDuration() {
    p.line("[0.125s] GC(0) Pause Mark Start 0.004ms");
    p.line("[1.5s][info][gc,phases] GC(3) y: Pause Mark Start (Major) 0,011ms");
    p.line("[2.0s][info][gc] GC(5) Pause Degenerated GC (Outside of Cycle) 60M->25M(64M) 3.323ms");
    p.line("[2.1s][info][gc] GC(7) Pause Young (Normal) (G1 Evacuation Pause) (Evacuation Failure: Allocation) 63M->60M(64M) 12.5ms");
    p.line("[2.2s][info][gc] Allocation Stall (main) 14.031ms");
    p.line("[2.3s][info][gc] GC(9) y: Relocation Stall (ZWorkerYoung#1) 0.5ms");
    p.parser.endOfInput(p.sink);
    assertThat(p.sink.details).extracting(PauseCollector.Detail::family, PauseCollector.Detail::kind, PauseCollector.Detail::totalNanos)
        .containsExactly(
            tuple(Family.GC_PAUSE, "Pause Mark Start", 4_000L),
            tuple(Family.GC_PAUSE, "y: Pause Mark Start (Major)", 11_000L),
            tuple(Family.GC_PAUSE, "Pause Degenerated GC (Outside of Cycle)", 3_323_000L),
            tuple(Family.GC_PAUSE, "Pause Young (Normal) (G1 Evacuation Pause) (Evacuation Failure: Allocation)", 12_500_000L),
            tuple(Family.STALL, "Allocation Stall", 14_031_000L),
            tuple(Family.STALL, "y: Relocation Stall", 500_000L));
  }

  @Test
  void phasesStatisticsAndCyclesAreNoPauses() {
    assertThat(p.line("[0.3s][info][gc,stats    ] Pause Init Mark (N)                  30 us")).isEqualTo(UnifiedParser.PAUSE_START);
    assertThat(p.line("[0.3s][info][gc,phases] GC(1) Pre Evacuate Collection Set: 0.1ms")).isEqualTo(UnifiedParser.OTHER);
    assertThat(p.line("[0.3s][info][gc,phases] GC(1) y: Concurrent Mark 1.234ms")).isEqualTo(UnifiedParser.OTHER);
    assertThat(p.line("[7.555s]    Phase: Pause Mark Start                0.010 / 0.010         0.010 / 0.010       ms")).isEqualTo(UnifiedParser.OTHER);
    // a cycle's heap is an event read (parsed), yet no pause
    assertThat(p.line("[0.4s][info][gc] GC(2) Minor Collection (Allocation Rate) 36M(56%)->12M(19%) 0.014s")).isEqualTo(Outcome.PARSED);
    assertThat(p.line("[0.4s][info][gc,start] GC(3) Major Collection (Proactive)")).isEqualTo(Reasons.ZGC_CYCLE);
    p.parser.endOfInput(p.sink);
    assertThat(p.sink.pauses).isEmpty();
  }

  /** Decorated with the tags but no level ({@code -Xlog:gc*:file=gc.log:uptime,tags}, JDK 17). */
  @Test
  void tagsWithoutALevelAreDecoratorsAndTheCpuLineIsKept() {
    assertThat(p.line("[0.041s][gc,start] GC(0) Pause Young (Normal) (G1 Evacuation Pause)")).isEqualTo(UnifiedParser.PAUSE_START);
    assertThat(p.line("[0.043s][gc,heap] GC(0) Eden regions: 24->0(19)")).isEqualTo(UnifiedParser.OTHER);
    assertThat(p.line("[0.043s][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->3M(64M) 2.027ms")).isEqualTo(Outcome.PARSED);
    assertThat(p.line("[0.043s][gc,cpu] GC(0) User=0.00s Sys=0.00s Real=0.01s")).isEqualTo(UnifiedParser.CPU);
    assertThat(p.line("[gc,cpu] GC(1) User=0.01s Sys=0.00s Real=0.00s")).isEqualTo(UnifiedParser.CPU);
    assertThat(p.sink.details).extracting(PauseCollector.Detail::kind, PauseCollector.Detail::realNanos)
        .containsExactly(tuple("Pause Young (Normal) (G1 Evacuation Pause)", 10_000_000L));
    assertThat(p.only().uptimeMillis()).isEqualTo(43);
  }

  /** {@code lines} read by a line reader into {@code p.sink}, each malformed line kept as "N reason: text". */
  private void read(List<String> lines, ParseStats stats, List<String> rejects, boolean endsInput)
      throws IOException {
    new LineReader().read(
        new ByteArrayInputStream((String.join("\n", lines) + "\n").getBytes(StandardCharsets.ISO_8859_1)),
        new UnifiedFormat().newParser(), p.sink, stats,
        (line, outcome, buf, from, to) -> rejects.add(line + " " + outcome.reason() + ": "
            + new String(buf, from, to - from, StandardCharsets.ISO_8859_1)),
        true, endsInput);
  }
}
