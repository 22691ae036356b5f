package tardy.classify.interval.deflate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Codes cut to their length limit stay complete prefix codes that favour the frequent symbols. */
class HuffmanTreeTest {

  @Test
  void fibonacciCountsAreCutToTheLimitAndStayComplete() {
    for (int limit : new int[] {7, 15}) {
      for (int used = 3; used <= 19; used++) {
        HuffmanTree tree = new HuffmanTree(19, limit);
        tree.clear();
        int a = 1;
        int b = 1;
        for (int n = 0; n < used; n++) {
          tree.add(n);
          tree.counts[n] = a;
          int next = a + b;
          a = b;
          b = next;
        }
        tree.build();
        double kraft = 0;
        int longest = 0;
        for (int n = 0; n < used; n++) {
          assertThat(tree.lengths[n]).isBetween(1, limit);
          kraft += Math.pow(2, -tree.lengths[n]);
          longest = Math.max(longest, tree.lengths[n]);
          if (n > 0) {
            assertThat(tree.lengths[n]).isLessThanOrEqualTo(tree.lengths[n - 1]);
          }
        }
        assertThat(kraft).as("limit %d, %d symbols", limit, used).isEqualTo(1.0);
        assertThat(longest).isEqualTo(Math.min(limit, used - 1));
      }
    }
  }
}
