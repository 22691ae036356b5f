package tardy.classify.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * How the pause index holds millions of pauses: blocks that read back what was added, and a sort
 * without boxing.
 */
class PauseIndexStorageTest {

  @Test
  void collectedPausesReadBackAcrossTheirBlocks() {
    CollectedPauses pauses = new CollectedPauses();
    int n = 300_000; // the first block grows, then four more are added
    for (int i = 0; i < n; i++) {
      pauses.add(1_700_000_000_000L + i, 1_000L * i, i % 1_000, i % 16, i / 7);
    }
    assertThat(pauses.size()).isEqualTo(n);
    int wrong = -1;
    for (int i = 0; i < n && wrong < 0; i++) {
      boolean right = pauses.clockMillis(i) == 1_700_000_000_000L + i
          && pauses.durationNanos(i) == 1_000L * i && pauses.kind(i) == i % 1_000
          && pauses.has(i, CollectedPauses.WALL) == ((i & CollectedPauses.WALL) != 0)
          && pauses.has(i, CollectedPauses.RESTARTED) == ((i & CollectedPauses.RESTARTED) != 0)
          && pauses.run(i) == i / 7;
      wrong = right ? -1 : i;
    }
    assertThat(wrong).as("the first pause read back otherwise than added").isEqualTo(-1);
  }

  @Test
  void theOrderIsAStableSortsAndNoneWhenAlreadySorted() {
    SplittableRandom random = new SplittableRandom(11);
    for (int round = 0; round < 300; round++) {
      int n = random.nextInt(round < 30 ? 5 : 5_000);
      long[] keys = new long[n];
      for (int i = 0; i < n; i++) { // few distinct values: many ties; sometimes sorted runs (two logs)
        keys[i] = round % 3 == 0 ? (i % (n / 2 + 1)) : random.nextInt(1 + random.nextInt(50));
      }
      Integer[] expected = new Integer[n];
      Arrays.setAll(expected, i -> i);
      Arrays.sort(expected, Comparator.comparingLong(i -> keys[i])); // stable (TimSort)
      int[] order = StableOrder.of(keys);
      int[] found = order == null ? java.util.stream.IntStream.range(0, n).toArray() : order;
      assertThat(found).as("round %d", round)
          .containsExactly(Arrays.stream(expected).mapToInt(Integer::intValue).toArray());
      long[] sorted = keys.clone();
      Arrays.sort(sorted);
      assertThat(order == null).as("round %d: null only when in order", round).isEqualTo(Arrays.equals(sorted, keys));
    }
  }
}
