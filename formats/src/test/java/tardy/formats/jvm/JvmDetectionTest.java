package tardy.formats.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tardy.events.Match;
import tardy.events.Sample;

/** Detection grades: sure only when pause lines are in the sample, weak on GC-only starts. */
class JvmDetectionTest {

  private final Jdk8Format jdk8 = new Jdk8Format();
  private final UnifiedFormat unified = new UnifiedFormat();

  @Test
  void unifiedLogWithSafepointLinesIsFull() {
    Sample s = Sample.ofText(List.of(
        "[0.099s][info][safepoint    ] Entering safepoint region: RevokeBias",
        "[0.099s][info][safepoint    ] Leaving safepoint region",
        "[0.099s][info][safepoint    ] Total time for which application threads were stopped: 0.0000551 seconds, Stopping threads took: 0.0000086 seconds"));
    assertThat(unified.detect(s)).isEqualTo(Match.FULL);
    assertThat(jdk8.detect(s)).isLessThan(Match.SOLID);
    assertThat(unified.linesIndependent(s)).as("JDK 9-12 groups span lines").isFalse();
  }

  @Test
  void jdk13PlusLinesAreIndependentOnlyWithoutGroups() {
    String line = "[0.445s][info][safepoint] Safepoint \"G1CollectForAllocation\", Time since last: 1 ns,"
        + " Reaching safepoint: 2 ns, At safepoint: 3 ns, Total: 5 ns";
    assertThat(unified.linesIndependent(Sample.ofText(List.of(line, line)))).isTrue();
    assertThat(unified.linesIndependent(Sample.ofText(List.of(line,
        "[0.5s][info][safepoint] Entering safepoint region: Cleanup")))).isFalse();
    assertThat(unified.linesIndependent(Sample.ofText(List.of("[0.010s][info][gc] Using G1")))).isFalse();
  }

  @Test
  void unifiedGcOnlyLogIsTheUnifiedFormats() {
    // giltene/JackHammer gc.log: -Xlog:gc only
    Sample s = Sample.ofText(List.of(
        "[0.010s][info][gc] Using G1",
        "[1.234s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->2M(256M) 3.456ms"));
    assertThat(unified.detect(s)).isEqualTo(Match.FULL);
    assertThat(jdk8.detect(s)).isEqualTo(Match.NONE);
  }

  @Test
  void jdk8GcEventsAreSolidAndStoppedLinesAloneFull() {
    String gc = "2021-10-27T10:52:38.344-0400: 0.180: [GC pause (G1 Evacuation Pause) (young) 4917K->4561K(7168K), 0.0012213 secs]";
    String stopped = "2021-10-27T10:52:38.345-0400: 0.181: Total time for which application threads were stopped: 0.0013170 seconds";
    assertThat(jdk8.detect(Sample.ofText(List.of(gc, gc)))).isEqualTo(Match.SOLID);
    assertThat(jdk8.detect(Sample.ofText(List.of(gc, stopped, gc)))).isEqualTo(Match.SOLID);
    assertThat(jdk8.detect(Sample.ofText(List.of(stopped, stopped)))).isEqualTo(Match.FULL);
    assertThat(unified.detect(Sample.ofText(List.of(gc, stopped, gc)))).isEqualTo(Match.NONE);
  }

  @Test
  void nginxAccessLogIsNeverSolid() {
    Sample s = Sample.ofText(List.of(
        "127.0.0.1 - - [10/Oct/2023:13:55:36 +0000] \"GET /index.html HTTP/1.1\" 200 2326 \"-\" \"curl/8.0\" 0.004",
        "10.0.0.2 - alice [10/Oct/2023:13:55:37 +0000] \"POST /api/x?q=Total%20time HTTP/1.1\" 500 12 \"-\" \"-\" 1.250",
        "[10/Oct/2023:13:55:38 +0000] 10.0.0.3 \"GET / HTTP/1.1\" 200 0.001"));
    assertThat(jdk8.detect(s)).isLessThan(Match.SOLID);
    assertThat(unified.detect(s)).isLessThan(Match.SOLID);
  }

  @Test
  void emptySampleIsNone() {
    assertThat(jdk8.detect(Sample.ofText(List.of()))).isEqualTo(Match.NONE);
    assertThat(unified.detect(Sample.ofText(List.of()))).isEqualTo(Match.NONE);
  }

  /**
   * Random bytes hold a {@code [GC (} in about one sample of a hundred: that line alone made such
   * a sample a JDK 8 GC log, whose reading of an endless input (/dev/urandom) then never stopped.
   * The same bytes in a line of text still count.
   */
  @Test
  void aGcOpeningAmongRandomBytesIsNoJvmLog() {
    java.util.Random random = new java.util.Random(53);
    List<byte[]> lines = new java.util.ArrayList<>();
    byte[] opening = "[GC (Allocation Failure) ".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    for (int i = 0; i < 2000; i++) {
      byte[] line = new byte[1 + random.nextInt(500)];
      random.nextBytes(line);
      for (int b = 0; b < line.length; b++) {
        line[b] = line[b] == '\n' ? 0 : line[b];
      }
      if (i == 1000) {
        byte[] withOpening = java.util.Arrays.copyOf(line, line.length + opening.length);
        System.arraycopy(opening, 0, withOpening, line.length, opening.length);
        line = withOpening;
      }
      lines.add(line);
    }
    assertThat(jdk8.detect(new Sample(lines))).isEqualTo(Match.NONE);
    assertThat(tardy.formats.Formats.detect(new Sample(lines)).best()).isEmpty();
    assertThat(jdk8.detect(Sample.ofText(List.of("[GC (Allocation Failure) [PSYoungGen: 512K->496K(1024K)]"
        + " 512K->504K(1536K), 0.0013011 secs] [Times: user=0.00 sys=0.00, real=0.00 secs]"))))
        .isGreaterThanOrEqualTo(Match.SOLID);
  }
}
