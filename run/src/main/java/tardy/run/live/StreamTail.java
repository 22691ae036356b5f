package tardy.run.live;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A stream followed to its end (standard input fed by {@code tail -F}, a FIFO). A stream's read
 * blocks, so a thread of its own reads it and hands blocks over through a short queue: the live
 * run never waits for input and memory holds at most {@value #BLOCKS} blocks. The reading thread
 * is a daemon: blocked in a read when the run ends, it ends with the process.
 */
public final class StreamTail implements Tail {

  static final int BLOCKS = 16;
  private static final int BLOCK_BYTES = 64 << 10;
  private static final Object END = new Object();

  private final String name;
  private final InputStream in;
  private final BlockingQueue<Object> blocks = new ArrayBlockingQueue<>(BLOCKS);
  private byte[] block;
  private int at;
  private boolean ended;

  private StreamTail(String name, InputStream in) {
    this.name = name;
    this.in = in;
  }

  /** Starts reading {@code in} on a daemon thread. */
  public static StreamTail start(String name, InputStream in) {
    StreamTail tail = new StreamTail(name, in);
    Thread reader = new Thread(tail::pump, "tardy-follow-" + name);
    reader.setDaemon(true); // a stream nobody writes to must not keep the JVM alive
    reader.start();
    return tail;
  }

  private void pump() {
    try {
      while (true) {
        byte[] b = new byte[BLOCK_BYTES];
        int n = in.read(b);
        if (n < 0) {
          break;
        }
        if (n > 0) {
          blocks.put(n == b.length ? b : java.util.Arrays.copyOf(b, n));
        }
      }
      blocks.put(END);
    } catch (IOException e) {
      putQuietly(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void putQuietly(Object o) {
    try {
      blocks.put(o);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public int read(byte[] buf, int off, int len) throws IOException {
    if (ended) {
      return ENDED;
    }
    if (block == null) {
      Object next = blocks.poll();
      if (next == null) {
        return NOTHING_YET;
      }
      if (next == END) {
        ended = true;
        return ENDED;
      }
      if (next instanceof IOException e) {
        throw e;
      }
      block = (byte[]) next;
      at = 0;
    }
    int n = Math.min(len, block.length - at);
    System.arraycopy(block, at, buf, off, n);
    at += n;
    if (at == block.length) {
      block = null;
    }
    return n;
  }
}
