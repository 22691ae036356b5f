package tardy.analysis.heap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * The counts of what went wrong in the collections (to-space exhausted or overflow and evacuation
 * failure, promotion failed, concurrent mode failure, pauses for a humongous allocation), summed
 * over a log's runs, against a pass of regular expressions over every GC log of the shared
 * corpus: a line that says so is one collection's (but JDK 8 G1's phase line {@code [Evacuation
 * Failure: 36.0 ms]}, the second of its collection); a humongous one is a timed pause line whose
 * cause is {@code G1 Humongous Allocation}.
 */
class TroublesCorpusTest {

  private static final Pattern EVACUATION = Pattern.compile(
      "(?i)to-space exhausted|to-space overflow|evacuation failure");
  // a collection's: JDK 8 "[ParNew (promotion failed): …"; not generational Shenandoah's
  // "GC(6) Promotion failed, size 68536, has plab? …", one object left in the young generation
  private static final Pattern PROMOTION = Pattern.compile("(?i)\\(promotion failed\\)");
  // JDK 8 G1's details say it twice: "(to-space exhausted), 0.36 secs]" and a phase line
  private static final Pattern EVACUATION_PHASE = Pattern.compile("^\\s+\\[Evacuation Failure: ");
  private static final Pattern CONCURRENT_MODE = Pattern.compile("(?i)concurrent mode failure");
  // UL: "GC(3) Pause Young (Concurrent Start) (G1 Humongous Allocation) 20M->18M(64M) 3.2ms";
  // JDK 8: "[GC pause (G1 Humongous Allocation) (young) … , 0.0123 secs]"
  private static final Pattern HUMONGOUS = Pattern.compile(
      "Pause [^\\[]*\\(G1 Humongous Allocation\\).* [\\d.,]+ms$|\\[GC pause \\(G1 Humongous Allocation\\)");

  /** The regex pass's counts: evacuation failed, promotion failed, concurrent mode failure, humongous. */
  static long[] truth(byte[] bytes) {
    long[] n = new long[4];
    for (String line : new String(bytes, StandardCharsets.UTF_8).split("\r?\n")) {
      n[0] += EVACUATION.matcher(line).find() && !EVACUATION_PHASE.matcher(line).find() ? 1 : 0;
      n[1] += PROMOTION.matcher(line).find() ? 1 : 0;
      n[2] += CONCURRENT_MODE.matcher(line).find() ? 1 : 0;
      n[3] += HUMONGOUS.matcher(line).find() ? 1 : 0;
    }
    return n;
  }

  static long[] tardy(byte[] bytes, boolean unified) {
    long[] n = new long[4];
    for (HeapRun r : HeapAnalyzer.runs(HeapCorpusTest.parse(bytes, unified))) {
      n[0] += r.troubles().evacuationFailed();
      n[1] += r.troubles().promotionFailed();
      n[2] += r.troubles().concurrentModeFailure();
      n[3] += r.troubles().humongous();
    }
    return n;
  }

  @Test
  void everyGcLogOfTheCorpusCountsTheTroublesARegexPassFinds() throws IOException {
    SoftAssertions soft = new SoftAssertions();
    long[] seen = new long[4];
    HeapTruth.forEachGcLog((name, text, unified) -> {
      long[] expected = truth(text);
      soft.assertThat(tardy(text, unified))
          .as("evacuation failed, promotion failed, concurrent mode failure, humongous in %s", name)
          .containsExactly(expected);
      for (int k = 0; k < 4; k++) {
        seen[k] += expected[k];
      }
    });
    soft.assertAll();
    assertThat(java.util.Arrays.stream(seen).min().orElseThrow()).as("the corpus holds each trouble")
        .isPositive();
    System.out.printf(java.util.Locale.ROOT,
        "evacuation failed %d, promotion failed %d, concurrent mode failure %d, humongous %d%n",
        seen[0], seen[1], seen[2], seen[3]);
  }
}
