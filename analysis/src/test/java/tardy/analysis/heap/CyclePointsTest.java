package tardy.analysis.heap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The cycles a run hands the chart ({@link HeapRun#cycles}): the cycles a pass of regular
 * expressions finds in the log ({@link ConcurrentCycleHeapTest#cycles}), by their start, and
 * their gaps add up to the run's allocation figures, so the chart and the text agree.
 */
class CyclePointsTest {

  @ParameterizedTest
  @ValueSource(strings = {"jdk17-zgc-heapdebug", "jdk25-zgc-heapdebug",
      "jdk17-shenandoah-heapdebug", "jdk25-shenandoah-heapdebug", "jdk17-zgc-gconly"})
  void theRunsCyclesAreTheLogsAndTheirGapsAreItsAllocation(String name) throws IOException {
    List<ConcurrentCycleHeapTest.Cycle> truth =
        new ArrayList<>(ConcurrentCycleHeapTest.cycles(KnownAllocationTest.log(name)));
    truth.sort(Comparator.comparingLong(ConcurrentCycleHeapTest.Cycle::start));
    HeapRun run = HeapAnalyzer.runs(HeapCorpusTest.parse(KnownAllocationTest.log(name), true))
        .get(0);
    List<HeapRun.Cycle> cycles = run.cycles();
    assertThat(cycles).hasSize(truth.size()).hasSizeGreaterThan(20);
    long bytes = 0;
    long millis = 0;
    for (int i = 0; i < truth.size(); i++) {
      ConcurrentCycleHeapTest.Cycle t = truth.get(i);
      HeapRun.Cycle c = cycles.get(i);
      assertThat(new long[] {c.startMillis(), c.endMillis(), c.beforeBytes(), c.afterBytes()})
          .as("cycle %d by start", i).containsExactly(t.start(), t.end(), t.before(), t.after());
      // Shenandoah's cycles free only what its heuristic chose: none marks a live set
      assertThat(c.wholeHeap()).isEqualTo(t.whole() && !name.contains("shenandoah"));
      bytes += c.allocatedBytes();
      millis += c.allocationMillis();
    }
    HeapRun.Heap heap = run.heap().orElseThrow();
    assertThat(bytes).as("allocated in the gaps").isEqualTo(heap.allocatedBytes());
    assertThat(millis).as("the gaps' time").isEqualTo(heap.allocationMillis());
    // the pauses' heap is not the cycles' (a G1 run has none)
    assertThat(HeapAnalyzer.runs(HeapCorpusTest.parse(KnownAllocationTest.log("jdk17-g1"), true))
        .get(0).cycles()).isEmpty();
  }
}
