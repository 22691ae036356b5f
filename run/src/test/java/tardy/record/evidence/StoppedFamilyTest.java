package tardy.record.evidence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.analysis.Analysis;
import tardy.analysis.findings.Finding;
import tardy.events.Family;

/**
 * Which family's pauses are the stopped time, and that no finding holds more than all of it: a
 * log whose safepoint lines miss collections (the file cut before a collection's stopped line)
 * against one whose collections nest (a young collection that turns into a full one, logged as
 * two pauses inside one safepoint).
 */
class StoppedFamilyTest {

  @TempDir Path dir;

  @Test
  void safepointsUnlessTheCollectionsAddUpToMoreThanTwiceThem() {
    assertEquals(Family.SAFEPOINT, StoppedFamily.of(100, 0));
    assertEquals(Family.SAFEPOINT, StoppedFamily.of(100, 200));
    assertEquals(Family.SAFEPOINT, StoppedFamily.of(100, 201)); // 201 / 2 is 100: nested pauses
    assertEquals(Family.GC_PAUSE, StoppedFamily.of(100, 202));
    assertEquals(Family.GC_PAUSE, StoppedFamily.of(0, 5));
    assertEquals(Family.GC_PAUSE, StoppedFamily.of(0, 0));
  }

  /**
   * JDK 8: twenty stops of 0.1 ms, then a 50 ms collection whose stopped line the file does not
   * hold. The safepoints' 2 ms cannot be all of the stopped time: the collection's 50 ms is, and
   * the twenty non-GC stops (4 % of it) are no finding, where they were "100 % of it".
   */
  @Test
  void aCollectionWithoutItsStoppedLineMakesTheCollectionsTheStoppedTime() throws IOException {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      lines.add(String.format(Locale.ROOT, "2017-01-12T04:41:%02d.411-0500: %d.341: Total time for"
          + " which application threads were stopped: 0.0001000 seconds, Stopping threads took:"
          + " 0.0000100 seconds", 10 + i, 10 + i));
    }
    lines.add("2017-01-12T04:41:38.761-0500: 38.691: [GC pause (G1 Evacuation Pause) (young),"
        + " 0.0500000 secs]");
    Analysis a = Logs.analyze(Files.write(dir.resolve("cut.log"), lines));
    assertEquals(Family.GC_PAUSE, a.stoppedFamily());
    assertTrue(Logs.finding(a, Signature.NON_GC_SAFEPOINTS).isEmpty(), a.findings().toString());
    assertSharesAtMostAll(a);
  }

  /**
   * Unified logging of the serial collector: GC(1) Pause Young turns into GC(2) Pause Full inside
   * it, both logged, in one safepoint of 7.3 ms. The pauses add up to 14.1 ms, under twice the
   * safepoint: the safepoint is the stopped time, and the full collection 95.6 % of it.
   */
  @Test
  void nestedCollectionsInOneSafepointKeepTheSafepointAsTheStoppedTime() throws IOException {
    Path log = Files.write(dir.resolve("nested.log"), List.of(
        "[0.070s][info][safepoint    ] Total time for which application threads were stopped: 0.0000754 seconds, Stopping threads took: 0.0000417 seconds",
        "[0.283s][info][gc,start     ] GC(1) Pause Young (Allocation Failure)",
        "[0.283s][info][gc,start     ] GC(2) Pause Full (Allocation Failure)",
        "[0.290s][info][gc             ] GC(2) Pause Full (Allocation Failure) 74M->10M(92M) 6.987ms",
        "[0.290s][info][gc             ] GC(1) Pause Young (Allocation Failure) 74M->10M(92M) 7.118ms",
        "[0.290s][info][safepoint      ] Total time for which application threads were stopped: 0.0073074 seconds, Stopping threads took: 0.0000186 seconds",
        "[1.290s][info][safepoint      ] Application time: 0.0017091 seconds"));
    Analysis a = Logs.analyze(log);
    assertEquals(Family.SAFEPOINT, a.stoppedFamily());
    Finding full = Logs.finding(a, Signature.FULL_GC).orElseThrow();
    assertEquals(6_987_000.0 / (75_400 + 7_307_400), full.share(), 1e-9);
    assertSharesAtMostAll(a);
  }

  private static void assertSharesAtMostAll(Analysis a) {
    for (Finding f : a.findings()) {
      assertTrue(f.share() <= 1.0, f.signature() + ": " + f.share());
    }
  }
}
