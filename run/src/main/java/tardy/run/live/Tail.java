package tardy.run.live;

import java.io.Closeable;
import java.io.IOException;

/**
 * An input as it grows: the bytes appended since the last read, without waiting for them. A file
 * may start over (renamed and recreated, or truncated in place); a stream only ends.
 */
public interface Tail extends Closeable {

  /** Read when nothing more is there now. */
  int NOTHING_YET = 0;

  /** Read when a stream has ended; a file never ends. */
  int ENDED = -1;

  /** The input's name in messages and in the report's inputs. */
  String name();

  /**
   * Copies up to {@code len} new bytes into {@code buf}: how many, {@link #NOTHING_YET}, or
   * {@link #ENDED}. A file that started over reports it first by {@link #restarts()} growing on
   * a read that returns {@link #NOTHING_YET}, after every byte of the old one was returned.
   */
  int read(byte[] buf, int off, int len) throws IOException;

  /**
   * Whether the bytes of the last read were in the input before the following began; a stream
   * has no backlog (what it holds arrived when it is read).
   */
  default boolean backlog() {
    return false;
  }

  /** How many times the input started over (a rotation or a truncation); a stream never does. */
  default int restarts() {
    return 0;
  }

  @Override
  default void close() throws java.io.IOException {}
}
