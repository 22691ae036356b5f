package tardy.analysis.heap;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tardy.events.Family;
import tardy.events.PauseEvent;
import tardy.record.heap.HeapSeries;

/**
 * Throughput and its worst windows against a brute force written here: every window start on a
 * millisecond grid (the pauses' edges are whole milliseconds, so the grid holds the worst), the
 * stopped time summed pause by pause.
 */
class ThroughputTest {

  private static final long MS = 1_000_000;

  @Test
  void theWorstMinuteIsTheBruteForcesLowest() {
    Random random = new Random(33);
    for (int round = 0; round < 20; round++) {
      HeapSeries s = new HeapSeries();
      int n = 20 + random.nextInt(200);
      long t = 1_000;
      long[] ends = new long[n];
      long[] lengths = new long[n];
      for (int i = 0; i < n; i++) {
        lengths[i] = 1 + random.nextInt(random.nextInt(10) == 0 ? 5_000 : 200);
        t += lengths[i] + random.nextInt(random.nextInt(5) == 0 ? 30_000 : 2_000);
        ends[i] = t;
        s.pause(pause("Pause Young (Normal) (G1 Evacuation Pause)", t, lengths[i] * MS));
      }
      Throughput th = Throughput.of(s, 0, n, true);
      long lo = ends[0];
      long hi = ends[n - 1];
      for (long w : new long[] {60_000, 600_000}) {
        if (hi - lo < w) {
          assertThat(th.worst(w)).isEmpty();
          continue;
        }
        long worstStopped = -1;
        long worstStart = -1;
        for (long start = lo; start + w <= hi; start++) {
          long stopped = 0;
          for (int i = 0; i < n; i++) {
            stopped += Math.max(0, Math.min(ends[i], start + w) - Math.max(ends[i] - lengths[i], start));
          }
          if (stopped > worstStopped) {
            worstStopped = stopped;
            worstStart = start;
          }
        }
        HeapRun.Window got = th.worst(w).orElseThrow();
        assertThat(got.throughput()).as("round %d, window %d", round, w)
            .isEqualTo(1.0 - (double) worstStopped / w);
        assertThat(got.startMillis()).as("the earliest worst window").isEqualTo(worstStart);
      }
      long stopped = 0;
      for (int i = 0; i < n; i++) {
        stopped += Math.max(0, ends[i] - Math.max(ends[i] - lengths[i], lo));
      }
      assertThat(th.overall()).hasValue(1.0 - (double) stopped / (hi - lo));
    }
  }

  /**
   * Pauses that overlap or touch (a log of concurrent collectors' pauses, or one stamped late) stop
   * the application once: the covered milliseconds counted on a grid, whatever the pauses' order.
   */
  @Test
  void overlappingAndTouchingPausesStopTheApplicationOnce() {
    Random random = new Random(34);
    for (int round = 0; round < 50; round++) {
      HeapSeries s = new HeapSeries();
      int n = 2 + random.nextInt(60);
      long[] ends = new long[n];
      long[] lengths = new long[n];
      long t = 10_000;
      for (int i = 0; i < n; i++) {
        t += random.nextInt(4) == 0 ? 0 : random.nextInt(300); // equal stamps too
        ends[i] = t;
        lengths[i] = random.nextInt(3) == 0 ? 0 : 1 + random.nextInt(500);
        s.pause(pause("Pause Young (Normal) (G1 Evacuation Pause)", t, lengths[i] * MS));
      }
      long lo = ends[0];
      long hi = ends[n - 1];
      long covered = 0;
      for (long ms = lo; ms < hi; ms++) {
        for (int i = 0; i < n; i++) {
          if (ends[i] - lengths[i] <= ms && ms < ends[i]) {
            covered++;
            break;
          }
        }
      }
      Throughput th = Throughput.of(s, 0, n, true);
      if (hi == lo) {
        assertThat(th.overall()).isEmpty();
      } else {
        assertThat(th.overall()).as("round %d", round).hasValue(1.0 - (double) covered / (hi - lo));
      }
    }
  }

  @Test
  void pausesStampedWhenTheyBeganCountAfterTheirStamp() {
    HeapSeries s = new HeapSeries();
    s.pause(pause("GC (Allocation Failure)", 1_000, 100 * MS).stampedAtStart(true));
    s.pause(pause("GC (Allocation Failure)", 2_000, 100 * MS).stampedAtStart(true));
    // the first pause, [1000, 1100], is inside the covered time [1000, 2000]; the last is after it
    assertThat(Throughput.of(s, 0, 2, true).overall()).hasValue(0.9);
  }

  static PauseEvent pause(String kind, long uptimeMillis, long nanos) {
    byte[] k = kind.getBytes(StandardCharsets.US_ASCII);
    return new PauseEvent().reset().family(Family.GC_PAUSE).kind(k, 0, k.length)
        .uptimeMillis(uptimeMillis).totalNanos(nanos);
  }
}
