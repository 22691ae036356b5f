package tardy.events;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MatchTest {

  @Test
  void gradesByShareOfRecognisedLines() {
    assertThat(Match.ofShare(0, 10)).isEqualTo(Match.NONE);
    assertThat(Match.ofShare(1, 10)).isEqualTo(Match.WEAK);
    assertThat(Match.ofShare(5, 10)).isEqualTo(Match.SOLID);
    assertThat(Match.ofShare(10, 10)).isEqualTo(Match.FULL);
    assertThat(Match.ofShare(0, 0)).isEqualTo(Match.NONE);
  }
}
