package tardy.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Counts are grouped by thousands exactly as the formatter groups them, at every magnitude, and
 * their nouns agree with them.
 */
class CountsTest {

  @Test
  void groupsLikeTheFormatter() {
    Random random = new Random(19);
    long[] edges = {0, 1, -1, 999, 1000, -1000, 999_999, 1_000_000, 12_345_678,
        Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1};
    for (long n : edges) {
      assertThat(Counts.grouped(n)).isEqualTo(String.format(Locale.ROOT, "%,d", n));
    }
    for (int i = 0; i < 10_000; i++) {
      long n = random.nextLong() >> random.nextInt(64);
      assertThat(Counts.grouped(n)).as("%d", n).isEqualTo(String.format(Locale.ROOT, "%,d", n));
    }
  }

  @Test
  void theNounAgreesWithTheCount() {
    assertThat(Counts.of(1, "line")).isEqualTo("1 line");
    assertThat(Counts.of(0, "line")).isEqualTo("0 lines");
    assertThat(Counts.of(2, "line")).isEqualTo("2 lines");
    assertThat(Counts.of(-1, "line")).isEqualTo("-1 lines");
    assertThat(Counts.of(1_000_001, "line")).isEqualTo("1,000,001 lines");
    assertThat(Counts.of(1, "pause lies", "pauses lie")).isEqualTo("1 pause lies");
    assertThat(Counts.of(3, "pause lies", "pauses lie")).isEqualTo("3 pauses lie");
  }
}
