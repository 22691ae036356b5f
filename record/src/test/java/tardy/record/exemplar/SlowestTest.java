package tardy.record.exemplar;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The kept requests are the first {@link Slowest#KEPT} of a plain sort, however they are split. */
class SlowestTest {

  /** Requests of one input, lines 1..n, times from a small range so that many are equal. */
  private static List<Exemplar> requests(int n, long seed) {
    Random random = new Random(seed);
    List<Exemplar> out = new ArrayList<>();
    for (int line = 1; line <= n; line++) {
      out.add(new Exemplar(random.nextInt(40) * 1_000_000L, 0, line, line * 1000L, 200,
          "id-" + line));
    }
    return out;
  }

  /** The truth: sort by time, slowest first, then by line; take the first KEPT. */
  private static List<Exemplar> sorted(List<Exemplar> all) {
    List<Exemplar> copy = new ArrayList<>(all);
    copy.sort(Comparator.comparingLong((Exemplar e) -> -e.nanos())
        .thenComparingLong(Exemplar::line));
    return copy.subList(0, Math.min(Slowest.KEPT, copy.size()));
  }

  /** What the recorder does: offers only what beats the floor, in line order. */
  private static Slowest kept(List<Exemplar> part) {
    Slowest s = new Slowest();
    for (Exemplar e : part) {
      if (e.nanos() > s.floorNanos()) {
        s.offer(e);
      }
    }
    return s;
  }

  @Test
  void onePassKeepsThePlainSortsFirstWithTiesInLineOrder() {
    for (long seed = 0; seed < 20; seed++) {
      List<Exemplar> all = requests(2_000, seed);
      assertThat(kept(all).slowestFirst()).as("seed %d", seed).isEqualTo(sorted(all));
    }
  }

  @Test
  void partsAddedInOrderWithTheirLinesShiftedKeepTheSame() {
    for (long seed = 0; seed < 20; seed++) {
      List<Exemplar> all = requests(2_000, seed);
      for (int cut : new int[] {1, 7, 999, 1_995}) {
        // the second part counts its lines from 1, as a part does
        List<Exemplar> second = new ArrayList<>();
        for (Exemplar e : all.subList(cut, all.size())) {
          second.add(new Exemplar(e.nanos(), 0, e.line() - cut, e.wallMillis(), e.status(),
              e.requestId()));
        }
        Slowest whole = kept(all.subList(0, cut));
        whole.addLater(kept(second), 0, cut);
        assertThat(whole.slowestFirst()).as("seed %d cut %d", seed, cut)
            .isEqualTo(sorted(all));
      }
    }
  }

  @Test
  void aLaterInputComesAfterInTiesAndKeepsItsOwnLines() {
    Slowest first = kept(List.of(new Exemplar(5, 0, 9, 0, 200, "a")));
    Slowest second = kept(List.of(new Exemplar(5, 0, 1, 0, 200, "b"),
        new Exemplar(7, 1, 3, 0, 200, "c")));
    first.addLater(second, 1, 0); // a part that starts its input: it comes after, lines as read
    assertThat(first.slowestFirst()).extracting(Exemplar::requestId)
        .containsExactly("c", "a", "b");
    assertThat(first.slowestFirst()).extracting(Exemplar::line).containsExactly(3L, 9L, 1L);
  }
}
