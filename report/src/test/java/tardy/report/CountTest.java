package tardy.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Counts are grouped by thousands exactly as the formatter groups them, at every magnitude. */
class CountTest {

  @Test
  void groupsLikeTheFormatter() {
    Random random = new Random(19);
    long[] edges = {0, 1, -1, 999, 1000, -1000, 999_999, 1_000_000, 12_345_678,
        Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1};
    for (long n : edges) {
      assertThat(CheckWords.count(n)).isEqualTo(String.format(Locale.ROOT, "%,d", n));
    }
    for (int i = 0; i < 10_000; i++) {
      long n = random.nextLong() >> random.nextInt(64);
      assertThat(CheckWords.count(n)).as("%d", n).isEqualTo(String.format(Locale.ROOT, "%,d", n));
    }
  }
}
