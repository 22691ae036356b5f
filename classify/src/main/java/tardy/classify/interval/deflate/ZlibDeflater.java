package tardy.classify.interval.deflate;

import java.util.Arrays;
import java.util.zip.Deflater;

/**
 * Writes the zlib stream {@code new Deflater(Deflater.BEST_COMPRESSION)} writes for an input given
 * whole and finished at once, byte for byte as zlib 1.2.x/1.3.x (madler's) writes it, several
 * times cheaper for short inputs: zlib spends most of a short input's time on work sized by its
 * alphabets and tables (three Huffman trees over every symbol, a 64 KiB hash table cleared per
 * reset), this spends it on the symbols the input uses.
 *
 * <p>Not yet what .hlog files are written with: in a run of {@code tardy hlog} its compilation
 * costs more than it saves against zlib (BENCHMARKS.md).
 *
 * <p>Inputs up to {@link #MAX_INPUT} bytes fit one block of zlib's (fewer than its 16,383
 * symbols at the default memory level) in a window that never slides, the only case this
 * reproduces; longer ones go to a {@link Deflater}. One instance per thread: not thread-safe.
 */
public final class ZlibDeflater {

  /** The longest input deflated here; well above an interval histogram's few hundred bytes. */
  public static final int MAX_INPUT = 16_000;

  /** zlib's header for a 32 KiB window at its best compression. */
  private static final int HEADER = 0x78DA;
  private static final int ADLER_MODULUS = 65521;
  /** Bytes summed before a reduction keeps Adler-32's sums within a (signed) int. */
  private static final int ADLER_RUN = 3800;

  private final LazyMatcher matcher = new LazyMatcher(MAX_INPUT);
  private final Block block = new Block(MAX_INPUT);
  private final BitWriter bits = new BitWriter();
  /** Room for the longest stream: a stored block is never more than 5 bytes over its input. */
  private byte[] out = new byte[0];
  private Deflater fallback;

  /**
   * The zlib stream of {@code input[0, length)} after {@code room} bytes left free for the
   * caller (zeros).
   */
  public byte[] deflate(byte[] input, int length, int room) {
    if (length > MAX_INPUT) {
      return deflateWithZlib(input, length, room);
    }
    if (out.length < room + MAX_INPUT + 64) {
      out = new byte[room + MAX_INPUT + 64];
    }
    bits.start(out, room);
    bits.write(HEADER >>> 8 | (HEADER & 0xFF) << 8, 16);
    block.clear();
    matcher.parse(input, length, block);
    block.writeLast(input, length, bits);
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

  private static int adler32(byte[] input, int length) {
    int a = 1;
    int b = 0;
    for (int i = 0; i < length; ) {
      int end = Math.min(length, i + ADLER_RUN);
      for (; i < end; i++) {
        a += input[i] & 0xFF;
        b += a;
      }
      a %= ADLER_MODULUS;
      b %= ADLER_MODULUS;
    }
    return b << 16 | a;
  }
}
