package tardy.classify.interval.deflate;

/** Deflate's bit order: values from their least significant bit, bytes filled from bit 0. */
final class BitWriter {

  private byte[] out;
  private int at;
  private long pending;
  private int pendingBits;

  /** Writes from {@code at} on; the caller made room for everything written. */
  void start(byte[] out, int at) {
    this.out = out;
    this.at = at;
    pending = 0;
    pendingBits = 0;
  }

  /** The low {@code count} bits (at most 16) of {@code value}. */
  void write(int value, int count) {
    pending |= (long) value << pendingBits;
    pendingBits += count;
    if (pendingBits >= 32) {
      byte[] o = out;
      int a = at;
      long p = pending;
      o[a] = (byte) p;
      o[a + 1] = (byte) (p >>> 8);
      o[a + 2] = (byte) (p >>> 16);
      o[a + 3] = (byte) (p >>> 24);
      at = a + 4;
      pending = p >>> 32;
      pendingBits -= 32;
    }
  }

  /** Pads to a byte boundary with zero bits. */
  void align() {
    while (pendingBits > 0) {
      out[at++] = (byte) pending;
      pending >>>= 8;
      pendingBits -= 8;
    }
    pending = 0;
    pendingBits = 0;
  }

  /** Whole bytes, after {@link #align}. */
  void copy(byte[] from, int offset, int length) {
    System.arraycopy(from, offset, out, at, length);
    at += length;
  }

  /** Where the next aligned byte goes. */
  int position() {
    return at;
  }
}
