package tardy.record.heap;

import tardy.events.Ascii;
import tardy.events.KindWords;
import tardy.record.grouping.RawKeyCache;

/**
 * The {@link HeapSeries} flags a pause's kind names in words ({@code Pause Full}, {@code (Mixed)},
 * {@code to-space exhausted} …), worked out once per distinct kind: a log names a handful of
 * kinds, so a kind seen before costs one look-up by the hash its event keeps instead of a search
 * for each of 20 words.
 */
final class KindFlags {

  private static final byte[][] FULL_WORDS = Ascii.eachBytes("Pause Full", "Full GC");
  private static final byte[][] MIXED_WORDS = Ascii.eachBytes("(Mixed)", "(mixed)");
  private static final byte[][] PROMOTION_WORDS = Ascii.eachBytes("promotion failed");
  private static final byte[][] CONCURRENT_MODE_WORDS =
      Ascii.eachBytes("concurrent mode failure");
  private static final byte[][] PAUSELESS_WORDS = Ascii.eachBytes("Pause Mark Start",
      "Pause Mark End", "Pause Relocate Start", "Pause Init Mark", "Pause Final Mark",
      "Pause Init Update Refs", "Pause Final Update Refs", "Pause Final Roots",
      "Pause Degenerated", "Pause Init Evac");

  private final RawKeyCache<Integer> kinds = new RawKeyCache<>(16);

  /** The flags the words of the kind {@code b[from, to)} give; {@code hash}: its Ascii hash. */
  int of(byte[] b, int from, int to, int hash) {
    if (from >= to) {
      return 0; // no kind: no words
    }
    Integer f = kinds.get(b, from, to, hash);
    return f != null ? f : learn(b, from, to, hash);
  }

  /** A kind met for the first time: a few times per log, kept out of the per-pause path. */
  private int learn(byte[] b, int from, int to, int hash) {
    int f = read(b, from, to);
    kinds.put(b, from, to, hash, f); // flags under 256: boxes the JDK keeps, no allocation
    return f;
  }

  private static int read(byte[] b, int from, int to) {
    int f = Ascii.containsAny(b, from, to, FULL_WORDS) ? HeapSeries.FULL : 0;
    f |= Ascii.containsAny(b, from, to, MIXED_WORDS) ? HeapSeries.MIXED : 0;
    f |= KindWords.humongous(b, from, to) ? HeapSeries.HUMONGOUS : 0;
    f |= Ascii.containsAny(b, from, to, PAUSELESS_WORDS) ? HeapSeries.PAUSELESS : 0;
    f |= KindWords.evacuationFailure(b, from, to) ? HeapSeries.EVACUATION_FAILED : 0;
    f |= Ascii.containsAny(b, from, to, PROMOTION_WORDS) ? HeapSeries.PROMOTION_FAILED : 0;
    f |= Ascii.containsAny(b, from, to, CONCURRENT_MODE_WORDS)
        ? HeapSeries.CONCURRENT_MODE_FAILURE : 0;
    return f;
  }
}
