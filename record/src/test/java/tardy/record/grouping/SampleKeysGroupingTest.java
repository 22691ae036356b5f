package tardy.record.grouping;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A grouping decided from sampled keys that kept their raw keys (folded by the threads reading
 * the sample) is the grouping decided from the keys' counts alone, and what the sample showed of
 * each group is what an independent sort of the sample says.
 */
class SampleKeysGroupingTest {

  /**
   * A service's traffic: numeric ids, UUIDs, hashed assets, slugs, files, methods of different
   * lengths on the same paths, and ties in counts (the examples' order then goes by path).
   */
  private static List<byte[]> lines(int n, long seed) {
    Random rnd = new Random(seed);
    String[] words = {"red", "blue", "oak", "lamp", "chair", "desk", "soft", "tall"};
    List<byte[]> lines = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String path = switch (rnd.nextInt(9)) {
        case 0 -> "/api/v1/orders/" + rnd.nextInt(5000);
        case 1 -> "/api/v1/users/" + new java.util.UUID(rnd.nextLong(), rnd.nextLong())
            + "/cart";
        case 2 -> "/static/js/app." + Long.toHexString(rnd.nextLong() | 1L << 60) + ".js";
        case 3 -> "/product/" + rnd.nextInt(900) + "/" + words[rnd.nextInt(8)] + "-"
            + words[rnd.nextInt(8)] + "-" + words[rnd.nextInt(8)];
        case 4 -> "/docs/report" + rnd.nextInt(40) + ".pdf";
        case 5 -> "/search/term" + Integer.toString(rnd.nextInt(20_000), 36) + "+x";
        case 6 -> "/api/v1/" + words[rnd.nextInt(3)];
        case 7 -> "/health";
        default -> "/img/" + words[rnd.nextInt(8)] + rnd.nextInt(3) + ".png";
      };
      String method = switch (rnd.nextInt(10)) {
        case 0 -> "POST";
        case 1 -> "DELETE";
        default -> "GET";
      };
      lines.add((method + " " + path + "?q=" + i).getBytes(StandardCharsets.US_ASCII));
    }
    return lines;
  }

  @Test
  void rawKeysKeptBySampleKeysGiveTheSameGroupingAsTheCountsAlone() {
    List<byte[]> lines = lines(3 * SampleKeys.SPLIT_LINES + 11, 5);
    for (GroupingMode mode : GroupingMode.values()) {
      SampleKeys kept = new SampleKeys(mode).add(MethodPathLines::parser, lines, true);
      Map<String, Long> counts = new LinkedHashMap<>(kept.counts());
      SampledGrouping fromKeys = SampledGrouping.of(mode, kept, 25);
      SampledGrouping fromCounts = SampledGrouping.of(mode, counts, 25);
      assertSameGrouping(fromKeys, fromCounts, counts);
      boolean ties = assertSeenIsTheSortedSample(fromKeys, counts);
      // the order among equal counts was put to the test (a raw group holds one path)
      assertThat(ties).isEqualTo(mode != GroupingMode.RAW);
    }
  }

  @Test
  void rawKeysKeptUnderAnotherModeAreNotUsed() {
    List<byte[]> lines = lines(2_000, 9);
    SampleKeys keptForIds = new SampleKeys(GroupingMode.IDS).add(MethodPathLines.parser(), lines);
    Map<String, Long> counts = new LinkedHashMap<>(keptForIds.counts());
    SampledGrouping inferred = SampledGrouping.of(GroupingMode.INFER, keptForIds, 25);
    assertSameGrouping(inferred, SampledGrouping.of(GroupingMode.INFER, counts, 25), counts);
    // the inference folded hashed assets, which the ids' raw keys keep apart
    assertThat(inferred.requestGroup("GET", "/static/js/app.3f9a1c7e5d.js"))
        .isEqualTo("GET /static/js/app.{hash}.js");
  }

  private static void assertSameGrouping(SampledGrouping a, SampledGrouping b,
      Map<String, Long> counts) {
    assertThat(new ArrayList<>(a.sample().entrySet()))
        .containsExactlyElementsOf(new ArrayList<>(counts.entrySet()));
    for (String key : counts.keySet()) {
      int space = key.indexOf(' ');
      String group = a.requestGroup(key.substring(0, space), key.substring(space + 1));
      assertThat(group).isEqualTo(b.requestGroup(key.substring(0, space),
          key.substring(space + 1)));
      assertThat(a.seen(group)).isEqualTo(b.seen(group));
      assertThat(a.sampleRank(group)).isEqualTo(b.sampleRank(group));
      assertThat(a.expected(group)).isEqualTo(b.expected(group));
    }
  }

  /**
   * Each group's requests, distinct paths and three commonest paths (ties by path) by a sort.
   *
   * @return whether a group's third and fourth commonest paths tied
   */
  private static boolean assertSeenIsTheSortedSample(SampledGrouping g, Map<String, Long> counts) {
    Map<String, List<Map.Entry<String, Long>>> byGroup = new LinkedHashMap<>();
    counts.forEach((key, n) -> {
      int space = key.indexOf(' ');
      String path = key.substring(space + 1);
      byGroup.computeIfAbsent(g.requestGroup(key.substring(0, space), path),
          x -> new ArrayList<>()).add(Map.entry(path, n));
    });
    boolean tiesSeen = false;
    for (Map.Entry<String, List<Map.Entry<String, Long>>> e : byGroup.entrySet()) {
      List<Map.Entry<String, Long>> paths = new ArrayList<>(e.getValue());
      paths.sort(Comparator.<Map.Entry<String, Long>>comparingLong(Map.Entry::getValue)
          .reversed().thenComparing(Map.Entry::getKey));
      SampledGrouping.Seen seen = g.seen(e.getKey()).orElseThrow();
      assertThat(seen.requests()).isEqualTo(paths.stream().mapToLong(Map.Entry::getValue).sum());
      assertThat(seen.distinctPaths()).isEqualTo(paths.size());
      assertThat(seen.examples()).containsExactlyElementsOf(
          paths.stream().limit(SampledGrouping.EXAMPLES).map(Map.Entry::getKey).toList());
      tiesSeen |= paths.size() > SampledGrouping.EXAMPLES
          && paths.get(SampledGrouping.EXAMPLES - 1).getValue()
          .equals(paths.get(SampledGrouping.EXAMPLES).getValue());
    }
    return tiesSeen;
  }
}
