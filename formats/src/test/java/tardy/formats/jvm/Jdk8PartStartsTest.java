package tardy.formats.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.ParseStats;
import tardy.events.PartStarts;
import tardy.events.Sample;
import tardy.events.input.Chunker;

/**
 * Where a JDK 6-8 GC log may be cut into parts: at a line that opens a GC event right after a
 * readable stopped-time line. Random logs of real line shapes in any order (events that never
 * close, interleaved and damaged stopped-time lines, CRLF) are read in one pass and as two parts
 * cut at every line the rule allows: the pauses and the line counts must be the same.
 */
class Jdk8PartStartsTest {

  private static final String STOPPED =
      "Total time for which application threads were stopped: 0.0033465 seconds, Stopping threads took: 0.0000091 seconds";
  private static final String YOUNG =
      "[GC (Allocation Failure) [PSYoungGen: 62234K->10122K(76288K)] 125536K->78663K(251392K), 0.0033173 secs] [Times: user=0.02 sys=0.00, real=0.01 secs] ";

  private final PartStarts starts = new Jdk8PartStarts();

  /** Whether the last of {@code lines} may start a part, all the others read back. */
  private boolean startsAtLast(String... lines) {
    String text = String.join("\n", lines) + "\n";
    byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
    int from = text.length() - lines[lines.length - 1].length() - 1;
    return starts.at(b, 0, from, b.length - 1);
  }

  @Test
  void atAnEventRightAfterAStoppedTimeLine() {
    assertThat(startsAtLast("2.416: " + STOPPED, "2.584: " + YOUNG)).isTrue();
    assertThat(startsAtLast("2.416: " + STOPPED, "2.584: Application time: 0.0288264 seconds",
        "2.584: " + YOUNG)).isTrue();
    assertThat(startsAtLast("2.416: " + STOPPED + "\r", "2.584: " + YOUNG + "\r")).isTrue();
    assertThat(startsAtLast(STOPPED, "[Full GC (Ergonomics) ")).isTrue(); // closes on later lines
    assertThat(startsAtLast("2.416: " + STOPPED, "2.500: [CMS-concurrent-mark-start]",
        "{Heap before GC invocations=1 (full 0):",
        " PSYoungGen      total 76288K, used 65536K [0x000000076ab00000, 0x0000000770000000, 0x00000007c0000000)",
        "2.584: " + YOUNG)).as("a concurrent phase, a heap before the GC").isTrue();
  }

  @Test
  void notWhereTheLinesBeforeMayCarrySomething() {
    assertThat(startsAtLast("2.584: " + YOUNG)).as("nothing read back").isFalse();
    assertThat(startsAtLast("2.413: " + YOUNG, "2.584: " + YOUNG)).isFalse();
    assertThat(startsAtLast("2.416: " + STOPPED, "2.500: [GC (Allocation Failure) 2.500: [ParNew",
        "2.584: " + YOUNG)).as("an event opened between").isFalse();
    assertThat(startsAtLast("2.416: " + STOPPED, "2.500: [Pause Init Mark (process weakrefs), 3.341 ms]",
        "2.584: " + YOUNG)).as("a pause between").isFalse();
    assertThat(startsAtLast("2.416: Total time for which application threads were stopped: 0,x seconds",
        "2.584: " + YOUNG)).as("an unreadable stopped time").isFalse();
    assertThat(startsAtLast("2.416: [GC (Allocation Failure) 2.416: " + STOPPED, "2.584: " + YOUNG))
        .as("an event opened before the marker").isFalse();
    assertThat(startsAtLast("2.416: " + STOPPED, "2.500: " + STOPPED)).as("no event opens").isFalse();
    assertThat(startsAtLast("2.416: " + STOPPED, "2.500: [CMS-concurrent-mark-start]")).isFalse();
  }

  /**
   * The JDK 8 sample's lines over and over, cut with the rule: every range after the first starts
   * at a line that opens a GC event, the rule allows it, and the ranges cover the file.
   */
  @Test
  void theChunkerCutsOnlyWhereAPartMayStart() throws IOException {
    assertThat(CutSamples.firstLinesOfParts(dir, "gc-jdk8.log", 200, starts))
        .allSatisfy(line -> assertThat(line).contains(": [GC (", " secs]"));
  }


  /** A log of stopped times and GC events with nothing between them is one range. */
  @Test
  void noStoppedTimeBeforeAnEventLeavesTheFileWhole() throws IOException {
    Path log = dir.resolve("gc.log");
    Files.writeString(log, ("2.584: " + YOUNG + "\n").repeat(2000), StandardCharsets.ISO_8859_1);
    assertThat(Chunker.split(log, 4, 1, starts))
        .containsExactly(new Chunker.Range(0, Files.size(log)));
  }

  @TempDir Path dir;

  @Test
  void theFormatOffersTheRule() {
    assertThat(new Jdk8Format().partStarts(Sample.ofText(List.of("2.416: " + STOPPED))))
        .containsInstanceOf(Jdk8PartStarts.class);
  }

  /**
   * A stopped-time line ends the safepoint the GC's event is printed in: an event an earlier line
   * opened that is still open lost its end. Its opening is malformed, and the events after it are
   * read, not taken as its lines.
   */
  @Test
  void aStoppedTimeLineEndsAnEventThatNeverClosed() throws IOException {
    String opening = "2.413: [GC (Allocation Failure) 2.413: [ParNew";
    ParseStats stats = new ParseStats();
    PauseCollector sink = new PauseCollector();
    read(String.join("\n", opening, "Desired survivor size 1048576 bytes, new threshold 1 (max 15)",
        "2.416: " + STOPPED, "2.584: " + YOUNG, "2.590: " + STOPPED) + "\n", stats, sink);
    assertThat(stats.count(Jdk8Parser.EVENT_UNENDED)).isEqualTo(1);
    assertThat(stats.reasons()).filteredOn(r -> r.outcome() == Jdk8Parser.EVENT_UNENDED)
        .singleElement().satisfies(r -> assertThat(r.firstLines()).containsExactly(1L));
    assertThat(stats.count(Jdk8Parser.INSIDE_EVENT)).isEqualTo(1);
    assertThat(stats.parsed()).isEqualTo(3);
    assertThat(sink.details).extracting(PauseCollector.Detail::kind)
        .containsExactly("non-GC safepoint", "GC (Allocation Failure)", "GC (Allocation Failure)");
  }

  @Test
  void randomLogsReadTheSameInOnePassAndInParts() throws IOException {
    WholeAndCut.Tally tally = WholeAndCut.checkRandom(8, 800,
        random -> randomLog(random, 20 + random.nextInt(60)), starts, Jdk8Parser::new,
        Jdk8Parser.EVENT_UNENDED);
    assertThat(tally.cuts()).as("cuts tried").isGreaterThan(800);
    assertThat(tally.logsWith()).as("logs with an event a stopped time ended").isGreaterThan(20);
  }

  private static void read(String text, ParseStats stats, PauseCollector sink) throws IOException {
    WholeAndCut.read(text, new Jdk8Parser(), stats, sink, true, true);
  }

  /** Real JDK 6-8 line shapes, in any order, with rising stamps; some lines end in CR. */
  private static List<String> randomLog(Random random, int n) {
    List<String> shapes = Arrays.asList(
        "Application time: 0.0127417 seconds",
        STOPPED,
        STOPPED,
        "Total time for which application threads were stopped: 0.0001376 seconds",
        "Total time for which application threads were stopped: x seconds",
        "[CMS-concurrent-mark-start]%sTotal time for which application threads were stopped: 0.0001 seconds",
        "[GC (Allocation Failure) %s" + STOPPED,
        "were stopped: 0.0000926 seconds, Stopping threads took: 0.0000167 seconds",
        YOUNG,
        YOUNG,
        "[GC (Allocation Failure) [PSYoungGen: 64813K->10025K(76288K)] 138663K->91061K(251392K), 0.0100926 secs]",
        " [Times: user=0.02 sys=0.00, real=0.01 secs] ",
        "[GC (Allocation Failure) %s[ParNew",
        "Desired survivor size 1048576 bytes, new threshold 1 (max 15)",
        "- age   1:     123456 bytes,     123456 total",
        ": 8678K->1081K(9792K), 0.0088699 secs] 8678K->8064K(31680K), 0.0106548 secs] [Times: user=0.02 sys=0.00, real=0.01 secs] ",
        "[Full GC (Ergonomics) [PSYoungGen: 10K->0K(20K)] [ParOldGen: 100K->90K(200K)] 110K->90K(220K), [Metaspace: 3000K->3000K(10000K)], 0.0500000 secs] [Times: user=0.10 sys=0.00, real=0.05 secs] ",
        "[Full GC (Allocation Failure) %s[CMS",
        "[CMS-concurrent-sweep: 0.512/0.640 secs] [Times: user=0.70 sys=0.01, real=0.64 secs] ",
        " (concurrent mode failure): 120000K->90000K(131072K), 1.2345678 secs] 150000K->90000K(200000K), [Metaspace: 3000K->3000K(10000K)], 1.2350000 secs] [Times: user=1.20 sys=0.00, real=1.24 secs] ",
        "[GC pause (G1 Evacuation Pause) (young), 0.0123456 secs]",
        "   [Eden: 24.0M(24.0M)->0.0B(20.0M) Survivors: 0.0B->3072.0K Heap: 30.1M(256.0M)->7.9M(256.0M)]",
        "[Pause Init Mark (process weakrefs), 3.341 ms]",
        "[Pause Init Mark, start]",
        "[GC concurrent-root-region-scan-start]",
        "{Heap before GC invocations=1 (full 0):",
        " PSYoungGen      total 76288K, used 65536K [0x000000076ab00000, 0x0000000770000000, 0x00000007c0000000)",
        "  eden space 65536K, 100% used [0x000000076ab00000,0x000000076eb00000,0x000000076eb00000)",
        "}",
        "OpenJDK 64-Bit Server VM (25.342-b07) for linux-amd64 JRE (1.8.0_342-b07), built on Jul 16 2022 09:19:19 by \"openjdk\" with gcc 4.4.7",
        "Memory: 4k page, physical 2097152k(2094644k free), swap 3145728k(3145728k free)",
        "CommandLine flags: -XX:+PrintGC -XX:+PrintGCApplicationStoppedTime -XX:+PrintGCDetails ",
        "the application's own output",
        "");
    List<String> lines = new ArrayList<>(n);
    long millis = 2_000;
    for (int i = 0; i < n; i++) {
      millis += random.nextInt(40);
      String stamp = random.nextInt(4) == 0 ? ""
          : String.format("2023-03-08T00:00:%02d.%03d+0000: %d.%03d: ", millis / 1000 % 60,
              millis % 1000, millis / 1000, millis % 1000);
      String shape = shapes.get(random.nextInt(shapes.size()));
      boolean stamped = !shape.isEmpty() && !shape.startsWith(" ") && !shape.startsWith(":")
          && !shape.startsWith("-") && !shape.startsWith("Desired") && !shape.startsWith("were")
          && !shape.startsWith("OpenJDK") && !shape.startsWith("Memory")
          && !shape.startsWith("CommandLine") && !shape.startsWith("the ")
          && !shape.startsWith("{") && !shape.startsWith("}");
      String line = (stamped ? stamp : "") + shape.replace("%s", stamp);
      lines.add(random.nextInt(10) == 0 ? line + "\r" : line);
    }
    return lines;
  }
}
