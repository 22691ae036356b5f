package tardy.classify.interval.deflate;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;

/** Inputs of the shapes a deflater treats differently, for the tests against zlib. */
final class Shapes {

  static final int KINDS = 9;

  private Shapes() {}

  /** A random shape, mostly as short as the inputs deflated in Java, sometimes past them. */
  static byte[] any(SplittableRandom random, int round) {
    if (round % 3 == 0) {
      return histogram(random);
    }
    int length = switch (random.nextInt(5)) {
      case 0 -> random.nextInt(16);
      case 1, 2 -> random.nextInt(ZlibDeflater.SHORT_INPUT + 1);
      case 3 -> random.nextInt(2 * ZlibDeflater.SHORT_INPUT);
      default -> random.nextInt(4_000);
    };
    return of(random.nextInt(KINDS), random, length);
  }

  static byte[] of(int kind, SplittableRandom random, int length) {
    byte[] b = new byte[length];
    switch (kind) {
      case 0 -> random.nextBytes(b); // incompressible: a stored block
      case 1 -> { // a few symbols: long hash chains, many short matches
        int alphabet = 2 + random.nextInt(4);
        for (int i = 0; i < length; i++) {
          b[i] = (byte) ('a' + random.nextInt(alphabet));
        }
      }
      case 2 -> { // runs of one byte, of every length
        for (int i = 0; i < length; ) {
          int run = 1 + random.nextInt(random.nextBoolean() ? 8 : 600);
          byte v = (byte) random.nextInt(4);
          for (int k = 0; k < run && i < length; k++) {
            b[i++] = v;
          }
        }
      }
      case 3 -> { // a repeated pattern with a few changes
        int period = 1 + random.nextInt(random.nextBoolean() ? 12 : 400);
        byte[] pattern = new byte[period];
        random.nextBytes(pattern);
        for (int i = 0; i < length; i++) {
          b[i] = random.nextInt(50) == 0 ? (byte) random.nextInt(256) : pattern[i % period];
        }
      }
      case 4 -> { // geometric byte frequencies: deep codes, cut to 15 and 7 bits
        double p = 0.2 + random.nextDouble() * 0.5;
        for (int i = 0; i < length; i++) {
          int v = 0;
          while (v < 255 && random.nextDouble() > p) {
            v++;
          }
          b[i] = (byte) (random.nextBoolean() ? v : 255 - v);
        }
      }
      case 5 -> { // words from a small vocabulary: matches near and far
        byte[][] words = new byte[1 + random.nextInt(300)][];
        for (int w = 0; w < words.length; w++) {
          words[w] = new byte[1 + random.nextInt(9)];
          random.nextBytes(words[w]);
        }
        for (int i = 0; i < length; ) {
          byte[] word = words[random.nextInt(words.length)];
          for (int k = 0; k < word.length && i < length; k++) {
            b[i++] = word[k];
          }
        }
      }
      case 6 -> { // mostly zeros: the long runs of an empty histogram's counts
        for (int i = 0; i < length; i++) {
          b[i] = random.nextInt(20) == 0 ? (byte) random.nextInt(256) : 0;
        }
      }
      case 7 -> { // skewed literals that never repeat three in a row: codes cut to their limits
        byte[] comb = comb(random, length);
        System.arraycopy(comb, 0, b, 0, Math.min(length, comb.length));
      }
      default -> { // copies of earlier stretches at random distances and lengths
        random.nextBytes(b);
        for (int i = 1; i < length; ) {
          int distance = 1 + random.nextInt(Math.min(i, random.nextBoolean() ? 300 : 16_000));
          int copy = 3 + random.nextInt(random.nextBoolean() ? 10 : 300);
          for (int k = 0; k < copy && i < length; k++, i++) {
            b[i] = b[i - distance];
          }
          i += random.nextInt(20);
        }
      }
    }
    return b;
  }

  /**
   * An interval histogram as HdrHistogram's V2 encoding lays it out before deflating: the 40-byte
   * header, then ZigZag LEB128 counts with runs of zeros as negative lengths.
   */
  static byte[] histogram(SplittableRandom random) {
    byte[] b = new byte[2 * ZlibDeflater.SHORT_INPUT];
    int at = 40;
    int buckets = switch (random.nextInt(4)) {
      case 0 -> random.nextInt(5);
      case 1 -> random.nextInt(60);
      case 2 -> random.nextInt(400);
      default -> random.nextInt(1_500);
    };
    long scale = 1L << random.nextInt(1, 40);
    boolean dense = random.nextBoolean();
    for (int i = 0; i < buckets && at < b.length - 20; i++) {
      if (!dense || random.nextInt(8) == 0) {
        int zeros = random.nextInt(random.nextBoolean() ? 3 : 2_000);
        at = zigZag(b, at, zeros == 1 ? 0 : -zeros);
      }
      at = zigZag(b, at, 1 + random.nextLong(1 + random.nextLong(scale)));
    }
    int payload = at - 40;
    ByteBuffer header = ByteBuffer.wrap(b);
    header.putInt(0x1c849313).putInt(payload).putInt(0).putInt(3).putLong(1)
        .putLong((1L << random.nextInt(2, 50)) - 1).putLong(Double.doubleToLongBits(1.0));
    return Arrays.copyOf(b, at);
  }

  /** Bytes where no three in a row appear twice: only the matches a test puts in. */
  static byte[] noRepeats(SplittableRandom random, int length) {
    byte[] b = new byte[length];
    int offset = random.nextInt(256);
    for (int i = 0; i < length; i++) {
      int v = offset + i; // (high, low) byte pairs alternate with a counter: all trigrams differ
      b[i] = (byte) (i % 2 == 0 ? v >>> 9 : v >>> 1);
    }
    return b;
  }

  /**
   * Symbols with counts growing by a factor of 1.3 to 1.6 (towards Fibonacci's, the deepest
   * Huffman trees), each between two filler bytes chosen so that no three bytes in a row appear
   * twice: no matches, so the counts reach the codes as they are and the code-length code
   * (limited to 7 bits) needs zlib's repair. Up to about {@code length} bytes.
   */
  static byte[] comb(SplittableRandom random, int length) {
    int skewed = 8 + random.nextInt(12);
    double growth = 1.3 + random.nextDouble() * 0.3;
    java.util.List<Integer> symbols = new java.util.ArrayList<>();
    double count = 1;
    for (int i = 0; i < skewed && symbols.size() < length / 2; i++, count *= growth) {
      for (int k = 0; k < (int) count; k++) {
        symbols.add(i);
      }
    }
    java.util.Collections.shuffle(symbols, new java.util.Random(random.nextLong()));
    int n = Math.min(symbols.size(), Math.max(0, (length - 1) / 2));
    int fillers = 256 - skewed;
    byte[] b = new byte[2 * n + 1];
    java.util.Set<Integer> seen = new java.util.HashSet<>();
    int filler = skewed + random.nextInt(fillers);
    b[0] = (byte) filler;
    for (int i = 0; i < n; i++) {
      int symbol = symbols.get(i);
      int next = i + 1 < n ? symbols.get(i + 1) : 255;
      int chosen = filler;
      for (int tries = 0; tries < 1_000; tries++) {
        chosen = skewed + random.nextInt(fillers);
        if (!seen.contains(filler << 8 | chosen) && !seen.contains(1 << 24 | symbol << 16 | chosen << 8 | next)) {
          break;
        }
      }
      seen.add(filler << 8 | chosen);
      seen.add(1 << 24 | symbol << 16 | chosen << 8 | next);
      b[2 * i + 1] = (byte) symbol;
      b[2 * i + 2] = (byte) chosen;
      filler = chosen;
    }
    return b;
  }

  private static int zigZag(byte[] b, int at, long value) {
    long v = (value << 1) ^ (value >> 63);
    while ((v >>> 7) != 0) {
      b[at++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    b[at++] = (byte) v;
    return at;
  }
}
