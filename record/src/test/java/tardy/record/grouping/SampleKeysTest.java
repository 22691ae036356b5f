package tardy.record.grouping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A sample read by two threads gives the keys, counts and first-seen order of one. */
class SampleKeysTest {

  private static List<byte[]> lines(int n, long seed) {
    Random rnd = new Random(seed);
    List<byte[]> lines = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      // a few heavy keys, many rare ones, some seen first in the second half only
      int id = i < n / 2 ? rnd.nextInt(50) : rnd.nextInt(3000);
      String method = rnd.nextInt(5) == 0 ? "POST" : "GET";
      lines.add((method + " /api/item" + id + "?q=" + i).getBytes(StandardCharsets.US_ASCII));
    }
    return lines;
  }

  /** The keys as an independent count in order of the lines: the query dropped. */
  private static Map<String, Long> expected(List<byte[]> lines) {
    Map<String, Long> counts = new LinkedHashMap<>();
    for (byte[] line : lines) {
      String s = new String(line, StandardCharsets.US_ASCII);
      counts.merge(s.substring(0, s.indexOf('?')), 1L, Long::sum);
    }
    return counts;
  }

  @Test
  void twoThreadsGiveTheOneThreadsKeysInTheSameOrder() {
    List<byte[]> lines = lines(3 * SampleKeys.SPLIT_LINES + 7, 11);
    Map<String, Long> split = new SampleKeys().add(MethodPathLines::parser, lines, true).counts();
    Map<String, Long> one = new SampleKeys().add(MethodPathLines.parser(), lines).counts();
    Map<String, Long> truth = expected(lines);
    assertThat(split).isEqualTo(truth);
    assertThat(new ArrayList<>(split.keySet())).containsExactlyElementsOf(truth.keySet());
    assertThat(new ArrayList<>(one.keySet())).containsExactlyElementsOf(truth.keySet());
    assertThat(split.size()).isGreaterThan(1000); // the second half brought most keys
  }

  @Test
  void aFailureInTheSecondHalfReachesTheCaller() {
    List<byte[]> lines = lines(2 * SampleKeys.SPLIT_LINES, 3);
    lines.set(lines.size() - 1, "NOSPACE".getBytes(StandardCharsets.US_ASCII));
    assertThatThrownBy(() -> new SampleKeys().add(MethodPathLines::parser, lines, true))
        .isInstanceOf(ArrayIndexOutOfBoundsException.class);
  }
}
