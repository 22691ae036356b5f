package tardy.formats.jvm;

import tardy.events.Reasons;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;
import tardy.events.Family;
import tardy.events.Outcome;
import tardy.events.Times;

/** JDK 6-8 stopped-time lines, each variant with a real line from the corpus. */
class Jdk8ParserTest {

  private final ParseHelper p = new ParseHelper(new Jdk8Format().newParser());

  private static long epoch(String iso) {
    return OffsetDateTime.parse(iso).toInstant().toEpochMilli();
  }

  @Test
  void parsesJdk7LineWithoutPrefixOrTimeToSafepoint() {
    // garbagecat dataset103.txt
    assertThat(p.line("Total time for which application threads were stopped: 0.0003160 seconds")).isEqualTo(Outcome.PARSED);
    assertThat(p.only()).isEqualTo(new PauseCollector.Pause("", 316_000, Times.NONE, Times.NONE, Times.NONE));
  }

  @Test
  void parsesJdk8DatestampUptimeAndTimeToSafepoint() {
    // garbagecat dataset104.txt
    p.line("2016-12-21T14:28:11.041-0500: 0.193: Total time for which application threads were stopped: 0.0000746 seconds, Stopping threads took: 0.0000269 seconds");
    assertThat(p.only()).isEqualTo(new PauseCollector.Pause("", 74_600, 26_900, epoch("2016-12-21T14:28:11.041-05:00"), 193));
  }

  @Test
  void datestampOffsetPlus0300GivesUtcEpochMillis() {
    // garbagecat dataset116.txt: a 40.68 s pause
    p.line("2017-02-27T02:56:13.203+0300: 35952.084: Total time for which application threads were stopped: 40.6810160 seconds");
    PauseCollector.Pause pause = p.only();
    assertThat(pause.wallMillis()).isEqualTo(epoch("2017-02-26T23:56:13.203Z"));
    assertThat(pause.uptimeMillis()).isEqualTo(35_952_084);
    assertThat(pause.totalNanos()).isEqualTo(40_681_016_000L);
  }

  @Test
  void parsesUptimeOnlyPrefix() {
    // garbagecat dataset208.txt
    p.line("311.239: Total time for which application threads were stopped: 0.0011504 seconds, Stopping threads took: 0.0000093 seconds");
    assertThat(p.only()).isEqualTo(new PauseCollector.Pause("", 1_150_400, 9_300, Times.NONE, 311_239));
  }

  @Test
  void parsesDatestampOnlyPrefix() {
    // garbagecat dataset231.txt
    p.line("2021-10-27T19:37:39.139-0400: Total time for which application threads were stopped: 0.0004959 seconds, Stopping threads took: 0.0000384 seconds");
    assertThat(p.only()).isEqualTo(new PauseCollector.Pause("", 495_900, 38_400, epoch("2021-10-27T19:37:39.139-04:00"), Times.NONE));
  }

  @Test
  void commaDecimalParsesLikeDot() {
    // krzysztofslusarski/jvm-gc-logs-analyzer gc8-more-details.log.gz (Polish locale): the
    // datestamp keeps '.', uptime and durations use ','
    p.line("2020-12-11T07:43:07.025+0100: 0,075: Total time for which application threads were stopped: 0,0000542 seconds, Stopping threads took: 0,0000103 seconds");
    p.line("2020-12-11T07:43:07.025+0100: 0.075: Total time for which application threads were stopped: 0.0000542 seconds, Stopping threads took: 0.0000103 seconds");
    assertThat(p.sink.pauses).hasSize(2);
    assertThat(p.sink.pauses.get(0)).isEqualTo(p.sink.pauses.get(1));
    assertThat(p.sink.pauses.get(0).totalNanos()).isEqualTo(54_200);
    assertThat(p.sink.pauses.get(0).uptimeMillis()).isEqualTo(75);
  }

  @Test
  void interleavedDatestampWithGluedUptimeTakesTheLastStamps() {
    // garbagecat dataset223.txt: two threads wrote into one line
    p.line("2021-10-27T10:52:38.345-0400: 2021-10-27T10:52:38.345-04000.181: : Total time for which application threads were stopped: 0.0013170 seconds, Stopping threads took: 0.0000454 seconds");
    assertThat(p.only()).isEqualTo(new PauseCollector.Pause("", 1_317_000, 45_400, epoch("2021-10-27T10:52:38.345-04:00"), 181));
  }

  @Test
  void stoppedTimeGluedToTheEndOfAConcurrentPhaseLine() {
    // garbagecat dataset27.txt: the line's only stamp belongs to the CMS phase
    p.line("234784.781: [CMS-concurrent-abortable-preclean: 0.038/0.118 secs]Total time for which application threads were stopped: 0.0123330 seconds");
    assertThat(p.only()).isEqualTo(new PauseCollector.Pause("", 12_333_000, Times.NONE, Times.NONE, 234_784_781));
  }

  @Test
  void duplicatedAndGluedStampsFromOtherInterleavings() {
    // GCViewer SampleSun1_7_0G1_MixedApplicationStopped.txt (comma locale)
    p.line("2015-02-25T12:47:08.028+0100: 2015-02-25T12:47:08.028+0100: 6616,888: Total time for which application threads were stopped: 0,1003470 seconds");
    // gctoolkit-testdata preunified/g1gc/details/tenuring/180/g1gc.log line 4432
    p.line("652.538: 652.538Total time for which application threads were stopped: 0.0061060 seconds");
    // gc8-more-details.log.gz line 1215: the datestamp is glued to the text
    p.line("2020-12-11T07:43:15.829+0100: 8,879: 2020-12-11T07:43:15.829+0100Total time for which application threads were stopped: 0,0767804 seconds");
    assertThat(p.sink.pauses).containsExactly(
        new PauseCollector.Pause("", 100_347_000, Times.NONE, epoch("2015-02-25T12:47:08.028+01:00"), 6_616_888),
        new PauseCollector.Pause("", 6_106_000, Times.NONE, Times.NONE, 652_538),
        new PauseCollector.Pause("", 76_780_400, Times.NONE, epoch("2020-12-11T07:43:15.829+01:00"), 8_879));
  }

  @Test
  void otherLinesOfAJdk8LogAreIgnoredWithAReason() {
    assertThat(p.line("2019-02-01T02:14:27.308+0000: 800433.314: Application time: 1.5191836 seconds")).isEqualTo(StoppedTime.APPLICATION_TIME);
    assertThat(p.line("2019-02-01 02:14:25 GC log file created /run/jwa/aagl_prd//instance/aagl_prd/log/gc.log.46")).isEqualTo(Reasons.ROTATION_HEADER);
    assertThat(p.line(" [Times: user=0.10 sys=0.00, real=0.12 secs]")).isEqualTo(Jdk8Parser.OTHER);
    assertThat(p.line("OpenJDK 64-Bit Server VM (25.172-b01) for linux-amd64 JRE (1.8.0_172-b01)")).isEqualTo(Jdk8Parser.OTHER);
    assertThat(p.sink.pauses).isEmpty();
  }

  @Test
  void damagedAndUnreadableStoppedLinesAreMalformed() {
    // gctoolkit-testdata preunified/g1gc/corrupted/rollsbackclock.log
    assertThat(p.line("2014-06-16T07:57:15.207+0200: 30285,518: cation threads were stopped: 0,0002170 seconds")).isEqualTo(Jdk8Parser.DAMAGED);
    assertThat(p.line("Total time for which application threads were stopped: -0.0000100 seconds")).isEqualTo(StoppedTime.BAD_DURATION);
    assertThat(p.line("Total time for which application threads were stopped: 0.00")).isEqualTo(StoppedTime.BAD_DURATION);
    assertThat(p.line("Total time for which application threads were stopped: 0.0001 seconds, Stopping threads took: 0,0")).isEqualTo(StoppedTime.BAD_DURATION);
    // lalaorya/gctrace logs/gc-test.log: the marker cut short, its end lost
    assertThat(p.line("2022-06-28T09:54:40.708-0800: 5.493: Total tim/: 0.0000246 seconds"))
        .isEqualTo(StoppedTime.CUT_SHORT);
    assertThat(p.sink.pauses).isEmpty();
  }

  @Test
  void everyCutOfARealLineIsAnsweredWithoutThrowing() {
    String line = "2015-02-25T12:47:08.028+0100: 2015-02-25T12:47:08.028+0100: 6616,888: Total time for which application threads were stopped: 0,1003470 seconds, Stopping threads took: 0,0000103 seconds";
    for (int end = 0; end <= line.length(); end++) {
      for (int start = 0; start <= end; start += 7) {
        assertThat(p.line(line.substring(start, end))).isNotNull();
      }
    }
  }

  @Test
  void aGcEventIsOnePauseNamedByItsOpeningWithItsHeapAndTimes() {
    assertThat(p.line("2021-10-27T10:52:38.344-0400: 0.180: [GC pause (G1 Evacuation Pause) (young) (initial-mark) 4917K->4561K(7168K), 0.0012213 secs]")).isEqualTo(Outcome.PARSED);
    assertThat(p.line(" [Times: user=0.10 sys=0.02, real=0,12 secs]")).isEqualTo(Jdk8Parser.OTHER);
    assertThat(p.sink.details).containsExactly(new PauseCollector.Detail(Family.GC_PAUSE,
        "GC pause (G1 Evacuation Pause) (young) (initial-mark)", 1_221_300, 100_000_000, 20_000_000,
        120_000_000, 4917L << 10, 4561L << 10, 7168L << 10));
    assertThat(p.sink.only().wallMillis()).isEqualTo(epoch("2021-10-27T10:52:38.344-04:00"));
  }

  @Test
  void aG1PauseWithDetailsTakesItsHeapFromItsEdenLine() {
    p.line("0.705: [GC pause (G1 Evacuation Pause) (young), 0,0056147 secs]");
    p.line("   [Parallel Time: 3,5 ms, GC Workers: 18]");
    p.line("   [Eden: 32,0M(32,0M)->0,0B(294,0M) Survivors: 4096,0K->6144,0K Heap: 37,8M(502,0M)->12,0M(502,0M)]");
    p.line(" [Times: user=0,07 sys=0,00, real=0,01 secs] ");
    p.line("1.619: [Full GC (Allocation Failure)  500M->20M(502M), 0.2 secs]");
    p.line("   [Eden: 0.0B(24.0M)->0.0B(24.0M) Survivors: 0.0B->0.0B Heap: 500.1M(502.0M)->20.5M(502.0M)]");
    p.parser.endOfInput(p.sink);
    assertThat(p.sink.details).extracting(PauseCollector.Detail::heapBefore,
        PauseCollector.Detail::heapAfter, PauseCollector.Detail::heapCapacity).containsExactly(
        tuple((long) (37.8 * (1 << 20)), 12L << 20, 502L << 20),
        tuple(500L << 20, 20L << 20, 502L << 20)); // a full collection's own transition stands
  }

  @Test
  void aYoungGcSpreadOverLinesWithTenuringIsOnePause() {
    assertThat(p.line("1.200: [GC (Allocation Failure) AdaptiveSizePolicy::update_averages:  survived: 8476880  promoted: 167024  overflow: false")).isEqualTo(Jdk8Parser.EVENT_OPENS);
    assertThat(p.line("Desired survivor size 16252928 bytes, new threshold 1 (max 1)")).isEqualTo(Jdk8Parser.INSIDE_EVENT);
    assertThat(p.line("[PSYoungGen: 98816K->8278K(114688K)] 98816K->8441K(115200K), 0.0064292 secs] [Times: user=0.03 sys=0.01, real=0.01 secs] ")).isEqualTo(Outcome.PARSED);
    p.parser.endOfInput(p.sink);
    PauseCollector.Detail d = p.sink.details.get(0);
    assertThat(d.kind()).isEqualTo("GC (Allocation Failure)");
    assertThat(d.totalNanos()).isEqualTo(6_429_200);
    assertThat(d.heapAfter()).isEqualTo(8441L << 10); // the whole heap, not the young generation
    assertThat(p.sink.only().uptimeMillis()).isEqualTo(1_200);
  }

  @Test
  void nestedDurationsConcurrentPhasesAndAddressRangesAreNeverThePause() {
    // CMSScavengeBeforeRemark: a young GC inside the remark, and a concurrent phase inside a ParNew
    p.line("7.544: [GC (CMS Final Remark) [YG occupancy: 372284 K (996800 K)]7.545: [GC (Allocation Failure) 7.545: [ParNew: 1K->2K(3K), 0.0040 secs] 4K->5K(6K), 0.0041 secs]");
    p.line(" eden space 8192K, 100% used [0x00000000f5580000,0x00000000f5680000,0x00000000f5680000)");
    p.line("7.545: [Rescan (parallel) , 0.0865788 secs]7.631: [weak refs processing, 0.0097719 secs][1 CMS-remark: 0K(24058304K)] 372284K(25055104K), 0.1341842 secs] [Times: user=0.89 sys=0.01, real=0.13 secs]");
    p.line("2.3: [GC (Allocation Failure) 2.3: [ParNew2.31: [CMS-concurrent-abortable-preclean: 0.1/0.2 secs] [Times: user=9.99 sys=0.00, real=9.99 secs]");
    p.line(": 1234K->56K(789K), 0.0100 secs] 1234K->56K(9999K), 0.0123 secs] [Times: user=0.01 sys=0.00, real=0.01 secs]");
    assertThat(p.sink.details).extracting(PauseCollector.Detail::kind, PauseCollector.Detail::totalNanos, PauseCollector.Detail::realNanos)
        .containsExactly(tuple("GC (CMS Final Remark)", 134_184_200L, 130_000_000L), tuple("GC (Allocation Failure)", 12_300_000L, 10_000_000L));
  }

  @Test
  void stoppedTimeIsNamedByTheGcPauseInsideItOrCalledNonGc() {
    p.line("CommandLine flags: -XX:+PrintGC -XX:+PrintGCApplicationStoppedTime");
    p.line("0.100: Total time for which application threads were stopped: 0.0001000 seconds, Stopping threads took: 0.0000100 seconds");
    p.line("0.200: [Full GC (Ergonomics)  9226K->8934K(19456K), 0.0580 secs]");
    p.line("0.259: Total time for which application threads were stopped: 0.0590000 seconds, Stopping threads took: 0.0000100 seconds");
    assertThat(p.sink.details).extracting(PauseCollector.Detail::family, PauseCollector.Detail::kind, PauseCollector.Detail::totalNanos)
        .containsExactly(tuple(Family.SAFEPOINT, "non-GC safepoint", 100_000L), tuple(Family.GC_PAUSE, "Full GC (Ergonomics)", 58_000_000L),
            tuple(Family.SAFEPOINT, "Full GC (Ergonomics)", 59_000_000L));
  }

  @Test
  void anEventWithoutItsDurationIsMalformedAndNoPause() {
    assertThat(p.line("0.200: [GC (Allocation Failure) [PSYoungGen: 1K->2K(3K)] 4K->5K(6K)]")).isEqualTo(Jdk8Parser.BROKEN_EVENT);
    assertThat(p.line("0.300: [GC (Allocation Failure) [PSYoungGen: 1K->2K(3K)] 4K->5K(6K), 0.0010000 secs]")).isEqualTo(Outcome.PARSED);
    p.parser.endOfInput(p.sink);
    assertThat(p.sink.details).hasSize(1);
  }

  @Test
  void shenandoahBackportPausesAreWholeOnTheirLineAndNamedAsUnifiedLoggingNamesThem() {
    // GCViewer SampleOpenJdk1_8_0-332.txt and garbagecat dataset207.txt (JDK 8 Shenandoah)
    assertThat(p.line("2022-08-17T16:20:47.685+0800: 2.469: [Pause Init Mark (process weakrefs), start]")).isEqualTo(Jdk8Parser.OTHER);
    assertThat(p.line("    Using 2 of 2 workers for init marking")).isEqualTo(Jdk8Parser.OTHER);
    assertThat(p.line("2022-08-17T16:20:47.688+0800: 2.472: [Pause Init Mark (process weakrefs), 3.341 ms]")).isEqualTo(Outcome.PARSED);
    assertThat(p.line("2022-08-17T16:20:48.561+0800: 3.344: [Concurrent cleanup 1613M->1361M(1636M), 0.092 ms]")).isEqualTo(Jdk8Parser.OTHER);
    assertThat(p.line("2022-08-17T16:25:40.436+0800: 295.220: [Pause Degenerated GC (Update Refs) 3941M->1733M(3966M), 184.489 ms]")).isEqualTo(Outcome.PARSED);
    assertThat(p.line("2021-03-23T20:57:46.427+0000: 120839.710: [Pause Full 1589M->1002M(1690M), 4077,274 ms]")).isEqualTo(Outcome.PARSED);
    assertThat(p.line("Pause Full GC (G)               4085272 us")).isEqualTo(Jdk8Parser.OTHER);
    p.parser.endOfInput(p.sink);
    assertThat(p.sink.details).extracting(PauseCollector.Detail::family, PauseCollector.Detail::kind,
            PauseCollector.Detail::totalNanos, PauseCollector.Detail::heapAfter)
        .containsExactly(tuple(Family.GC_PAUSE, "Pause Init Mark (process weakrefs)", 3_341_000L, Times.NONE),
            tuple(Family.GC_PAUSE, "Pause Degenerated GC (Update Refs)", 184_489_000L, 1733L << 20),
            tuple(Family.GC_PAUSE, "Pause Full", 4_077_274_000L, 1002L << 20));
    assertThat(p.sink.pauses.get(0).uptimeMillis()).isEqualTo(2_472);
  }

  /**
   * A log that ends inside an event (gctoolkit-testdata tipsgc.log cut after line 7, inside a Full
   * GC's adaptive-size lines): the event is no pause and the line that opened it is malformed, with
   * its bytes handed to the rejects; the lines inside it stay what they are, the events before it
   * still count, and every line is accounted for.
   */
  @Test
  void anEventCutByTheEndOfTheInputIsMalformedAndNoPause() throws java.io.IOException {
    String full = "1.886: [Full GC (Ergonomics) AdaptiveSizeStart: 1.905 collection: 3 ";
    String log = String.join("\n",
        "1.200: [GC (Allocation Failure) AdaptiveSizePolicy::update_averages:  survived: 8476880  promoted: 167024  overflow: false",
        "AdaptiveSizeStart: 1.207 collection: 1 ",
        "[PSYoungGen: 98816K->8278K(114688K)] 98816K->8441K(115200K), 0.0064292 secs] [Times: user=0.03 sys=0.01, real=0.01 secs] ",
        "1.871: [GC (Allocation Failure) --[PSYoungGen: 107094K->107094K(114688K)] 107257K->107606K(115200K), 0.0152368 secs] [Times: user=0.02 sys=0.00, real=0.02 secs] ",
        full,
        "PSAdaptiveSizePolicy::compute_eden_space_size limits: desired_eden_size: 159436327 old_eden_size: 101187584",
        "AdaptiveSizeStop: collection: 3 ") + "\n";
    java.util.List<String> rejects = new java.util.ArrayList<>();
    tardy.events.ParseStats stats = read(log, keptIn(rejects));
    assertThat(stats.lines()).isEqualTo(7);
    assertThat(stats.parsed()).isEqualTo(2);
    assertThat(stats.malformed()).isEqualTo(1);
    assertThat(stats.count(Jdk8Parser.EVENT_CUT)).isEqualTo(1);
    assertThat(stats.count(Jdk8Parser.EVENT_OPENS)).isEqualTo(1);
    assertThat(stats.count(Jdk8Parser.INSIDE_EVENT)).isEqualTo(3);
    assertThat(stats.reasons()).filteredOn(r -> r.outcome() == Jdk8Parser.EVENT_CUT)
        .singleElement().satisfies(r -> assertThat(r.firstLines()).containsExactly(5L));
    assertThat(stats.reasons()).filteredOn(r -> r.outcome() == Jdk8Parser.EVENT_OPENS)
        .singleElement().satisfies(r -> assertThat(r.firstLines()).containsExactly(1L));
    assertThat(rejects).containsExactly("5 " + Jdk8Parser.EVENT_CUT.reason() + ": " + full);
    assertThat(p.sink.details).extracting(PauseCollector.Detail::kind, PauseCollector.Detail::totalNanos)
        .containsExactly(tuple("GC (Allocation Failure)", 6_429_200L), tuple("GC (Allocation Failure)", 15_236_800L));
  }

  /**
   * A JVM killed inside a long Full GC printed only the event's opening; the restarted JVM appends
   * its header and events to the same log. The header ends the open event (no JVM prints it inside
   * one): its opening is malformed, and the events after it are read, not swallowed as its lines.
   */
  @Test
  void anEventCutByARestartedJvmIsMalformedAndTheEventsAfterItAreRead() throws java.io.IOException {
    String cut = "2022-08-01T17:16:33.198+0000: 0.197: #2: [Full GC (Allocation Failure) 2022-08-01T17:16:33.198+0000: 0.197: #2: [CMS";
    String log = String.join("\n",
        "2022-08-01T17:16:33.170+0000: 0.169: #0: [GC (Allocation Failure) 2022-08-01T17:16:33.171+0000: 0.170: #0: [ParNew: 8678K->1081K(9792K), 0.0088699 secs] 8678K->8064K(31680K), 0.0106548 secs] [Times: user=0.02 sys=0.00, real=0.01 secs] ",
        cut,
        "OpenJDK 64-Bit Server VM (25.342-b07) for linux-amd64 JRE (1.8.0_342-b07), built on Jul 16 2022 09:19:19 by \"openjdk\" with gcc 4.4.7 20120313 (Red Hat 4.4.7-23)",
        "Memory: 4k page, physical 2097152k(2094644k free), swap 3145728k(3145728k free)",
        "2022-08-01T17:17:40.201+0000: 0.201: #2: [GC (Allocation Failure) 2022-08-01T17:17:40.202+0000: 0.201: #2: [ParNew: 9746K->1056K(9792K), 0.0062763 secs] 25391K->25378K(34560K), 0.0073592 secs] [Times: user=0.01 sys=0.01, real=0.01 secs] ") + "\n";
    java.util.List<String> rejects = new java.util.ArrayList<>();
    tardy.events.ParseStats stats = read(log, keptIn(rejects));
    assertThat(stats.lines()).isEqualTo(5);
    assertThat(stats.parsed()).isEqualTo(2);
    assertThat(stats.malformed()).isEqualTo(1);
    assertThat(stats.count(Jdk8Parser.EVENT_RESTARTED)).isEqualTo(1);
    assertThat(stats.count(Jdk8Parser.INSIDE_EVENT)).isZero();
    assertThat(rejects).containsExactly("2 " + Jdk8Parser.EVENT_RESTARTED.reason() + ": " + cut);
    assertThat(p.sink.details).extracting(PauseCollector.Detail::totalNanos)
        .containsExactly(10_654_800L, 7_359_200L);
  }

  /** An event that opens on the line that closes another, and is cut: no line to recount. */
  @Test
  void anEventCutAfterOpeningOnAParsedLineLeavesTheCounts() throws java.io.IOException {
    String log = "1.0: [GC (Allocation Failure) [PSYoungGen: 10K->1K(20K)] 10K->1K(30K), 0.0010000 secs] 2.0: [Full GC (Ergonomics) \nAdaptiveSizeStop: collection: 3 \n";
    tardy.events.ParseStats stats = read(log, tardy.events.input.LineReader.Rejects.NONE);
    assertThat(stats.parsed()).isEqualTo(1);
    assertThat(stats.count(Jdk8Parser.INSIDE_EVENT)).isEqualTo(1);
    assertThat(stats.malformed()).isZero();
    assertThat(p.sink.details).extracting(PauseCollector.Detail::kind).containsExactly("GC (Allocation Failure)");
  }

  private tardy.events.ParseStats read(String log, java.util.List<Long> rejected)
      throws java.io.IOException {
    return read(log, (line, outcome, buf, from, to) -> rejected.add(line));
  }

  /** {@code log} read whole by a line reader into {@code p.sink}. */
  private tardy.events.ParseStats read(String log, tardy.events.input.LineReader.Rejects rejects)
      throws java.io.IOException {
    tardy.events.ParseStats stats = new tardy.events.ParseStats();
    new tardy.events.input.LineReader().read(
        new java.io.ByteArrayInputStream(log.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)),
        new Jdk8Parser(), p.sink, stats, rejects, true);
    return stats;
  }

  /** Each malformed line kept as "N reason: text". */
  private static tardy.events.input.LineReader.Rejects keptIn(java.util.List<String> rejects) {
    return (line, outcome, buf, from, to) -> rejects.add(line + " " + outcome.reason() + ": "
        + new String(buf, from, to - from, java.nio.charset.StandardCharsets.ISO_8859_1));
  }

  /** The openings other flags print into, each a pause read to its closing bracket. */
  @Test
  void openingsThatOtherFlagsPrintIntoAreEvents() throws java.io.IOException {
    String log = String.join("\n",
        // binaryfoo/gclog-parser fragment.txt: bare [GC, closed after PrintTenuringDistribution
        "2015-12-10T15:46:54.299+1100: 524176.359: [GC",
        "Desired survivor size 248053760 bytes, new threshold 1 (max 15)",
        " [PSYoungGen: 1070376K->76319K(1155840K)] 3660901K->2808160K(3952064K), 0.1840200 secs] [Times: user=0.47 sys=0.01, real=0.19 secs]",
        // GCViewer SampleSun1_7_0_51_CMS_PrintApplStoppedTime_TenuringDist.txt: glued datestamp
        "2014-04-09T15:27:23.456+0200: 0.304: [GC2014-04-09T15:27:23.456+0200: 0.304: [ParNew",
        "Desired survivor size 2228224 bytes, new threshold 1 (max 6)",
        "- age   1:    4418696 bytes,    4418696 total",
        ": 38720K->4352K(43008K), 0.0139090 secs] 38720K->11390K(138624K), 0.0139804 secs] [Times: user=0.03 sys=0.01, real=0.01 secs] ",
        // GCViewer SampleSun1_6_0AdaptiveSizePolicy.txt: PrintAdaptiveSizePolicy glued to [Full GC
        "0.208: [Full GCAdaptiveSizeStart: 0.216 collection: 3 ",
        "AdaptiveSizeStop: collection: 3 ",
        " [PSYoungGen: 2657K->0K(35584K)] [PSOldGen: 29366K->31933K(66688K)] 32023K->31933K(102272K) [PSPermGen: 2612K->2612K(21248K)], 0.0078451 secs] [Times: user=0.00 sys=0.00, real=0.01 secs] ",
        // GCToolKit's PrintTLAB line opening the event
        "2016-10-09T01:00:57.051+0800: 50.628: [GC TLAB: gc thread: 0x00007f2f0c00d800 [id: 27957] desired_size: 1024KB slow allocs: 0  refill waste: 16384B alloc: 0.01526    51200KB refills: 1 waste 97.7% gc: 1024928B slow: 0B fast: 0B",
        "TLAB totals: thrds: 25  refills: 3201 max: 3155 slow allocs: 821 max 799 waste:  0.7% gc: 19037968B max: 1048456B slow: 3914672B max: 3899656B fast: 0B max: 0B",
        "2016-10-09T01:00:57.052+0800: 50.629: [ParNew: 419456K->23862K(471872K), 16.9862041 secs] 419456K->23862K(1520448K), 16.9912345 secs]",
        // garbagecat dataset93.txt: class histogram rows inside a Full GC, stamp glued to it
        "2016-10-31T14:09:15.030-0700: 49689.217: [Full GC2016-10-31T14:09:15.030-0700: 49689.217: [Class Histogram (before full gc):",
        "   1:      98460990     7018731456  [I",
        "   2:      12345678     1234567890  [Ljava.lang.Object;",
        "Total     159091427    12666890520",
        ", 8.8690440 secs]",
        " 11G->2270M(12G), 97.2185620 secs]") + "\n";
    java.util.List<Long> rejected = new java.util.ArrayList<>();
    tardy.events.ParseStats stats = read(log, rejected);
    assertThat(rejected).isEmpty();
    assertThat(stats.malformed()).isZero();
    assertThat(p.sink.details).extracting(PauseCollector.Detail::kind, PauseCollector.Detail::totalNanos)
        .containsExactly(tuple("GC", 184_020_000L), tuple("GC", 13_980_400L),
            tuple("Full GC", 7_845_100L), tuple("GC", 16_991_234_500L),
            tuple("Full GC", 97_218_562_000L));
    assertThat(p.sink.pauses).extracting(PauseCollector.Pause::uptimeMillis)
        .containsExactly(524_176_359L, 304L, 208L, 50_628L, 49_689_217L);
  }

  /** G1's concurrent phases and detail rows are no events; a [GC no event opens is malformed. */
  @Test
  void aGcOpeningThatIsNoEventIsMalformedNeverIgnored() throws java.io.IOException {
    String log = String.join("\n",
        "2013-05-10T12:15:41.614+0000: 64129.445: [GC concurrent-root-region-scan-start]",
        "2013-05-10T12:15:41.804+0000: 64129.636: [GC concurrent-root-region-scan-end, 0.1905720]",
        "12.345: [GCfoo 1.0 secs]",
        "12.346: [Full GCx 1.0 secs]") + "\n";
    java.util.List<Long> rejected = new java.util.ArrayList<>();
    tardy.events.ParseStats stats = read(log, rejected);
    assertThat(rejected).containsExactly(3L, 4L);
    assertThat(stats.count(Jdk8Parser.UNREAD_EVENT)).isEqualTo(2);
    assertThat(stats.count(Jdk8Parser.OTHER)).isEqualTo(2);
    assertThat(p.sink.pauses).isEmpty();
  }

  /** A rotated file that holds only the JVM's header is this format with no GC yet. */
  @Test
  void aFileOfTheJvmHeaderOnlyIsCountedAsSuch() throws java.io.IOException {
    java.util.List<String> header = java.util.List.of(
        "2019-01-31 20:17:42 GC log file created /run/jwa/bbvc_prd//instance/bbvc_prd/log/gc.log.32",
        "OpenJDK 64-Bit Server VM (25.172-b01) for linux-amd64 JRE (1.8.0_172-b01), built on Apr 19 2018 05:34:58 by \"zulu_re\" with gcc 4.4.7 20120313 (Red Hat 4.4.7-3)",
        "Memory: 4k page, physical 264400600k(8092772k free), swap 25165816k(24119284k free)",
        "CommandLine flags: -XX:+PrintGCDetails -XX:+PrintGCDateStamps -XX:+UseGCLogFileRotation");
    assertThat(tardy.formats.Formats.detect(tardy.events.Sample.ofText(header)).best())
        .map(tardy.events.LogFormat::name).contains("jdk8-gc");
    tardy.events.ParseStats only = read(String.join("\n", header) + "\n", new java.util.ArrayList<>());
    assertThat(only.count(Reasons.JVM_HEADER)).isEqualTo(3);
    assertThat(only.count(Reasons.ROTATION_HEADER)).isEqualTo(1);
    assertThat(only.lines()).isEqualTo(4);

    // followed by an event, the header lines stay what they always were
    tardy.events.ParseStats more = read(String.join("\n", header)
        + "\n1.0: [GC (Allocation Failure) [PSYoungGen: 10K->1K(20K)] 10K->1K(30K), 0.0010000 secs]\n",
        new java.util.ArrayList<>());
    assertThat(more.count(Reasons.JVM_HEADER)).isZero();
    assertThat(more.count(Jdk8Parser.OTHER)).isEqualTo(3);
    assertThat(more.parsed()).isEqualTo(1);
  }

  @Test
  void classHistogramRowsAreKnownByTheirShape() {
    for (String row : new String[] {"   1:      98460990     7018731456  [I",
        "109565:             1             16  sun.reflect.GeneratedMethodAccessor11654",
        "   2:      12345678     1234567890  [Ljava.lang.Object;"}) {
      assertThat(ClassHistogramRow.is(bytes(row), 0, row.length())).as(row).isTrue();
    }
    for (String other : new String[] {" [PSYoungGen: 2657K->0K(35584K)]", "Total     159091427    12666890520",
        "1: 2", "   1:      98460990     7018731456", "- age   1:    4418696 bytes,    4418696 total"}) {
      assertThat(ClassHistogramRow.is(bytes(other), 0, other.length())).as(other).isFalse();
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
  }
}
