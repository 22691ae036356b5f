package tardy.classify.interval.deflate;

import static tardy.classify.interval.deflate.Rfc1951.CODE_LENGTH_CODES;
import static tardy.classify.interval.deflate.Rfc1951.CODE_LENGTH_ORDER;
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
import static tardy.classify.interval.deflate.Rfc1951.MAX_CODE_BITS;
import static tardy.classify.interval.deflate.Rfc1951.MAX_CODE_LENGTH_BITS;
import static tardy.classify.interval.deflate.Rfc1951.MIN_MATCH;
import static tardy.classify.interval.deflate.Rfc1951.REPEAT_PREVIOUS;
import static tardy.classify.interval.deflate.Rfc1951.REPEAT_ZERO_LONG;
import static tardy.classify.interval.deflate.Rfc1951.REPEAT_ZERO_SHORT;

/**
 * One deflate block: the symbols tallied as they come, then written as zlib would write them,
 * stored, with the fixed code or with codes of its own, whichever zlib's sizes say is shortest
 * (ties go to stored, then to the fixed code).
 */
final class Block {

  private static final int STORED = 0;
  private static final int FIXED = 1;
  private static final int DYNAMIC = 2;

  private final HuffmanTree literals = new HuffmanTree(LITERAL_LENGTH_CODES, MAX_CODE_BITS);
  private final HuffmanTree distances = new HuffmanTree(DISTANCE_CODES, MAX_CODE_BITS);
  private final DynamicSizeBound bound = new DynamicSizeBound();
  private final HuffmanTree codeLengths = new HuffmanTree(CODE_LENGTH_CODES, MAX_CODE_LENGTH_BITS);

  /** Per symbol: a literal byte (distance 0), or distance << 8 | (match length - 3). */
  private final int[] symbols;
  private int count;
  /** Extra bits of the matches' lengths and distances: the same under any code. */
  private long extraBits;
  /** The block's size under the fixed code, known as the symbols come. */
  private long fixedBits;
  /** Extra bits of the code-length repeats. */
  private long repeatBits;
  /** The code-length symbols of both trees' lengths, with their extra bits' value above them. */
  private final int[] lengthOps = new int[2 * (LITERAL_LENGTH_CODES + DISTANCE_CODES)];
  private int lengthOpCount;
  private int previousLength;
  /** The last code-length code's length sent, by rank in {@code CODE_LENGTH_ORDER}. */
  private int lastCodeLength;

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

  /** Writes the block, the last of its stream; {@code input} is its data for a stored block. */
  void writeLast(byte[] input, int length, BitWriter out) {
    // zlib compares whole bytes, counting the 3-bit block header and up to 7 bits of padding
    long fixedBytes = bytes(fixedBits);
    long bestBytes = fixedBytes;
    if (bytes(bound.of(literals, distances) + extraBits) < fixedBytes) {
      literals.build();
      distances.build();
      bestBytes = Math.min(bytes(dynamicBits()), fixedBytes);
    }
    int kind = length + 4 <= bestBytes ? STORED : fixedBytes == bestBytes ? FIXED : DYNAMIC;
    out.write(kind << 1 | 1, 3);
    if (kind == STORED) {
      out.align();
      out.write(length, 16);
      out.write(~length & 0xFFFF, 16);
      out.align();
      out.copy(input, 0, length);
      return;
    }
    if (kind == FIXED) {
      writeSymbols(out, FIXED_LITERAL_CODES, FIXED_LITERAL_LENGTHS, FIXED_DISTANCE_CODES,
          FIXED_DISTANCE_LENGTHS);
    } else {
      literals.assignCodes();
      distances.assignCodes();
      codeLengths.assignCodes();
      out.write(literals.maxSymbol + 1 - 257, 5);
      out.write(distances.maxSymbol + 1 - 1, 5);
      out.write(lastCodeLength + 1 - 4, 4);
      for (int rank = 0; rank <= lastCodeLength; rank++) {
        out.write(codeLengths.lengths[CODE_LENGTH_ORDER[rank]], 3);
      }
      int[] codes = codeLengths.codes;
      int[] bits = codeLengths.lengths;
      for (int i = 0; i < lengthOpCount; i++) {
        int symbol = lengthOps[i] & 0x1F;
        out.write(codes[symbol], bits[symbol]);
        if (symbol >= REPEAT_PREVIOUS) {
          out.write(lengthOps[i] >>> 5, Rfc1951.CODE_LENGTH_EXTRA_BITS[symbol]);
        }
      }
      writeSymbols(out, literals.codes, literals.lengths, distances.codes, distances.lengths);
    }
    out.align();
  }

  private static long bytes(long bits) {
    return (bits + 3 + 7) >> 3;
  }

  /**
   * The block's size with codes of its own, from the two codes' lengths: its symbols, their extra
   * bits, and the header sending the lengths; lastCodeLength and the lengths' symbols kept for
   * writing it.
   */
  private long dynamicBits() {
    long bits = literals.bits + distances.bits + extraBits;
    codeLengths.clear();
    lengthOpCount = 0;
    repeatBits = 0;
    describeLengths(literals);
    describeLengths(distances);
    codeLengths.build();
    lastCodeLength = CODE_LENGTH_CODES - 1;
    while (lastCodeLength >= 4 && codeLengths.lengths[CODE_LENGTH_ORDER[lastCodeLength]] == 0) {
      lastCodeLength--; // at least four code-length lengths are always sent
    }
    return bits + codeLengths.bits + repeatBits + 3L * (lastCodeLength + 1) + 5 + 5 + 4;
  }

  private void writeSymbols(BitWriter out, int[] literalCodes, int[] literalLengths,
      int[] distanceCodes, int[] distanceLengths) {
    int[] s = symbols;
    for (int i = 0; i < count; i++) {
      int symbol = s[i];
      int distance = symbol >>> 8;
      if (distance == 0) {
        out.write(literalCodes[symbol], literalLengths[symbol]);
        continue;
      }
      int lengthMinus3 = symbol & 0xFF;
      int code = LENGTH_CODE[lengthMinus3];
      out.write(literalCodes[END_OF_BLOCK + 1 + code], literalLengths[END_OF_BLOCK + 1 + code]);
      int extra = LENGTH_EXTRA_BITS[code];
      if (extra != 0) {
        out.write(lengthMinus3 - LENGTH_BASE[code], extra);
      }
      int d = distance - 1;
      code = Rfc1951.distanceCode(d);
      out.write(distanceCodes[code], distanceLengths[code]);
      extra = DISTANCE_EXTRA_BITS[code];
      if (extra != 0) {
        out.write(d - DISTANCE_BASE[code], extra);
      }
    }
    out.write(literalCodes[END_OF_BLOCK], literalLengths[END_OF_BLOCK]);
  }

  /**
   * The code-length symbols a tree's lengths are sent with, counted and kept for sending: runs of
   * a length cut the way zlib cuts them, up to 138 zeros, up to 6 repeats of the previous length
   * (sent once first, and only for a run of 4 or more), short runs as they are. Walks the used
   * symbols and the gaps of zeros between them, not the alphabet.
   */
  private void describeLengths(HuffmanTree tree) {
    previousLength = -1;
    int runLength = 0;
    int runSymbol = -1;
    int last = -1;
    for (int i = 0; i < tree.usedCount; i++) {
      int n = tree.ordered[i];
      int length = tree.lengths[n];
      if (n > last + 1) {
        run(runLength, runSymbol);
        runLength = n - last - 1;
        runSymbol = 0;
      }
      if (length != runSymbol) {
        run(runLength, runSymbol);
        runLength = 0;
        runSymbol = length;
      }
      runLength++;
      last = n;
    }
    run(runLength, runSymbol);
  }

  /** One run of a length; zlib's counters restart with each new length, as they do here. */
  private void run(int length, int value) {
    boolean first = true;
    while (length > 0) {
      int most = value == 0 ? 138 : first ? 7 : 6;
      int least = value != 0 && first ? 4 : 3;
      int chunk = Math.min(length, most);
      if (chunk < least) {
        for (int k = 0; k < chunk; k++) {
          op(value, 0);
        }
      } else if (value != 0) {
        int repeats = chunk;
        if (value != previousLength) {
          op(value, 0);
          repeats--;
        }
        op(REPEAT_PREVIOUS, repeats - 3);
      } else if (chunk <= 10) {
        op(REPEAT_ZERO_SHORT, chunk - 3);
      } else {
        op(REPEAT_ZERO_LONG, chunk - 11);
      }
      previousLength = value;
      length -= chunk;
      first = false;
    }
  }

  private void op(int symbol, int extra) {
    codeLengths.add(symbol);
    repeatBits += Rfc1951.CODE_LENGTH_EXTRA_BITS[symbol];
    lengthOps[lengthOpCount++] = extra << 5 | symbol;
  }
}
