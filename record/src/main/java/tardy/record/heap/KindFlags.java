package tardy.record.heap;

import java.util.Arrays;
import tardy.events.Ascii;

/**
 * The {@link HeapSeries} flags a pause's kind names in words ({@code Pause Full}, {@code (Mixed)},
 * {@code to-space exhausted} …), for the last kinds read: a log names a handful of kinds, so a
 * kind seen before costs one comparison instead of a search for each of 20 words.
 */
final class KindFlags {

  private static final byte[][] FULL_WORDS = Ascii.eachBytes("Pause Full", "Full GC");
  private static final byte[][] MIXED_WORDS = Ascii.eachBytes("(Mixed)", "(mixed)");
  private static final byte[][] HUMONGOUS_WORDS = Ascii.eachBytes("Humongous");
  private static final byte[][] EVACUATION_WORDS = Ascii.eachBytes("to-space exhausted",
      "to-space overflow", "Evacuation Failure", "evacuation failure");
  private static final byte[][] PROMOTION_WORDS = Ascii.eachBytes("promotion failed");
  private static final byte[][] CONCURRENT_MODE_WORDS =
      Ascii.eachBytes("concurrent mode failure");
  private static final byte[][] PAUSELESS_WORDS = Ascii.eachBytes("Pause Mark Start",
      "Pause Mark End", "Pause Relocate Start", "Pause Init Mark", "Pause Final Mark",
      "Pause Init Update Refs", "Pause Final Update Refs", "Pause Final Roots",
      "Pause Degenerated", "Pause Init Evac");

  /** Kinds kept; past them the oldest is replaced. */
  private static final int KEPT = 8;

  private final byte[][] kinds = new byte[KEPT][];
  private final int[] flags = new int[KEPT];
  private int size;
  private int next; // the entry a new kind replaces once all are taken

  /** The flags the words of the kind {@code b[from, to)} give. */
  int of(byte[] b, int from, int to) {
    if (from >= to) {
      return 0; // no kind: no words
    }
    for (int i = 0; i < size; i++) {
      byte[] kind = kinds[i];
      if (Arrays.equals(b, from, to, kind, 0, kind.length)) {
        return flags[i];
      }
    }
    int f = read(b, from, to);
    kinds[next] = Arrays.copyOfRange(b, from, to);
    flags[next] = f;
    next = (next + 1) % KEPT;
    size = Math.max(size, next == 0 ? KEPT : next);
    return f;
  }

  private static int read(byte[] b, int from, int to) {
    int f = Ascii.containsAny(b, from, to, FULL_WORDS) ? HeapSeries.FULL : 0;
    f |= Ascii.containsAny(b, from, to, MIXED_WORDS) ? HeapSeries.MIXED : 0;
    f |= Ascii.containsAny(b, from, to, HUMONGOUS_WORDS) ? HeapSeries.HUMONGOUS : 0;
    f |= Ascii.containsAny(b, from, to, PAUSELESS_WORDS) ? HeapSeries.PAUSELESS : 0;
    f |= Ascii.containsAny(b, from, to, EVACUATION_WORDS) ? HeapSeries.EVACUATION_FAILED : 0;
    f |= Ascii.containsAny(b, from, to, PROMOTION_WORDS) ? HeapSeries.PROMOTION_FAILED : 0;
    f |= Ascii.containsAny(b, from, to, CONCURRENT_MODE_WORDS)
        ? HeapSeries.CONCURRENT_MODE_FAILURE : 0;
    return f;
  }
}
