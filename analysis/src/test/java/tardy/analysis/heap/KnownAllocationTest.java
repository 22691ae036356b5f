package tardy.analysis.heap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import tardy.analysis.findings.Finding;
import tardy.analysis.findings.Findings;
import tardy.record.evidence.PauseEvidence;
import tardy.record.evidence.Signature;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * GC logs of a program that allocates at a rate it measures itself (the JVM's count of the bytes
 * its thread allocated, over the time it ran) and keeps a growing share of it (see
 * src/test/heap-log-generator): OpenJDK 17 and Temurin 25, G1, Parallel and Serial. tardy reads
 * the allocation rate within 5 % of the program's own over the same stretch of uptime (measured:
 * within 0.5 %), and names the growing live set; after full collections its trend is the
 * program's leak within 40 % (the leaked arrays' list and the ring of short-lived arrays add to
 * it).
 */
class KnownAllocationTest {

  static final Path DIR = Path.of("src", "test", "resources", "heap-logs");

  @ParameterizedTest
  @ValueSource(strings = {"jdk17-g1", "jdk17-parallel", "jdk17-serial", "jdk25-g1",
      "jdk25-parallel", "jdk25-serial", "jdk17-g1-heapdebug", "jdk17-parallel-heapdebug",
      "jdk25-g1-heapdebug", "jdk25-serial-heapdebug"})
  void theRateIsWithinFivePercentAndTheLeakIsNamed(String name) throws IOException {
    Map<String, String> measured = new HashMap<>();
    List<long[]> at = new ArrayList<>(); // uptime ms, bytes the program had allocated
    readMeasured(name, measured, at);
    List<HeapRun> runs = HeapAnalyzer.runs(HeapCorpusTest.parse(log(name), true));
    assertThat(runs).hasSize(1);
    HeapRun.Heap heap = runs.get(0).heap().orElseThrow();
    double rate = heap.allocationBytesPerSecond().orElseThrow();
    // the program's own count over the same stretch: from the first to the last transition
    long from = heap.allocationFromMillis();
    long to = from + heap.allocationMillis();
    double programRate = (allocatedAt(at, to) - allocatedAt(at, from)) * 1000.0 / (to - from);
    assertThat(rate / programRate).as("tardy's rate over the program's").isBetween(0.95, 1.05);
    HeapRun.LiveSet live = heap.liveSet().orElseThrow();
    assertThat(live.growing()).as("the leak named").isTrue();
    assertThat(Findings.of(new PauseEvidence(), List.of(), List.of(), runs))
        .extracting(Finding::signature).contains(Signature.LIVE_SET_GROWTH);
    if (live.from().equals("full")) { // a full collection leaves the live set: its trend is the leak's
      double leak = Double.parseDouble(measured.get("leaked_bytes"))
          / Double.parseDouble(measured.get("seconds"));
      assertThat(live.bytesPerSecond() / leak).as("the trend over the program's leak")
          .isBetween(0.7, 1.4);
    }
  }

  /**
   * The same runs split the heap into young and old generations: the old generation's floor
   * after full (or mixed) collections grows as the program's leak, and the leak's finding says
   * so in the old generation's words; metaspace is read.
   */
  @ParameterizedTest
  @ValueSource(strings = {"jdk17-g1", "jdk17-parallel", "jdk17-serial", "jdk25-g1",
      "jdk25-parallel", "jdk25-serial", "jdk17-g1-heapdebug", "jdk17-parallel-heapdebug",
      "jdk25-g1-heapdebug", "jdk25-serial-heapdebug"})
  void theOldGenerationsFloorGrowsAsTheLeak(String name) throws IOException {
    Map<String, String> measured = new HashMap<>();
    readMeasured(name, measured, new ArrayList<>());
    List<HeapRun> runs = HeapAnalyzer.runs(HeapCorpusTest.parse(log(name), true));
    HeapRun.Generations g = runs.get(0).heap().orElseThrow().generations().orElseThrow();
    HeapRun.LiveSet floor = g.oldFloor().orElseThrow();
    assertThat(floor.growing()).as("the old generation's floor grows").isTrue();
    assertThat(floor.bytesPerSecond()).as("its trend").isPositive();
    assertThat(runs.get(0).heap().get().metaspace()).isPresent();
    assertThat(g.promotionBytesPerSecond()).isPresent();
    if (floor.from().equals("full")) {
      double leak = Double.parseDouble(measured.get("leaked_bytes"))
          / Double.parseDouble(measured.get("seconds"));
      assertThat(floor.bytesPerSecond() / leak).as("the old floor's trend over the program's leak")
          .isBetween(0.7, 1.4);
    }
  }

  /**
   * ZGC and Shenandoah log their heap per concurrent cycle, not per pause: their pauses are read,
   * and no heap section is made up from the few pauses that print a transition (Shenandoah's
   * degenerated ones) or from none (ZGC).
   */
  @ParameterizedTest
  @ValueSource(strings = {"jdk17-zgc-heapdebug", "jdk25-zgc-heapdebug",
      "jdk17-shenandoah-heapdebug", "jdk25-shenandoah-heapdebug"})
  void concurrentCollectorsGiveTheirPausesAndNoSplit(String name) throws IOException {
    tardy.record.heap.HeapSeries s = HeapCorpusTest.parse(log(name), true);
    assertThat(s.size()).as("pauses read").isGreaterThan(20);
    for (int i = 0; i < s.size(); i++) {
      assertThat(tardy.events.Times.isSet(s.oldAfterBytes(i))).as("no split").isFalse();
    }
  }

  static byte[] log(String name) throws IOException {
    Path plain = DIR.resolve(name + ".log");
    if (Files.exists(plain)) {
      return Files.readAllBytes(plain);
    }
    return HeapTruth.texts(DIR.resolve(name + ".log.gz")).values().iterator().next();
  }

  private static void readMeasured(String name, Map<String, String> measured, List<long[]> at)
      throws IOException {
    for (String line : Files.readAllLines(DIR.resolve(name + ".txt"), StandardCharsets.UTF_8)) {
      String[] kv = line.split("=", 2);
      if (kv[0].equals("at")) {
        String[] v = kv[1].split(",");
        at.add(new long[] {Long.parseLong(v[0]), Long.parseLong(v[1])});
      } else {
        measured.put(kv[0], kv[1]);
      }
    }
  }

  /**
   * The bytes allocated by that uptime, between the program's two nearest counts; before its
   * first count, none, and after its last, all (the JVM may collect as it exits).
   */
  private static double allocatedAt(List<long[]> at, long uptime) {
    if (uptime <= at.get(0)[0]) {
      return 0;
    }
    if (uptime >= at.get(at.size() - 1)[0]) {
      return at.get(at.size() - 1)[1];
    }
    for (int i = 1; i < at.size(); i++) {
      long[] a = at.get(i - 1);
      long[] b = at.get(i);
      if (uptime <= b[0]) {
        return a[1] + (double) (b[1] - a[1]) * (uptime - a[0]) / Math.max(1, b[0] - a[0]);
      }
    }
    throw new AssertionError("past the program's counts");
  }
}
