package tardy.analysis.findings;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import tardy.analysis.heap.HeapAnalyzer;
import tardy.events.Family;
import tardy.events.PauseEvent;
import tardy.record.evidence.PauseEvidence;
import tardy.record.evidence.Signature;
import tardy.record.heap.HeapSeries;

/** Low throughput is named under 90 % over a run of a minute or more, and only then. */
class HeapFindingsTest {

  @Test
  void throughputUnderNinetyPercentOverAMinuteIsAFinding() {
    // a pause of 1.1 s every 10 s: 11 % stopped between the first and the last pause
    assertThat(signatures(series(13, 10_000, 1_100))).containsExactly(Signature.LOW_THROUGHPUT);
    // 0.9 s every 10 s: 9 %, throughput 91 %
    assertThat(signatures(series(13, 10_000, 900))).isEmpty();
    // 11 % stopped, but over 50 s only
    assertThat(signatures(series(6, 10_000, 1_100))).isEmpty();
  }

  /**
   * The requirements' {@code low_throughput} moves the line: 0.9 s every 10 s is 91 % (a
   * computation here: 13 pauses, 12 gaps of 10 s from the first pause's end to the last's),
   * low under 91.5 %, not under 90.5 %; the run still needs a minute.
   */
  @Test
  void theRequirementsLowThroughputDecidesTheFinding() {
    List<tardy.analysis.heap.HeapRun> runs = HeapAnalyzer.runs(series(13, 10_000, 900));
    double expected = 1 - 12 * 900.0 / (12 * 10_000);
    assertThat(runs.get(0).throughput().orElseThrow()).isCloseTo(expected,
        org.assertj.core.api.Assertions.within(1e-9));
    assertThat(lowThroughput(runs, 91.5)).isTrue();
    assertThat(lowThroughput(runs, 90.5)).isFalse();
    assertThat(lowThroughput(HeapAnalyzer.runs(series(6, 10_000, 900)), 99.9))
        .as("50 s only").isFalse();
  }

  private static boolean lowThroughput(List<tardy.analysis.heap.HeapRun> runs, double percent) {
    tardy.analysis.heap.HeapThresholds d = tardy.analysis.heap.HeapThresholds.DEFAULTS;
    return HeapFindings.of(runs, 1, new tardy.analysis.heap.HeapThresholds(d.longPauseNanos(),
        d.pauselessLongPauseNanos(), percent), List.of()).stream()
        .anyMatch(f -> f.signature() == Signature.LOW_THROUGHPUT);
  }

  /** The findings but the allocation before long pauses, which pauses of 0.9 s also give. */
  private static List<Signature> signatures(HeapSeries s) {
    return Findings.of(new PauseEvidence(), List.of(), List.of(), HeapAnalyzer.runs(s)).stream()
        .map(Finding::signature).filter(g -> g != Signature.ALLOCATION_BEFORE_LONG_PAUSES)
        .toList();
  }

  @Test
  void longPausesGiveTheAllocationBeforeThem() {
    // 200 MB allocated in each 10 s gap (300 before, 100 after): 20 MB/s before the 1.1 s pauses
    List<Finding> findings = Findings.of(new PauseEvidence(), List.of(), List.of(),
        HeapAnalyzer.runs(series(13, 10_000, 1_100)));
    Finding f = findings.stream()
        .filter(x -> x.signature() == Signature.ALLOCATION_BEFORE_LONG_PAUSES).findFirst()
        .orElseThrow();
    assertThat(f.count()).isEqualTo(13);
    assertThat(f.heap().orElseThrow().longPauses().orElseThrow().bytesPerSecond().orElseThrow())
        .isEqualTo(200.0 * (1 << 20) / 10);
    assertThat(Findings.of(new PauseEvidence(), List.of(), List.of(),
        HeapAnalyzer.runs(series(13, 10_000, 399))).stream().map(Finding::signature))
        .doesNotContain(Signature.ALLOCATION_BEFORE_LONG_PAUSES);
  }

  private static HeapSeries series(int pauses, long everyMillis, long pauseMillis) {
    HeapSeries s = new HeapSeries();
    byte[] k = "Pause Young (Normal) (G1 Evacuation Pause)".getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i < pauses; i++) {
      s.pause(new PauseEvent().reset().family(Family.GC_PAUSE).kind(k, 0, k.length)
          .uptimeMillis(everyMillis * (i + 1)).totalNanos(pauseMillis * 1_000_000)
          .heapBytes(300L << 20, 100L << 20, 1L << 30));
    }
    return s;
  }
}
