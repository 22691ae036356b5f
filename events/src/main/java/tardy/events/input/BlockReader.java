package tardy.events.input;

import java.io.IOException;
import java.io.InputStream;
import tardy.events.Limits;

/**
 * Cuts a stream into blocks of whole lines, so that one thread reads (and decompresses) while
 * others parse. A block ends just after a newline, except the stream's last one and the head of a
 * line longer than the limit: that head is a block alone, which {@link LineReader} counts as one
 * line too long, and the rest of the line is skipped here. A read that fails hands out the whole
 * lines read before it first, then throws on the next call, so the lines counted are the ones a
 * single pass counts.
 */
public final class BlockReader {

  /** A buffer and how many of its bytes the block holds; the reader may swap in a larger one. */
  public static final class Block {
    private byte[] buf;
    private int length;

    public Block(int capacity) {
      this.buf = new byte[Math.max(1, capacity)];
    }

    public byte[] buf() {
      return buf;
    }

    public int length() {
      return length;
    }
  }

  /** Skipping a line ran over {@link Limits#ENDLESS_LINE_BYTES}: the line's number is the caller's. */
  public static final class EndlessLine extends IOException {
    EndlessLine() {
      super("a line runs without a line end");
    }
  }

  private final InputStream in;
  private final int blockBytes;
  private final int maxLineBytes;
  private byte[] carry = new byte[0]; // bytes read after the last block's end
  private int carryLength;
  private boolean skipping; // the last block was the head of a line too long
  private boolean ended;
  private IOException failure; // thrown on the call after the block of whole lines before it
  private long skipped; // bytes of the line too long skipped so far

  /**
   * @param blockBytes the least a block holds unless the stream ends (one line at least)
   */
  public BlockReader(InputStream in, int blockBytes, int maxLineBytes) {
    this.in = in;
    this.blockBytes = Math.max(1, blockBytes);
    this.maxLineBytes = maxLineBytes;
  }

  /**
   * Fills {@code block} with the next block.
   *
   * @return false at the end of the stream
   * @throws IOException from the stream, once the whole lines before it were handed out
   */
  public boolean next(Block block) throws IOException {
    if (failure != null) {
      IOException e = failure;
      failure = null;
      ended = true;
      throw e;
    }
    if (ended) {
      return false;
    }
    if (block.buf.length < Math.max(blockBytes, carryLength + 1)) {
      block.buf = new byte[Math.max(blockBytes, carryLength + 1)];
    }
    byte[] buf = block.buf;
    System.arraycopy(carry, 0, buf, 0, carryLength);
    int filled = carryLength;
    carryLength = 0;
    boolean eof = false;
    while (true) {
      if (filled < buf.length && !eof) {
        int n;
        try {
          n = in.read(buf, filled, buf.length - filled);
        } catch (IOException e) {
          failure = e;
          n = -1;
        }
        if (n < 0) {
          eof = true;
        } else if (skipping) {
          filled = skip(buf, filled, n);
          continue;
        } else {
          filled += n;
        }
      }
      if (skipping && eof) { // the stream ended inside the line too long
        skipping = false;
        filled = 0;
      }
      int lastNewline = lastNewline(buf, filled);
      if (eof) {
        ended = true;
        // after a failure, only whole lines: the bytes after them were cut by the failure
        block.length = failure != null ? lastNewline + 1 : filled;
        if (failure != null && block.length == 0) {
          IOException e = failure;
          failure = null;
          throw e;
        }
        return true;
      }
      if (lastNewline >= 0 && (filled >= blockBytes || filled == buf.length)) {
        block.length = lastNewline + 1;
        keepCarry(buf, block.length, filled);
        return true;
      }
      if (filled == buf.length) { // no newline in a full buffer
        if (filled > maxLineBytes) {
          block.length = filled; // the head of a line too long: the rest is skipped
          skipping = true;
          return true;
        }
        block.buf = java.util.Arrays.copyOf(buf,
            (int) Math.min(2L * buf.length, (long) maxLineBytes + 1));
        buf = block.buf;
      }
    }
  }


  /**
   * Drops the {@code n} bytes just read at {@code filled} up to the newline that ends the line
   * being skipped, moving what follows it to {@code filled}; returns the new fill.
   */
  private int skip(byte[] buf, int filled, int n) throws IOException {
    int nl = LineReader.indexOfNewline(buf, filled, filled + n);
    if (nl < 0) {
      skipped += n;
      if (skipped > Limits.ENDLESS_LINE_BYTES) {
        throw new EndlessLine();
      }
      return filled;
    }
    skipping = false;
    skipped = 0;
    int after = filled + n - (nl + 1);
    System.arraycopy(buf, nl + 1, buf, filled, after);
    return filled + after;
  }

  private void keepCarry(byte[] buf, int from, int to) {
    carryLength = to - from;
    if (carry.length < carryLength) {
      carry = new byte[Math.max(carryLength, 2 * carry.length)];
    }
    System.arraycopy(buf, from, carry, 0, carryLength);
  }

  private static int lastNewline(byte[] b, int to) {
    for (int i = to - 1; i >= 0; i--) {
      if (b[i] == '\n') {
        return i;
      }
    }
    return -1;
  }
}
