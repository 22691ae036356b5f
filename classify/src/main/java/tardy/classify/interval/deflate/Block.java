package tardy.classify.interval.deflate;

import static tardy.classify.interval.deflate.Rfc1951.DISTANCE_BASE;
import static tardy.classify.interval.deflate.Rfc1951.DISTANCE_CODES;
import static tardy.classify.interval.deflate.Rfc1951.DISTANCE_EXTRA_BITS;
import static tardy.classify.interval.deflate.Rfc1951.END_OF_BLOCK;
import static tardy.classify.interval.deflate.Rfc1951.FIXED_DISTANCE_CODES;
import static tardy.classify.interval.deflate.Rfc1951.FIXED_DISTANCE_LENGTHS;
import static tardy.classify.interval.deflate.Rfc1951.FIXED_LITERAL_CODES;
import static tardy.classify.interval.deflate.Rfc1951.FIXED_LITERAL_LENGTHS;
import static tardy.classify.interval.deflate.Rfc1951.LENGTH_BASE;
import static tardy.classify.interval.deflate.Rfc1951.LENGTH_CODE;
import static tardy.classify.interval.deflate.Rfc1951.LENGTH_EXTRA_BITS;
import static tardy.classify.interval.deflate.Rfc1951.LITERAL_LENGTH_CODES;
import static tardy.classify.interval.deflate.Rfc1951.MIN_MATCH;

/**
 * One deflate block: the symbols tallied as they come, then written as zlib would write them when
 * zlib would write them stored or with the fixed code, which the block proves with a lower bound
 * of the size codes of its own would take (zlib picks the smallest, ties going to stored, then to
 * the fixed code).
 */
final class Block {

  private final SymbolCounts literals = new SymbolCounts(LITERAL_LENGTH_CODES);
  private final SymbolCounts distances = new SymbolCounts(DISTANCE_CODES);
  private final DynamicSizeBound bound = new DynamicSizeBound();

  /** Per symbol: a literal byte (distance 0), or distance << 8 | (match length - 3). */
  private final int[] symbols;
  private int count;
  /** Extra bits of the matches' lengths and distances: the same under any code. */
  private long extraBits;
  /** The block's size under the fixed code, known as the symbols come. */
  private long fixedBits;

  Block(int maxSymbols) {
    symbols = new int[maxSymbols];
  }

  void clear() {
    count = 0;
    literals.clear();
    distances.clear();
    literals.add(END_OF_BLOCK);
    extraBits = 0;
    fixedBits = FIXED_LITERAL_LENGTHS[END_OF_BLOCK];
  }

  void literal(byte b) {
    int value = b & 0xFF;
    symbols[count++] = value;
    literals.add(value);
    fixedBits += FIXED_LITERAL_LENGTHS[value];
  }

  void match(int distance, int length) {
    int lengthMinus3 = length - MIN_MATCH;
    symbols[count++] = distance << 8 | lengthMinus3;
    int lengthCode = LENGTH_CODE[lengthMinus3];
    int distanceCode = Rfc1951.distanceCode(distance - 1);
    literals.add(END_OF_BLOCK + 1 + lengthCode);
    distances.add(distanceCode);
    int extra = LENGTH_EXTRA_BITS[lengthCode] + DISTANCE_EXTRA_BITS[distanceCode];
    extraBits += extra;
    fixedBits += FIXED_LITERAL_LENGTHS[END_OF_BLOCK + 1 + lengthCode]
        + FIXED_DISTANCE_LENGTHS[distanceCode] + extra;
  }

  /**
   * Writes the block, the last of its stream, if zlib would write it stored or with the fixed
   * code; {@code input} is its data for a stored block. False, having written nothing, when
   * codes of its own might be smaller.
   */
  boolean writeLastIfFixed(byte[] input, int length, BitWriter out) {
    // zlib compares whole bytes, counting the 3-bit block header and up to 7 bits of padding
    long fixedBytes = bytes(fixedBits);
    if (bytes(bound.of(literals, distances) + extraBits) < fixedBytes) {
      return false;
    }
    if (length + 4 <= fixedBytes) {
      out.write(STORED_LAST, 3);
      out.align();
      out.write(length, 16);
      out.write(~length & 0xFFFF, 16);
      out.align();
      out.copy(input, 0, length);
      return true;
    }
    out.write(FIXED_LAST, 3);
    writeSymbols(out);
    out.align();
    return true;
  }

  /** The block header bits: last block, stored or fixed code. */
  private static final int STORED_LAST = 1;
  private static final int FIXED_LAST = 3;

  private static long bytes(long bits) {
    return (bits + 3 + 7) >> 3;
  }

  private void writeSymbols(BitWriter out) {
    int[] s = symbols;
    for (int i = 0; i < count; i++) {
      int symbol = s[i];
      int distance = symbol >>> 8;
      if (distance == 0) {
        out.write(FIXED_LITERAL_CODES[symbol], FIXED_LITERAL_LENGTHS[symbol]);
        continue;
      }
      int lengthMinus3 = symbol & 0xFF;
      int code = LENGTH_CODE[lengthMinus3];
      int literal = END_OF_BLOCK + 1 + code;
      out.write(FIXED_LITERAL_CODES[literal], FIXED_LITERAL_LENGTHS[literal]);
      int extra = LENGTH_EXTRA_BITS[code];
      if (extra != 0) {
        out.write(lengthMinus3 - LENGTH_BASE[code], extra);
      }
      int d = distance - 1;
      code = Rfc1951.distanceCode(d);
      out.write(FIXED_DISTANCE_CODES[code], FIXED_DISTANCE_LENGTHS[code]);
      extra = DISTANCE_EXTRA_BITS[code];
      if (extra != 0) {
        out.write(d - DISTANCE_BASE[code], extra);
      }
    }
    out.write(FIXED_LITERAL_CODES[END_OF_BLOCK], FIXED_LITERAL_LENGTHS[END_OF_BLOCK]);
  }
}
