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

  private static List<Signature> signatures(HeapSeries s) {
    return Findings.of(new PauseEvidence(), List.of(), List.of(), HeapAnalyzer.runs(s)).stream()
        .map(Finding::signature).toList();
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
