package tardy.spark.hadoop;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import org.apache.hadoop.fs.FSDataInputStream;

/**
 * A Hadoop file opened for reading as a {@link FileChannel}: positional reads (what the core's
 * sampler and chunker use) seek the one stream, so reading a range front to back streams it.
 */
final class HadoopChannel extends FileChannel {

  private final FSDataInputStream in;
  private final long size;
  private long position;

  HadoopChannel(InputStream in, long size) {
    this.in = (FSDataInputStream) in;
    this.size = size;
  }

  @Override
  public synchronized int read(ByteBuffer dst, long at) throws IOException {
    if (at >= size) {
      return -1;
    }
    int wanted = (int) Math.min(dst.remaining(), size - at);
    if (wanted == 0) {
      return 0;
    }
    byte[] bytes = dst.hasArray() ? dst.array() : new byte[wanted];
    int offset = dst.hasArray() ? dst.arrayOffset() + dst.position() : 0;
    if (in.getPos() != at) {
      in.seek(at);
    }
    int n;
    do { // a stream may hand over nothing yet; only its end ends the read
      n = in.read(bytes, offset, wanted);
    } while (n == 0);
    if (n < 0) {
      return -1;
    }
    if (dst.hasArray()) {
      dst.position(dst.position() + n);
    } else {
      dst.put(bytes, 0, n);
    }
    return n;
  }

  @Override
  public synchronized int read(ByteBuffer dst) throws IOException {
    int n = read(dst, position);
    if (n > 0) {
      position += n;
    }
    return n;
  }

  @Override
  public synchronized long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    long total = 0;
    for (int i = offset; i < offset + length; i++) {
      int n = read(dsts[i]);
      if (n < 0) {
        return total == 0 ? -1 : total;
      }
      total += n;
      if (dsts[i].hasRemaining()) {
        break;
      }
    }
    return total;
  }

  @Override
  public synchronized long position() {
    return position;
  }

  @Override
  public synchronized FileChannel position(long newPosition) {
    position = newPosition;
    return this;
  }

  @Override
  public long size() {
    return size;
  }

  @Override
  protected void implCloseChannel() throws IOException {
    in.close();
  }

  @Override
  public int write(ByteBuffer src) {
    throw new NonWritableChannelException();
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) {
    throw new NonWritableChannelException();
  }

  @Override
  public int write(ByteBuffer src, long at) {
    throw new NonWritableChannelException();
  }

  @Override
  public FileChannel truncate(long size) {
    throw new NonWritableChannelException();
  }

  @Override
  public void force(boolean metaData) {
    // nothing written
  }

  @Override
  public long transferTo(long at, long count, WritableByteChannel target) {
    throw new UnsupportedOperationException("transferTo from a Hadoop file");
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long at, long count) {
    throw new NonWritableChannelException();
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long at, long size) {
    throw new UnsupportedOperationException("mapping a Hadoop file");
  }

  @Override
  public FileLock lock(long at, long size, boolean shared) {
    throw new UnsupportedOperationException("locking a Hadoop file");
  }

  @Override
  public FileLock tryLock(long at, long size, boolean shared) {
    throw new UnsupportedOperationException("locking a Hadoop file");
  }
}
