package tardy.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ParseStatsTest {

  private static final Outcome BAD = Outcome.malformed("bad");
  private static final Outcome GC = Outcome.ignored("gc line");

  @Test
  void linesAreAlwaysParsedPlusIgnoredPlusMalformed() {
    Random random = new Random(7);
    ParseStats stats = new ParseStats();
    long[] expected = new long[3];
    for (long line = 1; line <= 10_000; line++) {
      int k = random.nextInt(3);
      expected[k]++;
      stats.count(k == 0 ? Outcome.PARSED : k == 1 ? GC : BAD, line);
    }
    assertThat(stats.parsed()).isEqualTo(expected[0]);
    assertThat(stats.ignored()).isEqualTo(expected[1]);
    assertThat(stats.malformed()).isEqualTo(expected[2]);
    assertThat(stats.lines()).isEqualTo(10_000);
    assertThat(stats.count(BAD)).isEqualTo(expected[2]);
  }

  @Test
  void keepsTheFirstLineNumbersPerReasonAndShiftsLaterParts() {
    ParseStats first = new ParseStats();
    first.count(Outcome.PARSED, 1);
    first.count(BAD, 2);
    ParseStats later = new ParseStats();
    for (long line = 1; line <= 10; line++) {
      later.count(BAD, line);
    }
    first.add(later, 2);
    ParseStats.Reason reason = first.reasons().get(0);
    assertThat(reason.count()).isEqualTo(11);
    assertThat(reason.firstLines()).containsExactly(2L, 3L, 4L, 5L, 6L);
    assertThat(first.lines()).isEqualTo(12);
  }

  @Test
  void malformedReasonsComeBeforeIgnoredOnes() {
    ParseStats stats = new ParseStats();
    stats.count(GC, 1);
    stats.count(GC, 2);
    stats.count(BAD, 3);
    assertThat(stats.reasons()).extracting(r -> r.outcome()).containsExactly(BAD, GC);
  }
}
