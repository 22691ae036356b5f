package tardy.formats.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.PartStarts;
import tardy.events.Sample;
import tardy.events.input.Chunker;

/**
 * Where a unified GC log may be cut into parts: at the first line of a GC, never between a pause
 * and its CPU line or G1's To-space exhausted and its pause, never inside a JDK 9-12 safepoint
 * group.
 */
class GcPartStartsTest {

  private static final Pattern GC_ID = Pattern.compile("\\] GC\\((\\d+)\\) ");

  private final PartStarts starts = new GcPartStarts(true);

  @TempDir Path dir;

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Whether the last line of {@code lines} may start a part, with all the others read back. */
  private boolean startsAtLast(String... lines) {
    return startsAtLast(starts, lines);
  }

  private static boolean startsAtLast(PartStarts starts, String... lines) {
    String head = String.join("\n", java.util.Arrays.copyOf(lines, lines.length - 1));
    String text = (lines.length > 1 ? head + "\n" : "") + lines[lines.length - 1] + "\n";
    byte[] b = bytes(text);
    int from = text.length() - lines[lines.length - 1].length() - 1;
    return starts.at(b, 0, from, b.length - 1);
  }

  /** The real JDK 17 G1 sample: the parts start exactly where the GC id changes, a regex says. */
  @Test
  void theG1SampleMayBeCutAtEachGcsFirstLineOnly() throws IOException {
    Path sample = Path.of("..", "samples", "gc-g1-jdk17.log");
    byte[] b = Files.readAllBytes(sample);
    List<String> lines = Files.readAllLines(sample, StandardCharsets.ISO_8859_1);
    List<Integer> expected = new ArrayList<>();
    String lastId = null;
    for (int i = 0; i < lines.size(); i++) {
      Matcher m = GC_ID.matcher(lines.get(i));
      if (m.find()) {
        if (lastId != null && !lastId.equals(m.group(1))) {
          expected.add(i);
        }
        lastId = m.group(1);
      }
    }
    List<Integer> found = new ArrayList<>();
    int from = 0;
    for (int i = 0; i < lines.size(); i++) {
      int to = from + lines.get(i).length();
      if (starts.at(b, 0, from, to)) {
        found.add(i);
        assertThat(lines.get(i)).doesNotContain("User=").doesNotMatch(".*\\dms");
      }
      from = to + 1;
    }
    assertThat(expected).hasSizeGreaterThan(10);
    assertThat(found).isEqualTo(expected);
  }

  @Test
  void neverBetweenAPauseAndItsCpuLine() {
    assertThat(startsAtLast(
        "[2023-03-08T00:00:01.247+0000][1.247s][info][gc          ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 36M->15M(64M) 6.833ms",
        "[2023-03-08T00:00:01.247+0000][1.247s][info][gc,cpu      ] GC(0) User=0.01s Sys=0.00s Real=0.01s"))
        .isFalse();
  }

  /** eclipse/jifa 11G1Parser.log: G1's To-space exhausted comes before the pause of its GC. */
  @Test
  void neverBetweenToSpaceExhaustedAndItsPause() {
    assertThat(startsAtLast(
        "[7.061s][info   ][gc,start       ] GC(1) Pause Young (Normal) (G1 Evacuation Pause)",
        "[7.123s][info   ][gc             ] GC(1) To-space exhausted",
        "[7.123s][info   ][gc             ] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 1700M->1700M(1700M) 60.123ms"))
        .isFalse();
  }

  /** A safepoint line between two GCs, as -Xlog:gc*,safepoint prints it (JDK 13+): a start. */
  @Test
  void atTheNextGcAfterItsSafepointLine() {
    assertThat(startsAtLast(
        "[0.428s][info][gc          ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->1M(64M) 2.812ms",
        "[0.428s][info][gc,cpu      ] GC(0) User=0.00s Sys=0.00s Real=0.01s",
        "[0.428s][info][safepoint   ] Safepoint \"G1CollectForAllocation\", Time since last: 263378518 ns, Reaching safepoint: 2945 ns, Cleanup: 2954 ns, At safepoint: 2863581 ns, Total: 2869480 ns",
        "[0.430s][info][gc,start    ] GC(1) Pause Young (Normal) (G1 Evacuation Pause)"))
        .isTrue();
  }

  /**
   * Not inside a pause: a concurrent cycle's lines come among a pause's (minidomo's
   * gc-g1-low.log: G1's cycle GC(19) begins inside the full collection GC(18)), and a pause the
   * part before left open would be cut by the input's end if no later part ended it.
   */
  @Test
  void neverInsideAPauseThoughAnotherGcsLineComes() {
    String cpu = "[5.296s][info][gc,cpu         ] GC(17) User=0.00s Sys=0.00s Real=0.00s";
    String fullStart = "[5.296s][info][gc,start       ] GC(18) Pause Full (G1 Compaction Pause)";
    String cycle = "[5.296s][info][gc             ] GC(19) Concurrent Mark Cycle";
    String task = "[5.296s][info][gc,task        ] GC(18) Using 6 workers of 8 for full compaction";
    String young = "[5.296s][info][gc             ] GC(17) Pause Young (Concurrent Start) (G1 Evacuation Pause) 255M->255M(256M) 0.873ms";
    assertThat(startsAtLast(young, cpu, fullStart, cycle)).isFalse();
    assertThat(startsAtLast(young, cpu, fullStart, cycle, task)).isFalse();
    assertThat(startsAtLast(young, cpu, fullStart)).isTrue();
    assertThat(startsAtLast(young, cpu, fullStart,
        "[5.310s][info][gc             ] GC(18) Pause Full (G1 Compaction Pause) 255M->250M(256M) 13.710ms",
        cycle)).as("after the pause's end").isTrue();
    // no pause line read back: unknown where the log prints pauses' start lines, else none open
    assertThat(startsAtLast(cpu, task)).isFalse();
    assertThat(startsAtLast(new GcPartStarts(false), cpu, task)).isTrue();
  }

  /**
   * With no pause line read back, a cut is refused where the sample shows pauses' start lines
   * (a long pause may be open) and allowed where it shows none (ZGC's -Xlog:gc prints no pause).
   */
  @Test
  void theSampleTellsWhetherPausesBegin() {
    String earlier = "[1.000s][info][gc] GC(2) Garbage Collection (Warmup) 20M(10%)->10M(5%)";
    String later = "[1.100s][info][gc] GC(3) Garbage Collection (Allocation Rate)";
    byte[] b = bytes(earlier + "\n" + later + "\n");
    int from = earlier.length() + 1;
    UnifiedFormat format = new UnifiedFormat();
    assertThat(format.partStarts(sample(earlier, later)).orElseThrow()
        .at(b, 0, from, from + later.length())).isTrue();
    assertThat(format.partStarts(sample(earlier,
        "[0.425s][info][gc,start    ] GC(0) Pause Young (Normal) (G1 Evacuation Pause)"))
        .orElseThrow().at(b, 0, from, from + later.length())).isFalse();
  }

  /** JDK 9-12: a GC inside a safepoint group whose Entering line names the stop. */
  @Test
  void neverInsideAJdk9To12SafepointGroup() {
    assertThat(startsAtLast(
        "[7.001s][info][gc,cpu      ] GC(0) User=0.00s Sys=0.00s Real=0.01s",
        "[7.060s][info][safepoint   ] Entering safepoint region: G1CollectForAllocation",
        "[7.061s][info][gc,start    ] GC(1) Pause Young (Normal) (G1 Evacuation Pause)"))
        .isFalse();
    assertThat(startsAtLast(
        "[7.001s][info][gc,cpu      ] GC(0) User=0.00s Sys=0.00s Real=0.01s",
        "[7.002s][info][safepoint   ] Leaving safepoint region",
        "[7.002s][info][safepoint   ] Total time for which application threads were stopped: 0.0023236 seconds, Stopping threads took: 0.0000259 seconds",
        "[7.061s][info][gc,start    ] GC(1) Pause Young (Normal) (G1 Evacuation Pause)"))
        .isFalse();
  }

  @Test
  void notWithoutAGcLineReadBackNorAtALineOfNoGc() {
    assertThat(startsAtLast("[0.430s][info][gc,start    ] GC(1) Pause Young (Normal) (G1 Evacuation Pause)")).isFalse();
    assertThat(startsAtLast(
        "[0.428s][info][gc,cpu      ] GC(0) User=0.00s Sys=0.00s Real=0.01s",
        "[0.428s][info][safepoint   ] Safepoint \"G1CollectForAllocation\", Time since last: 263378518 ns, Reaching safepoint: 2945 ns, Cleanup: 2954 ns, At safepoint: 2863581 ns, Total: 2869480 ns"))
        .isFalse();
  }

  /**
   * Generational ZGC runs minor collections inside a major one and prints the major's old-generation
   * lines among them; the major's young statistics come before them and its end after, so no part
   * starts inside a major: not at a generation's line, not at a GC whose closest earlier GC line
   * that is not a minor's is a major's ({@code Y:}, {@code O:}). After a major's end, a part may
   * start.
   */
  @Test
  void notInsideAGenerationalZgcMajorCollection() {
    PartStarts zgc = new GcPartStarts(false); // ZGC prints no pause's start line
    assertThat(startsAtLast(zgc, 
        "[1.000s][info][gc,phases   ] GC(2) O: Pause Mark Start 0.007ms",
        "[1.001s][info][gc,phases   ] GC(3) y: Pause Mark Start 0.006ms")).isFalse();
    assertThat(startsAtLast(zgc, 
        "[1.000s][info][gc,heap     ] GC(2) Y:  Promoted:         -                  -"
            + "                 1M (2%)            1M (2%)",
        "[1.001s][info][gc          ] GC(3) Minor Collection (Allocation Rate)")).isFalse();
    assertThat(startsAtLast(zgc, 
        "[1.000s][info][gc          ] GC(3) Minor Collection (Allocation Rate) 20M(31%)->40M(62%)"
            + " 0.016s",
        "[1.001s][info][gc,heap     ] GC(2) O:      Used:        8M (12%)")).isFalse();
    // a minor's end says nothing of a major around it (minidomo's gc-zgc.log: GC(23)'s young
    // statistics, GC(24) a minor, then GC(25)); past a major's end a part may start
    assertThat(startsAtLast(zgc, 
        "[5.010s][info][gc,heap     ] GC(23) Y:  Promoted:         -                  -"
            + "                 0M (0%)            0M (0%)",
        "[5.012s][info][gc          ] GC(24) Minor Collection (Allocation Stall)",
        "[5.012s][info][gc,heap     ] GC(24) y:      Used:       18M (7%)           18M (7%)",
        "[5.012s][info][gc          ] GC(24) Minor Collection (Allocation Stall)"
            + " 256M(100%)->256M(100%) 0.002s",
        "[5.012s][info][gc          ] GC(25) Minor Collection (High Usage)")).isFalse();
    assertThat(startsAtLast(zgc, 
        "[1.000s][info][gc          ] GC(3) Minor Collection (Allocation Rate) 20M(31%)->40M(62%)"
            + " 0.016s",
        "[1.001s][info][gc          ] GC(4) Minor Collection (Allocation Rate)")).isFalse();
    assertThat(startsAtLast(zgc, 
        "[1.000s][info][gc          ] GC(2) Major Collection (Warmup) 20M(31%)->44M(69%) 0.049s",
        "[1.001s][info][gc          ] GC(3) Minor Collection (Allocation Rate)",
        "[1.002s][info][gc,heap     ] GC(3) y:      Used:       12M (19%)          22M (34%)",
        "[1.003s][info][gc          ] GC(3) Minor Collection (Allocation Rate) 20M(31%)->40M(62%)"
            + " 0.016s",
        "[1.004s][info][gc          ] GC(4) Minor Collection (Allocation Rate)")).isTrue();
    assertThat(startsAtLast(zgc, 
        "[1.000s][info][gc          ] GC(2) Major Collection (Warmup) 20M(31%)->44M(69%) 0.049s",
        "[1.001s][info][gc          ] GC(4) Major Collection (Warmup)")).isTrue();
  }

  /**
   * A file of the G1 sample's lines over and over, cut with the rule: every range after the first
   * starts at a line the rule lets a part start at, and the ranges cover the file.
   */
  @Test
  void theChunkerCutsOnlyWhereAPartMayStart() throws IOException {
    assertThat(CutSamples.firstLinesOfParts(dir, "gc-g1-jdk17.log", 40, starts))
        .allSatisfy(line -> assertThat(line).contains("] GC("));
  }


  /**
   * Random logs of real unified-logging line shapes (G1, Parallel, Shenandoah, ZGC and generational
   * ZGC, JDK 13+ safepoints, pauses whose end or CPU line never comes, lines of concurrent GCs
   * among a pause's, undecorated and damaged lines, CRLF), read in one pass and cut at every line
   * the rule allows: the same pauses, cycles and counts. (A log whose sample shows JDK 9-12
   * safepoint groups is not cut.)
   */
  @Test
  void randomLogsReadTheSameInOnePassAndInParts() throws IOException {
    WholeAndCut.Tally tally = WholeAndCut.checkRandom(36, 1_000,
        random -> randomLog(random, 10 + random.nextInt(50)), starts, UnifiedParser::new,
        UnifiedParser.PAUSE_CUT);
    assertThat(tally.cuts()).as("cuts tried").isGreaterThan(2_000);
    assertThat(tally.logsWith()).as("logs ending inside a pause").isGreaterThan(50);
  }

  /**
   * Unified-logging lines of any collector, in any order, with rising decorators: each GC's lines
   * after the GC before's, but for a G1 concurrent cycle's, which come between later GCs' lines.
   */
  private static List<String> randomLog(Random random, int n) {
    List<String[]> shapes = List.of(
        new String[] {"gc,start", "GC(%d) Pause Young (Normal) (G1 Evacuation Pause)"},
        new String[] {"gc,task", "GC(%d) Using 2 workers of 2 for evacuation"},
        new String[] {"gc,phases", "GC(%d)   Pre Evacuate Collection Set: 0.1ms"},
        new String[] {"gc,heap", "GC(%d) Eden regions: 12->0(10)"},
        new String[] {"gc,heap", "GC(%d) Old regions: 1->2"},
        new String[] {"gc,metaspace", "GC(%d) Metaspace: 1000K(1100K)->1000K(1100K) NonClass: 900K(960K)->900K(960K) Class: 100K(140K)->100K(140K)"},
        new String[] {"gc", "GC(%d) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 3.456ms"},
        new String[] {"gc", "GC(%d) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 3.456ms"},
        new String[] {"gc,cpu", "GC(%d) User=0.01s Sys=0.00s Real=0.00s"},
        new String[] {"gc,cpu", "GC(%d) User=0.01s Sys=0.00s Real=0.00s"},
        new String[] {"gc", "GC(%d) To-space exhausted"},
        new String[] {"gc", "GC(%d) Concurrent Cycle"},
        new String[] {"gc", "GC(%d) Concurrent Cycle 12.345ms"},
        new String[] {"gc,marking", "GC(%d) Concurrent Mark From Roots"},
        new String[] {"gc,marking", "GC(%d) Concurrent Mark 5.100ms"},
        new String[] {"gc,start", "GC(%d) Pause Remark"},
        new String[] {"gc", "GC(%d) Pause Remark 30M->30M(256M) 1.200ms"},
        new String[] {"gc,start", "GC(%d) Pause Full (Ergonomics)"},
        new String[] {"gc", "GC(%d) Pause Full (Ergonomics) 20M->10M(256M) 20.500ms"},
        new String[] {"gc,start", "GC(%d) Pause Init Mark (unload classes)"},
        new String[] {"gc", "GC(%d) Pause Init Mark (unload classes) 0.123ms"},
        new String[] {"gc", "GC(%d) Trigger: Free (10M) is below minimum threshold (12M)"},
        new String[] {"gc", "GC(%d) Garbage Collection (Warmup) 20M(10%%)->10M(5%%)"},
        new String[] {"gc,phases", "GC(%d) Pause Mark Start 0.012ms"},
        new String[] {"gc", "GC(%d) Minor Collection (Allocation Rate)"},
        new String[] {"gc", "GC(%d) Minor Collection (Allocation Rate) 20M(31%%)->40M(62%%) 0.016s"},
        new String[] {"gc", "GC(%d) Major Collection (Warmup)"},
        new String[] {"gc", "GC(%d) Major Collection (Warmup) 20M(31%%)->44M(69%%) 0.049s"},
        new String[] {"gc,phases", "GC(%d) y: Pause Mark Start 0.006ms"},
        new String[] {"gc,phases", "GC(%d) Y: Pause Mark Start 0.007ms"},
        new String[] {"gc,heap", "GC(%d) O:      Used:        8M (12%%)"},
        new String[] {"safepoint", "Safepoint \"G1CollectForAllocation\", Time since last: 263378518 ns, Reaching safepoint: 2945 ns, At safepoint: 2863581 ns, Total: 2869480 ns"},
        new String[] {"safepoint", "Application time: 0.0127417 seconds"},
        new String[] {"gc,init", "Using G1"},
        new String[] {"gc", "GC(%d) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) -3.456ms"},
        new String[] {"", "the application's own output"},
        new String[] {"", ""});
    List<String> lines = new ArrayList<>(n);
    long millis = 1_000;
    int gc = random.nextInt(3);
    int cycle = gc; // a G1 concurrent cycle's GC, whose lines come between later GCs' lines
    int left = 0; // lines left of this GC's
    for (int i = 0; i < n; i++) {
      millis += random.nextInt(40);
      String[] shape = shapes.get(random.nextInt(shapes.size()));
      boolean concurrent = shape[1].contains("Concurrent") || shape[1].contains("Remark");
      int id = gc;
      if (left == 0 && concurrent && random.nextBoolean()) {
        id = cycle; // between two GCs' lines
      } else if (shape[1].startsWith("GC(")) {
        if (left == 0) {
          id = ++gc;
          cycle = random.nextInt(4) == 0 ? gc : cycle;
          left = 1 + random.nextInt(6);
        }
        left--;
      }
      String message = String.format(shape[1], id);
      String line = shape[0].isEmpty() ? message
          : String.format("[2026-01-01T00:00:%02d.%03d+0000][%d.%03ds][info][%-12s] %s",
              millis / 1000 % 60, millis % 1000, millis / 1000, millis % 1000, shape[0], message);
      lines.add(random.nextInt(10) == 0 ? line + "\r" : line);
    }
    return lines;
  }

  /** A log where no line may start a part is one range. */
  @Test
  void noPlaceToStartAPartLeavesTheFileWhole() throws IOException {
    Path log = dir.resolve("safepoint.log");
    String line = "[0.099s][info][safepoint    ] Entering safepoint region: RevokeBias\n";
    Files.writeString(log, line.repeat(2000), StandardCharsets.ISO_8859_1);
    assertThat(Chunker.split(log, 4, 1, starts)).containsExactly(new Chunker.Range(0, Files.size(log)));
  }

  /** The format offers the rule for GC logs, and nothing for JDK 9-12 safepoint groups. */
  @Test
  void theFormatChoosesByTheSample() {
    UnifiedFormat format = new UnifiedFormat();
    assertThat(format.partStarts(sample(
        "[0.425s][info][gc,start    ] GC(0) Pause Young (Normal) (G1 Evacuation Pause)",
        "[0.428s][info][gc          ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->1M(64M) 2.812ms")))
        .containsInstanceOf(GcPartStarts.class);
    assertThat(format.partStarts(sample(
        "[0.099s][info][safepoint    ] Entering safepoint region: RevokeBias",
        "[0.099s][info][safepoint    ] Leaving safepoint region"))).isEmpty();
    assertThat(format.partStarts(sample(
        "[259.079s][info ][safepoint         ] Safepoint \"G1CollectForAllocation\", Time since last: 42337851 ns, Reaching safepoint: 175720 ns, At safepoint: 3107425 ns, Total: 3283145 ns")))
        .contains(PartStarts.ANY_LINE);
  }

  private static Sample sample(String... lines) {
    return Sample.ofText(List.of(lines));
  }
}
