package tardy.classify.interval.deflate;

/**
 * Deflate's fixed tables (RFC 1951, 3.2.5 and 3.2.6): the length and distance codes with their
 * extra bits, the fixed Huffman code and the order code lengths are sent in.
 */
final class Rfc1951 {

  static final int END_OF_BLOCK = 256;
  /** Literal/length codes: 256 bytes, end of block, 29 length codes. */
  static final int LITERAL_LENGTH_CODES = 286;
  static final int DISTANCE_CODES = 30;
  static final int REPEAT_ZERO_SHORT = 17;
  static final int REPEAT_ZERO_LONG = 18;
  static final int MAX_CODE_BITS = 15;
  static final int MIN_MATCH = 3;
  static final int MAX_MATCH = 258;

  static final int[] LENGTH_EXTRA_BITS =
      {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
  static final int[] DISTANCE_EXTRA_BITS = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7,
      8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
  static final int[] CODE_LENGTH_EXTRA_BITS =
      {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 7};
  /** The order the code-length code's own lengths are sent in, least likely unused last. */
  static final int[] CODE_LENGTH_ORDER =
      {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

  /** Length code (0..28, to add to 257) of a match length minus 3. */
  static final byte[] LENGTH_CODE = new byte[256];
  /** Smallest match length minus 3 of each length code. */
  static final int[] LENGTH_BASE = new int[29];
  /** Smallest distance minus 1 of each distance code. */
  static final int[] DISTANCE_BASE = new int[DISTANCE_CODES];

  /** The fixed literal/length code's lengths and (bit-reversed) codes, 288 symbols. */
  static final int[] FIXED_LITERAL_LENGTHS = new int[288];
  static final int[] FIXED_LITERAL_CODES = new int[288];
  /** The fixed distance code: five bits, bit-reversed. */
  static final int[] FIXED_DISTANCE_LENGTHS = new int[DISTANCE_CODES];
  static final int[] FIXED_DISTANCE_CODES = new int[DISTANCE_CODES];

  static {
    int base = 0;
    for (int code = 0; code < 28; code++) {
      LENGTH_BASE[code] = base;
      for (int i = 0; i < 1 << LENGTH_EXTRA_BITS[code]; i++) {
        LENGTH_CODE[base++] = (byte) code;
      }
    }
    // length 258 has a code of its own; 257 stays the last of code 27's range
    LENGTH_BASE[28] = 255;
    LENGTH_CODE[255] = 28;
    base = 0;
    for (int code = 0; code < DISTANCE_CODES; code++) {
      DISTANCE_BASE[code] = base;
      base += 1 << DISTANCE_EXTRA_BITS[code];
    }
    for (int n = 0; n < 288; n++) {
      FIXED_LITERAL_LENGTHS[n] = n < 144 ? 8 : n < 256 ? 9 : n < 280 ? 7 : 8;
    }
    canonicalCodes(FIXED_LITERAL_LENGTHS, 287, FIXED_LITERAL_CODES);
    java.util.Arrays.fill(FIXED_DISTANCE_LENGTHS, 5);
    canonicalCodes(FIXED_DISTANCE_LENGTHS, DISTANCE_CODES - 1, FIXED_DISTANCE_CODES);
  }

  private Rfc1951() {}

  /** Distance code of a distance minus 1 (0..32767): two codes per power of two past 4. */
  static int distanceCode(int distanceMinus1) {
    if (distanceMinus1 < 4) {
      return distanceMinus1;
    }
    int top = 31 - Integer.numberOfLeadingZeros(distanceMinus1);
    return 2 * top + ((distanceMinus1 >>> (top - 1)) & 1);
  }

  /**
   * The canonical codes of these lengths (RFC 1951, 3.2.2), bit-reversed because deflate sends
   * Huffman codes from their most significant bit into an LSB-first stream.
   */
  static void canonicalCodes(int[] lengths, int maxSymbol, int[] codes) {
    int[] perLength = new int[MAX_CODE_BITS + 1];
    for (int n = 0; n <= maxSymbol; n++) {
      perLength[lengths[n]]++;
    }
    perLength[0] = 0;
    int[] next = new int[MAX_CODE_BITS + 1];
    firstCodes(perLength, next);
    for (int n = 0; n <= maxSymbol; n++) {
      if (lengths[n] != 0) {
        codes[n] = reversed(next[lengths[n]]++, lengths[n]);
      }
    }
  }

  /** The first canonical code of each length, from the count of codes of each length. */
  static void firstCodes(int[] perLength, int[] first) {
    int code = 0;
    for (int bits = 1; bits <= MAX_CODE_BITS; bits++) {
      code = (code + perLength[bits - 1]) << 1;
      first[bits] = code;
    }
  }

  /** A code of {@code length} bits, its first bit last: deflate sends codes from the top bit. */
  static int reversed(int code, int length) {
    return Integer.reverse(code) >>> (32 - length);
  }
}
