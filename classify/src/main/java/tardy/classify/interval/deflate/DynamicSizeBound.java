package tardy.classify.interval.deflate;

import static tardy.classify.interval.deflate.Rfc1951.CODE_LENGTH_EXTRA_BITS;
import static tardy.classify.interval.deflate.Rfc1951.REPEAT_ZERO_LONG;
import static tardy.classify.interval.deflate.Rfc1951.REPEAT_ZERO_SHORT;

/**
 * A lower bound of the size zlib gives a block with codes of its own, from the symbols' counts
 * alone, before any code is built: when even the bound is no smaller than the fixed code's size,
 * zlib writes the fixed code (or a stored block) and the codes need not be built at all.
 *
 * <p>Why it is a lower bound, part by part of zlib's size:
 * <ul>
 * <li>the symbols' bits under a code: no prefix code spends fewer than the counts' entropy,
 *     {@code N log2 N - sum c log2 c}; one symbol alone (with zlib's made-up second) costs its
 *     count;
 * <li>the extra bits: the same under any code (the caller adds them);
 * <li>HLIT, HDIST, HCLEN: 14 bits;
 * <li>the code-length code's own lengths, 3 bits each up to the last used symbol in zlib's
 *     order: zeros between used symbols are sent as 0, 17 or 18 whatever the lengths; a complete
 *     code over n symbols has a length of at most floor(log2 n) somewhere;
 * <li>the code-length symbols: a run of zeros gives exactly the same symbols and extra bits
 *     whatever the lengths around it; k used symbols in a row give at least k symbols when k &lt;
 *     4, else at least {@code 1 + ceil((k - 1) / 6)} (all one length, sent once and repeated);
 *     their cost is at least that of an optimal code over the zero symbols' counts and one
 *     symbol standing for all the lengths' (merging two symbols never makes a code costlier).
 * </ul>
 */
final class DynamicSizeBound {

  /** {@code c log2 c} for the small counts, the common ones. */
  private static final double[] C_LOG_C = new double[1025];
  /** Per floor(log2 n): the smallest rank in zlib's order of a code length up to it. */
  private static final int[] LOWEST_RANK_UP_TO = {0, 17, 15, 13, 11, 9, 7, 5, 4};
  private static final int RANK_OF_ZERO = 3;
  private static final int RANK_OF_17 = 1;
  private static final int RANK_OF_18 = 2;

  static {
    for (int c = 1; c < C_LOG_C.length; c++) {
      C_LOG_C[c] = cLogC(c);
    }
  }

  /** Counts of the code-length symbols of the zeros: 0, 17, 18; the lengths' symbols after them. */
  private int zeros;
  private int shortRepeats;
  private int longRepeats;
  private int lengthSymbols;
  private long repeatBits;
  private int lowestRank;

  /** A lower bound of zlib's dynamic block size in bits, extra bits of the matches left out. */
  long of(HuffmanTree literals, HuffmanTree distances) {
    zeros = 0;
    shortRepeats = 0;
    longRepeats = 0;
    lengthSymbols = 0;
    repeatBits = 0;
    long bits = symbolBits(literals) + symbolBits(distances);
    lowestRank = RANK_OF_ZERO; // at least four code-length lengths are sent
    describe(literals);
    describe(distances);
    if (shortRepeats > 0) {
      lowestRank = Math.max(lowestRank, RANK_OF_17);
    }
    if (longRepeats > 0) {
      lowestRank = Math.max(lowestRank, RANK_OF_18);
    }
    return bits + 14 + 3L * (lowestRank + 1) + repeatBits
        + huffmanCost(zeros, shortRepeats, longRepeats, lengthSymbols);
  }

  private static long symbolBits(HuffmanTree tree) {
    int n = 0;
    long total = 0;
    double sum = 0;
    for (int w = 0; w < tree.used.length; w++) {
      for (long set = tree.used[w]; set != 0; set &= set - 1) {
        int c = tree.counts[w << 6 | Long.numberOfTrailingZeros(set)];
        n++;
        total += c;
        sum += c < C_LOG_C.length ? C_LOG_C[c] : cLogC(c);
      }
    }
    if (n < 2) {
      return total; // one symbol (or none) and zlib's made-up ones: a bit per count
    }
    double entropy = cLogC(total) - sum;
    // the doubles' rounding errs by far less than the margin taken off
    return Math.max(0, (long) Math.ceil(entropy - 1e-6 * total - 1e-6));
  }

  private static double cLogC(long c) {
    return c * (Math.log(c) / Math.log(2));
  }

  /** The symbols sending a code's lengths that do not depend on the lengths, and a floor of the rest. */
  private void describe(HuffmanTree tree) {
    int[] symbols = scratch;
    int n = tree.paddedUsed(symbols);
    int last = -1;
    int inRow = 0;
    for (int i = 0; i < n; i++) {
      int symbol = symbols[i];
      if (symbol > last + 1) {
        zeroRun(symbol - last - 1);
        lengthSymbols += inRow < 4 ? inRow : 1 + (inRow + 4) / 6;
        inRow = 0;
      }
      inRow++;
      last = symbol;
    }
    lengthSymbols += inRow < 4 ? inRow : 1 + (inRow + 4) / 6;
    int floorLog2 = 31 - Integer.numberOfLeadingZeros(n);
    lowestRank = Math.max(lowestRank, LOWEST_RANK_UP_TO[Math.min(floorLog2, 8)]);
  }

  private final int[] scratch = new int[Rfc1951.LITERAL_LENGTH_CODES];

  /** zlib's symbols for a run of zeros: up to 138 a symbol, fewer than 3 sent one by one. */
  private void zeroRun(int length) {
    while (length > 0) {
      int chunk = Math.min(length, 138);
      if (chunk < 3) {
        zeros += chunk;
      } else if (chunk <= 10) {
        shortRepeats++;
        repeatBits += CODE_LENGTH_EXTRA_BITS[REPEAT_ZERO_SHORT];
      } else {
        longRepeats++;
        repeatBits += CODE_LENGTH_EXTRA_BITS[REPEAT_ZERO_LONG];
      }
      length -= chunk;
    }
  }

  /** The cost of an optimal prefix code over these counts (zeros for unused symbols). */
  static long huffmanCost(long... counts) {
    long[] w = counts.clone();
    java.util.Arrays.sort(w);
    int first = 0;
    while (first < w.length && w[first] == 0) {
      first++;
    }
    long cost = 0;
    for (; first < w.length - 1; first++) {
      long merged = w[first] + w[first + 1];
      cost += merged;
      int k = first + 2;
      while (k < w.length && w[k] < merged) {
        w[k - 1] = w[k];
        k++;
      }
      w[k - 1] = merged;
    }
    return cost;
  }
}
