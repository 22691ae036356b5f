package tardy.analysis.heap;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tardy.events.Family;
import tardy.events.PauseEvent;
import tardy.record.heap.HeapSeries;

/** When the heap after full collections names a leak, and when it does not. */
class LiveSetTrendTest {

  private static final long MB = 1 << 20;

  @Test
  void aFlatLiveSetWithNoiseIsNoLeak() {
    Random random = new Random(7);
    HeapSeries s = new HeapSeries();
    for (int i = 0; i < 40; i++) {
      full(s, 60_000L * i, (500 + random.nextInt(40) - 20) * MB);
    }
    HeapRun.LiveSet live = live(s);
    assertThat(live.growing()).isFalse();
    assertThat(live.from()).isEqualTo("full");
    assertThat(live.samples()).isEqualTo(40);
  }

  @Test
  void aLiveSetThatGrowsIsALeakEvenWithAnExitCollectionAtTheEnd() {
    HeapSeries s = new HeapSeries();
    for (int i = 0; i < 10; i++) {
      full(s, 10_000L * i, (100 + 10 * i) * MB);
    }
    full(s, 100_000, 0); // the JVM exits: nothing is live
    HeapRun.LiveSet live = live(s);
    assertThat(live.growing()).isTrue();
    assertThat(live.bytesPerSecond()).isEqualTo(MB); // 10 MB per 10 s, the outlier ignored
  }

  @Test
  void mixedCollectionsCountWhenFullOnesAreTooFew() {
    HeapSeries s = new HeapSeries();
    for (int i = 0; i < 6; i++) {
      pause(s, "Pause Young (Mixed) (G1 Evacuation Pause)", 10_000L * i, (200 + 30 * i) * MB);
      pause(s, "Pause Young (Normal) (G1 Evacuation Pause)", 10_000L * i + 5_000, 900 * MB);
    }
    HeapRun.LiveSet live = live(s);
    assertThat(live.from()).isEqualTo("full or mixed");
    assertThat(live.samples()).isEqualTo(6);
    assertThat(live.growing()).isTrue();
  }

  @Test
  void growthSmallAgainstTheCapacityIsNoLeak() {
    HeapSeries s = new HeapSeries();
    for (int i = 0; i < 10; i++) {
      full(s, 10_000L * i, (2 + i) * MB); // doubles and more, but 8 MB of a 4 GB heap
    }
    assertThat(live(s).growing()).isFalse();
  }

  private static HeapRun.LiveSet live(HeapSeries s) {
    return HeapAnalyzer.runs(s).get(0).heap().orElseThrow().liveSet().orElseThrow();
  }

  private static void full(HeapSeries s, long uptime, long after) {
    pause(s, "Pause Full (Ergonomics)", uptime, after);
  }

  private static void pause(HeapSeries s, String kind, long uptime, long after) {
    byte[] k = kind.getBytes(StandardCharsets.US_ASCII);
    s.pause(new PauseEvent().reset().family(Family.GC_PAUSE).kind(k, 0, k.length)
        .uptimeMillis(uptime).totalNanos(1_000_000).heapBytes(after + 100 * MB, after, 4096 * MB));
  }
}
