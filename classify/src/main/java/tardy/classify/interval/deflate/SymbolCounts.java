package tardy.classify.interval.deflate;

/** How often a block uses each symbol of one alphabet, and which it uses, in symbol order. */
final class SymbolCounts {

  final int[] counts;
  /** Which symbols are counted: the work follows them, not the alphabet. */
  private final long[] used;

  SymbolCounts(int symbols) {
    counts = new int[symbols];
    used = new long[(symbols + 63) >>> 6];
  }

  void add(int symbol) {
    counts[symbol]++;
    used[symbol >>> 6] |= 1L << symbol;
  }

  /** Forgets the previous block's counts. */
  void clear() {
    for (int w = 0; w < used.length; w++) {
      for (long set = used[w]; set != 0; set &= set - 1) {
        counts[w << 6 | Long.numberOfTrailingZeros(set)] = 0;
      }
      used[w] = 0;
    }
  }

  /**
   * The used symbols in order, with the ones zlib makes up to give a code two symbols at least
   * (0, 1 or 2, each counted once), into {@code into}; how many.
   */
  int withMadeUp(int[] into) {
    int n = 0;
    for (int w = 0; w < used.length; w++) {
      for (long set = used[w]; set != 0; set &= set - 1) {
        into[n++] = w << 6 | Long.numberOfTrailingZeros(set);
      }
    }
    int max = n == 0 ? -1 : into[n - 1];
    while (n < 2) {
      if (max < 2) {
        into[n++] = ++max;
      } else {
        System.arraycopy(into, 0, into, 1, n++);
        into[0] = 0;
      }
    }
    return n;
  }
}
