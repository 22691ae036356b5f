package tardy.formats.wrap;

import java.util.Arrays;
import tardy.events.Outcome;
import tardy.events.input.LineReader;

/**
 * The parts of split lines, one growing buffer per stream (stdout and stderr interleave, and a
 * part continues on its own stream). Bounded: a joined line longer than a line may be is
 * dropped whole and its last part says so.
 */
final class Joiner {

  static final int MAX_JOINED_BYTES = LineReader.DEFAULT_MAX_LINE_BYTES;
  static final Outcome TOO_LONG =
      Outcome.malformed("joined line longer than " + MAX_JOINED_BYTES + " bytes, skipped");

  private final byte[][] bufs = {new byte[256], new byte[256]};
  private final int[] lengths = new int[2];
  private final boolean[] overflowed = new boolean[2];

  static int stream(boolean stderr) {
    return stderr ? 1 : 0;
  }

  boolean pending(int stream) {
    return lengths[stream] > 0 || overflowed[stream];
  }

  /** Room for {@code n} more bytes in the stream's buffer, or false when the line gets too long. */
  boolean reserve(int stream, int n) {
    int need = lengths[stream] + n;
    if (overflowed[stream] || need > MAX_JOINED_BYTES) {
      overflowed[stream] = true;
      lengths[stream] = 0;
      return false;
    }
    if (need > bufs[stream].length) {
      bufs[stream] = Arrays.copyOf(bufs[stream], Math.min(MAX_JOINED_BYTES, Math.max(need, 2 * bufs[stream].length)));
    }
    return true;
  }

  void append(int stream, byte[] b, int from, int to) {
    if (reserve(stream, to - from)) {
      put(stream, b, from, to);
    }
  }

  /** Appends bytes; room was reserved. */
  void put(int stream, byte[] b, int from, int to) {
    System.arraycopy(b, from, bufs[stream], lengths[stream], to - from);
    lengths[stream] += to - from;
  }

  /** Appends one byte; room was reserved. */
  void put(int stream, byte c) {
    bufs[stream][lengths[stream]++] = c;
  }

  byte[] buf(int stream) {
    return bufs[stream];
  }

  int length(int stream) {
    return lengths[stream];
  }

  /** Forgets the stream's line; returns false when it had grown too long (and was dropped). */
  boolean finish(int stream) {
    boolean fits = !overflowed[stream];
    overflowed[stream] = false;
    lengths[stream] = 0;
    return fits;
  }
}
