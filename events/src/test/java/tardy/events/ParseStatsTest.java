package tardy.events;

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

  /**
   * A line recounted at the end of the input: in the part that counted it, or in a later part
   * (--follow's pieces), whose counts go below zero until the parts are added; either way the sum
   * is the single pass's, first lines included.
   */
  @Test
  void aRecountInALaterPartAddsUpToTheRecountInOnePass() {
    Outcome opens = Outcome.ignored("opens");
    Outcome cut = Outcome.malformed("cut");
    ParseStats whole = new ParseStats();
    whole.count(opens, 1);
    whole.count(Outcome.PARSED, 2);
    whole.count(opens, 3);
    whole.count(GC, 4);
    whole.recount(opens, cut, 3);

    ParseStats first = new ParseStats();
    first.count(opens, 1);
    first.count(Outcome.PARSED, 2);
    first.count(opens, 3);
    ParseStats middle = new ParseStats();
    middle.count(GC, 1);
    ParseStats last = new ParseStats();
    last.recount(opens, cut, -1); // line 3, numbered from the last part's start (line 5)
    assertThat(last.lines()).isZero();
    assertThat(last.count(opens)).isEqualTo(-1);

    ParseStats later = new ParseStats(); // the later parts added first, then into the first
    later.add(middle, 0);
    later.add(last, 1);
    first.add(later, 3);
    for (ParseStats s : new ParseStats[] {whole, first}) {
      assertThat(s.lines()).isEqualTo(4);
      assertThat(s.ignored()).isEqualTo(2);
      assertThat(s.malformed()).isEqualTo(1);
      assertThat(s.reasons()).extracting(r -> r.outcome().reason() + "=" + r.count() + r.firstLines())
          .containsExactly("cut=1[3]", "gc line=1[4]", "opens=1[1]");
    }
  }
}
