package tardy.classify.interval.deflate;

import java.util.Arrays;
import java.util.zip.Deflater;

/**
 * Writes the zlib stream {@code new Deflater(Deflater.BEST_COMPRESSION)} writes for an input given
 * whole and finished at once, byte for byte, several times cheaper where zlib spends most of its
 * time on work sized by its alphabets: short inputs. zlib builds three Huffman codes over every
 * symbol for each block, to find that a short block is smallest with the fixed code; this parses
 * the input with zlib's own matching and proves that choice from the counts with a lower bound
 * of the other sizes, and writes the fixed-code (or stored) block itself. Inputs it cannot prove,
 * and longer ones, which zlib writes with codes of their own, go to a {@link Deflater}: the
 * bytes are zlib 1.2.x/1.3.x's (madler's) level 9 either way.
 *
 * <p>One instance per thread: not thread-safe.
 */
public final class ZlibDeflater {

  /**
   * The longest input parsed here. Of the interval histograms of a 5 M-line safepoint log, those
   * under 80 bytes are all proven fixed and those over 120 almost never: past this, the parse
   * would be spent for nothing.
   */
  public static final int SHORT_INPUT = 100;

  /** zlib's header for a 32 KiB window at its best compression. */
  private static final int HEADER = 0x78DA;
  private static final int ADLER_MODULUS = 65521;

  private final LazyMatcher matcher = new LazyMatcher(SHORT_INPUT);
  private final Block block = new Block(SHORT_INPUT);
  private final BitWriter bits = new BitWriter();
  /** Room for the longest stream: a stored block is never more than 5 bytes over its input. */
  private byte[] out = new byte[0];
  private Deflater fallback;

  /**
   * The zlib stream of {@code input[0, length)} after {@code room} bytes left free for the
   * caller (zeros).
   */
  public byte[] deflate(byte[] input, int length, int room) {
    if (length > SHORT_INPUT) {
      return deflateWithZlib(input, length, room);
    }
    if (out.length < room + SHORT_INPUT + 64) {
      out = new byte[room + SHORT_INPUT + 64];
    }
    bits.start(out, room);
    bits.write(HEADER >>> 8 | (HEADER & 0xFF) << 8, 16);
    block.clear();
    matcher.parse(input, length, block);
    if (!block.writeLastIfFixed(input, length, bits)) {
      return deflateWithZlib(input, length, room);
    }
    int at = bits.position();
    int adler = adler32(input, length);
    byte[] o = out;
    o[at] = (byte) (adler >>> 24);
    o[at + 1] = (byte) (adler >>> 16);
    o[at + 2] = (byte) (adler >>> 8);
    o[at + 3] = (byte) adler;
    byte[] stream = Arrays.copyOf(o, at + 4);
    Arrays.fill(stream, 0, room, (byte) 0);
    return stream;
  }

  private byte[] deflateWithZlib(byte[] input, int length, int room) {
    if (fallback == null) {
      fallback = new Deflater(Deflater.BEST_COMPRESSION);
    }
    fallback.reset();
    fallback.setInput(input, 0, length);
    fallback.finish();
    byte[] stream = new byte[room + length / 2 + 64];
    int at = room;
    while (!fallback.finished()) {
      if (at == stream.length) {
        stream = Arrays.copyOf(stream, stream.length * 2);
      }
      at += fallback.deflate(stream, at, stream.length - at);
    }
    return Arrays.copyOf(stream, at);
  }

  /** Adler-32 of an input short enough that its sums cannot overflow before the end. */
  private static int adler32(byte[] input, int length) {
    int a = 1;
    int b = 0;
    for (int i = 0; i < length; i++) {
      a += input[i] & 0xFF;
      b += a;
    }
    return (b % ADLER_MODULUS) << 16 | a % ADLER_MODULUS;
  }
}
