package tardy.record.pause;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * How the pause index holds millions of pauses: blocks that read back what was added, placed and
 * taken in place, and a sort without boxing that moves the columns in place.
 */
class PauseIndexStorageTest {

  @Test
  void collectedPausesReadBackAcrossTheirBlocks() {
    CollectedPauses pauses = new CollectedPauses();
    int n = 300_000; // the first block grows, then four more are added
    for (int i = 0; i < n; i++) {
      pauses.add(1_700_000_000_000L + i, duration(i), i % 1_000, i % 16, i / 7);
    }
    assertThat(pauses.size()).isEqualTo(n);
    int wrong = -1;
    for (int i = 0; i < n && wrong < 0; i++) {
      boolean right = pauses.clockMillis(i) == 1_700_000_000_000L + i
          && pauses.durationNanos(i) == duration(i) && pauses.kind(i) == i % 1_000
          && pauses.has(i, CollectedPauses.WALL) == ((i & CollectedPauses.WALL) != 0)
          && pauses.has(i, CollectedPauses.RESTARTED) == ((i & CollectedPauses.RESTARTED) != 0)
          && pauses.run(i) == i / 7;
      wrong = right ? -1 : i;
    }
    assertThat(wrong).as("the first pause read back otherwise than added").isEqualTo(-1);
  }

  /** Up to 2.1 s an int, longer ones (a Full GC of minutes, a clock's error) held apart. */
  private static long duration(int i) {
    return i % 1_000 == 999 ? Integer.MAX_VALUE + 1_000_000L * i : 7_000L * i % (1L << 31);
  }

  /** The index is placed in place, unplaced pauses dropped, then taken whole and let go. */
  @Test
  void placedPausesAreTakenAsColumns() {
    CollectedPauses pauses = new CollectedPauses();
    int n = 200_000;
    for (int i = 0; i < n; i++) {
      pauses.add(i, duration(i), i % 5, 0, 0);
    }
    int at = 0;
    for (int i = 0; i < n; i++) {
      if (i % 3 != 0) { // every third left unplaced
        pauses.place(at++, i, 1_000_000L * i, i % 5 + 10);
      }
    }
    long[] starts = pauses.takeStarts(at);
    int[] durations = pauses.takeDurations(at);
    int[] kinds = pauses.takeKinds(at);
    CollectedPauses.Durations read = pauses.durations();
    int wrong = -1;
    for (int i = 0, p = 0; i < n && wrong < 0; i++) {
      if (i % 3 != 0) {
        boolean right = starts[p] == 1_000_000L * i && read.decode(durations[p]) == duration(i)
            && kinds[p] == i % 5 + 10;
        wrong = right ? -1 : i;
        p++;
      }
    }
    assertThat(wrong).as("the first pause taken otherwise than placed").isEqualTo(-1);
    assertThat(starts).hasSize(at);
  }

  /** Applied in place, the order puts every column where copies through it would be. */
  @Test
  void theOrderAppliedInPlaceMovesEveryColumnAlike() {
    SplittableRandom random = new SplittableRandom(5);
    for (int round = 0; round < 200; round++) {
      int n = random.nextInt(round < 20 ? 6 : 3_000);
      long[] start = new long[n];
      int[] duration = new int[n];
      int[] kind = new int[n];
      long[] slack = round % 2 == 0 ? null : new long[n];
      for (int i = 0; i < n; i++) {
        start[i] = round % 3 == 0 ? i - 3 * (i % 4) : random.nextInt(1 + random.nextInt(40));
        duration[i] = i;
        kind[i] = -i;
        if (slack != null) {
          slack[i] = 7L * i;
        }
      }
      int[] order = StableOrder.of(start);
      if (order == null) {
        continue;
      }
      long[] expectedStart = new long[n];
      for (int i = 0; i < n; i++) {
        expectedStart[i] = start[order[i]];
      }
      int[] expectedFrom = order.clone();
      StableOrder.apply(order, start, duration, kind, slack);
      assertThat(start).as("round %d", round).containsExactly(expectedStart);
      assertThat(duration).as("round %d", round).containsExactly(expectedFrom);
      for (int i = 0; i < n; i++) {
        assertThat(kind[i]).isEqualTo(-expectedFrom[i]);
        if (slack != null) {
          assertThat(slack[i]).isEqualTo(7L * expectedFrom[i]);
        }
      }
    }
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
