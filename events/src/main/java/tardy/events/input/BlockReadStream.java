package tardy.events.input;

import java.io.IOException;
import java.io.InputStream;

/**
 * A stream that reads in blocks only: its one-byte read is a block read of one byte, so a
 * subclass writes {@link #read(byte[], int, int)} alone.
 */
abstract class BlockReadStream extends InputStream {

  @Override
  public final int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public abstract int read(byte[] b, int off, int len) throws IOException;
}
