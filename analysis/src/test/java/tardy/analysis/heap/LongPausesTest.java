package tardy.analysis.heap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tardy.events.Family;
import tardy.events.PauseEvent;
import tardy.record.heap.HeapSeries;

/** The allocation rate in the minute before a run's long pauses, by its stated definition. */
class LongPausesTest {

  private static final long MB = 1 << 20;
  private static final long MS = 1_000_000;

  /**
   * Pauses at 0, 60, 90 and 200 s; 300 MB allocated in the first minute, 600 MB in the next 30 s
   * before the 500 ms pause, 220 MB in the last 110 s. The minute before the long pause, [30 s,
   * 90 s), holds half the first gap (150 MB) and all the second (600 MB): 750 MB in 60 s.
   */
  @Test
  void theMinuteBeforeALongPauseTakesItsShareOfEachGap() {
    HeapSeries s = new HeapSeries();
    pause(s, "Pause Young (Normal)", 0, 10, 200, 100);
    pause(s, "Pause Young (Normal)", 60_000, 10, 400, 100);
    pause(s, "Pause Young (Normal)", 90_000, 500, 700, 100);
    pause(s, "Pause Young (Normal)", 200_000, 10, 320, 100);
    HeapRun run = HeapAnalyzer.runs(s).get(0);
    LongPauses l = LongPauses.of(run, HeapThresholds.DEFAULTS).orElseThrow();
    assertThat(l.pauses()).isEqualTo(1);
    assertThat(l.thresholdNanos()).isEqualTo(400 * MS);
    assertThat(l.pausedNanos()).isEqualTo(500 * MS);
    assertThat(l.bytesPerSecond().orElseThrow()).isCloseTo(750.0 * MB / 60, within(1e-6));
    assertThat(l.runBytesPerSecond().orElseThrow()).isCloseTo(1120.0 * MB / 200, within(1e-6));
    assertThat(l.worst()).extracting(HeapRun.Point::millis).containsExactly(90_000L);
  }

  @Test
  void windowsThatOverlapCountTheirTimeOnce() {
    HeapSeries s = new HeapSeries();
    pause(s, "Pause Young (Normal)", 0, 10, 200, 100);
    pause(s, "Pause Young (Normal)", 100_000, 450, 1100, 100); // 1000 MB in 100 s
    pause(s, "Pause Young (Normal)", 120_000, 450, 500, 100); // 400 MB in 20 s
    HeapRun run = HeapAnalyzer.runs(s).get(0);
    LongPauses l = LongPauses.of(run, HeapThresholds.DEFAULTS).orElseThrow();
    // windows [40 s, 100 s) and [60 s, 120 s) join into [40 s, 120 s): 600 MB + 400 MB in 80 s
    assertThat(l.bytesPerSecond().orElseThrow()).isCloseTo(1000.0 * MB / 80, within(1e-6));
    assertThat(l.pauses()).isEqualTo(2);
    assertThat(l.worst()).extracting(HeapRun.Point::millis).containsExactly(100_000L, 120_000L);
  }

  @Test
  void aPauselessCollectorsPausesAreLongAtThirtyMilliseconds() {
    HeapSeries s = new HeapSeries();
    pause(s, "Pause Init Mark", 0, 1, 200, 200);
    pause(s, "Pause Full", 10_000, 35, 300, 100);
    pause(s, "Pause Full", 20_000, 25, 300, 100);
    HeapRun run = HeapAnalyzer.runs(s).get(0);
    LongPauses l = LongPauses.of(run, HeapThresholds.DEFAULTS).orElseThrow();
    assertThat(l.thresholdNanos()).isEqualTo(30 * MS);
    assertThat(l.pauses()).isEqualTo(1);
    assertThat(LongPauses.of(run, new HeapThresholds(400 * MS, 40 * MS, 90))).isEmpty();
  }

  @Test
  void noLongPauseNoFinding() {
    HeapSeries s = new HeapSeries();
    pause(s, "Pause Young (Normal)", 0, 10, 200, 100);
    pause(s, "Pause Young (Normal)", 1_000, 399, 200, 100);
    HeapRun run = HeapAnalyzer.runs(s).get(0);
    assertThat(LongPauses.of(run, HeapThresholds.DEFAULTS)).isEqualTo(Optional.empty());
    assertThat(LongPauses.of(run, new HeapThresholds(399 * MS, 30 * MS, 90)).orElseThrow()
        .worst()).extracting(HeapRun.Point::pauseNanos).isEqualTo(List.of(399 * MS));
  }

  private static void pause(HeapSeries s, String kind, long uptime, long ms, long beforeMb,
      long afterMb) {
    byte[] k = kind.getBytes(StandardCharsets.US_ASCII);
    s.pause(new PauseEvent().reset().family(Family.GC_PAUSE).kind(k, 0, k.length)
        .uptimeMillis(uptime).totalNanos(ms * MS).heapBytes(beforeMb * MB, afterMb * MB, 4096 * MB));
  }

  /** The bisected overlap is the plain sum over every window, for any stretch. */
  @Test
  void theOverlapWithTheWindowsIsTheSumOverEveryWindow() {
    java.util.Random random = new java.util.Random(7);
    for (int round = 0; round < 500; round++) {
      int n = random.nextInt(40);
      long[][] windows = new long[n][];
      long at = random.nextInt(1000) - 500;
      for (int k = 0; k < n; k++) { // disjoint, in time order, as the joined windows are
        long start = at + 1 + random.nextInt(100);
        long end = start + 1 + random.nextInt(100);
        windows[k] = new long[] {start, end};
        at = end;
      }
      for (int q = 0; q < 20; q++) {
        long from = random.nextInt(6000) - 1000;
        long to = from + random.nextInt(3000);
        long expected = 0;
        for (long[] w : windows) {
          expected += Math.max(0, Math.min(to, w[1]) - Math.max(from, w[0]));
        }
        assertThat(LongPauses.overlap(windows, from, to)).as("[%d, %d)", from, to)
            .isEqualTo(expected);
      }
    }
  }
}
