package tardy.record.pause;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import tardy.record.grouping.Grouping;
import tardy.events.Family;
import tardy.events.PauseEvent;

/**
 * The first pause a request may meet, searched from any earlier answer, is the one a plain scan
 * of the sorted starts finds: whatever the distance, the direction or ties among the starts.
 */
class PauseIndexSearchTest {

  private static final byte[] KIND = "Pause Young".getBytes(StandardCharsets.US_ASCII);

  @Test
  void fromAnyEarlierAnswerTheSearchFindsWhatAScanFinds() {
    SplittableRandom random = new SplittableRandom(7);
    for (int round = 0; round < 80; round++) {
      int pauses = random.nextInt(round < 20 ? 4 : 3_000);
      PauseIndex index = randomIndex(random, pauses);
      long longest = 0;
      for (int p = 0; p < index.size(); p++) {
        longest = Math.max(longest, index.endNanos(p) - index.startNanos(p));
      }
      long first = index.size() == 0 ? 0 : index.startNanos(0);
      long last = index.size() == 0 ? 0 : index.startNanos(index.size() - 1);
      int near = 0;
      for (int lookup = 0; lookup < 200; lookup++) {
        long from = first - 5_000_000_000L + (long) (random.nextDouble() * (last - first + 10_000_000_000L));
        if (index.size() > 0 && random.nextInt(4) == 0) { // exactly where a pause starts or ends
          int p = random.nextInt(index.size());
          from = (random.nextBoolean() ? index.startNanos(p) : index.endNanos(p))
              + (random.nextBoolean() ? longest : 0);
        }
        if (random.nextInt(3) == 0) { // a stale or wild earlier answer, not only the last one
          near = random.nextInt(-2, index.size() + 3);
        }
        int expected = 0;
        while (expected < index.size() && index.startNanos(expected) < from - longest) {
          expected++;
        }
        int found = index.firstCandidate(from, near);
        assertThat(found).as("round %d, from %d, near %d", round, from, near).isEqualTo(expected);
        near = found;
      }
    }
  }

  /** Pauses on the wall clock, many starting in the same millisecond, some long. */
  private static PauseIndex randomIndex(SplittableRandom random, int pauses) {
    PauseIndex.Collector c = new PauseIndex.Collector(Grouping.DEFAULT);
    c.startInput("gc.log");
    long wall = 1_700_000_000_000L;
    for (int i = 0; i < pauses; i++) {
      wall += random.nextInt(4) == 0 ? 0 : random.nextInt(1, 2_000);
      long nanos = random.nextInt(20) == 0 ? random.nextLong(1, 3_000_000_000L)
          : random.nextLong(1, 20_000_000L);
      c.pause(new PauseEvent().reset().family(Family.GC_PAUSE).kind(KIND, 0, KIND.length)
          .totalNanos(nanos).wallMillis(wall));
    }
    return c.build(OptionalLong.empty());
  }
}
