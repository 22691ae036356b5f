package tardy.classify.interval.deflate;

import static tardy.classify.interval.deflate.Rfc1951.CODE_LENGTH_EXTRA_BITS;
import static tardy.classify.interval.deflate.Rfc1951.CODE_LENGTH_ORDER;
import static tardy.classify.interval.deflate.Rfc1951.LITERAL_LENGTH_CODES;
import static tardy.classify.interval.deflate.Rfc1951.MAX_CODE_BITS;
import static tardy.classify.interval.deflate.Rfc1951.REPEAT_ZERO_LONG;
import static tardy.classify.interval.deflate.Rfc1951.REPEAT_ZERO_SHORT;

/**
 * A lower bound of the size zlib gives a block with codes of its own (its {@code opt_len}), from
 * the symbols' counts alone, without building a code: when even the bound is no smaller than the
 * fixed code's size, zlib writes the fixed code (or a stored block).
 *
 * <p>Why each part is a lower bound of zlib's:
 * <ul>
 * <li>the symbols' bits: no prefix code spends fewer than the counts' entropy,
 *     {@code N log2 N - sum c log2 c}; a lone symbol (zlib makes up a second) costs its count;
 * <li>the extra bits of the matches: the same under any code (the caller adds them);
 * <li>HLIT, HDIST and HCLEN: 14 bits;
 * <li>the code-length code's own lengths, 3 bits each up to the last one used in the order they
 *     are sent: zeros between used symbols are sent as 0, 17 or 18 whatever the lengths, and a
 *     complete code over n symbols has a length of at most floor(log2 n);
 * <li>the code-length symbols: a run of zeros gives the same symbols and extra bits whatever the
 *     lengths around it; k used symbols in a row give at least k symbols when k &lt; 4, else at
 *     least {@code 1 + ceil((k - 1) / 6)} (one length sent, then repeated); together they cost at
 *     least an optimal code over the counts of 0, 17, 18 and of one symbol standing for all the
 *     lengths' (merging two symbols never makes an optimal code costlier).
 * </ul>
 */
final class DynamicSizeBound {

  /** {@code c log2 c} for the small counts, the common ones. */
  private static final double[] C_LOG_C = new double[1025];
  /** Per floor(log2 n) up to 15: the lowest rank, in the order sent, of a length up to it. */
  private static final int[] LOWEST_RANK_UP_TO = new int[MAX_CODE_BITS + 1];
  private static final int[] RANK = new int[CODE_LENGTH_ORDER.length];

  static {
    for (int c = 1; c < C_LOG_C.length; c++) {
      C_LOG_C[c] = cLogC(c);
    }
    for (int rank = 0; rank < CODE_LENGTH_ORDER.length; rank++) {
      RANK[CODE_LENGTH_ORDER[rank]] = rank;
    }
    int lowest = Integer.MAX_VALUE;
    for (int length = 1; length <= MAX_CODE_BITS; length++) {
      lowest = Math.min(lowest, RANK[length]);
      LOWEST_RANK_UP_TO[length] = lowest;
    }
  }

  private final int[] symbols = new int[LITERAL_LENGTH_CODES];
  /** Code-length symbols that do not depend on the lengths: zeros, 17s and 18s; a floor of the rest. */
  private int zeros;
  private int shortRepeats;
  private int longRepeats;
  private int lengthSymbols;
  private long repeatBits;
  private int lastRank;

  /** The bound in bits, the matches' extra bits left out. */
  long of(SymbolCounts literals, SymbolCounts distances) {
    zeros = 0;
    shortRepeats = 0;
    longRepeats = 0;
    lengthSymbols = 0;
    repeatBits = 0;
    lastRank = RANK[0]; // at least four code-length lengths are sent
    long bits = symbolBits(literals) + symbolBits(distances);
    if (shortRepeats > 0) {
      lastRank = Math.max(lastRank, RANK[REPEAT_ZERO_SHORT]);
    }
    if (longRepeats > 0) {
      lastRank = Math.max(lastRank, RANK[REPEAT_ZERO_LONG]);
    }
    return bits + 14 + 3L * (lastRank + 1) + repeatBits
        + optimalCost(new long[] {zeros, shortRepeats, longRepeats, lengthSymbols});
  }

  /** One alphabet: the floor of its symbols' bits; its lengths' symbols counted on the way. */
  private long symbolBits(SymbolCounts alphabet) {
    int[] counts = alphabet.counts;
    int n = alphabet.withMadeUp(symbols);
    int real = 0;
    long total = 0;
    double sum = 0;
    int last = -1;
    int inRow = 0;
    for (int i = 0; i < n; i++) {
      int symbol = symbols[i];
      int c = counts[symbol];
      if (c > 0) {
        real++;
        total += c;
        sum += c < C_LOG_C.length ? C_LOG_C[c] : cLogC(c);
      }
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
    lastRank = Math.max(lastRank, LOWEST_RANK_UP_TO[Math.min(floorLog2, MAX_CODE_BITS)]);
    if (real < 2) {
      return total; // a lone symbol and the made-up one: a bit per count
    }
    // the doubles' rounding errs by far less than the margin taken off
    return Math.max(0, (long) Math.ceil(cLogC(total) - sum - 1e-6 * total - 1e-6));
  }

  /** zlib's symbols for a run of zeros: up to 138 a symbol, fewer than 3 sent one by one. */
  private void zeroRun(int length) {
    for (; length > 0; length -= 138) {
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
    }
  }

  private static double cLogC(long c) {
    return c * (Math.log(c) / Math.log(2));
  }

  /** The cost of an optimal prefix code over these counts (zero for an unused symbol). */
  static long optimalCost(long[] counts) {
    java.util.Arrays.sort(counts);
    int first = 0;
    while (first < counts.length && counts[first] == 0) {
      first++;
    }
    long cost = 0;
    for (; first < counts.length - 1; first++) {
      long merged = counts[first] + counts[first + 1];
      cost += merged;
      int k = first + 2;
      for (; k < counts.length && counts[k] < merged; k++) {
        counts[k - 1] = counts[k];
      }
      counts[k - 1] = merged;
    }
    return cost;
  }
}
