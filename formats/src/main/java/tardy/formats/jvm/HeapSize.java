package tardy.formats.jvm;

import tardy.events.Ascii;

/**
 * Reads the heap sizes GC lines print ({@code 26M->2M(256M)}, JDK 8 {@code 98816K->8441K(115200K)},
 * G1's {@code 21.4M}) as bytes. One instance per parser: {@link #transition} fills the fields.
 */
final class HeapSize {

  private static final long MICROS = 1_000_000;

  long beforeBytes;
  long afterBytes;
  long capacityBytes;
  private final int[] bounds = new int[6];
  private final long[] sizes = new long[3];

  /** Whether {@code b[from, to)} is exactly {@code before->after(capacity)}. */
  boolean transition(byte[] b, int from, int to) {
    int arrow = -1;
    for (int i = from; i + 1 < to; i++) {
      if (b[i] == '-' && b[i + 1] == '>') {
        arrow = i;
        break;
      }
    }
    if (arrow < 0 || b[to - 1] != ')') {
      return false;
    }
    int open = Ascii.indexOf(b, arrow + 2, to, (byte) '(');
    if (open < 0) {
      return false;
    }
    bounds[0] = from;
    bounds[1] = arrow;
    bounds[2] = arrow + 2;
    bounds[3] = open;
    bounds[4] = open + 1;
    bounds[5] = to - 1;
    for (int k = 0; k < sizes.length; k++) { // one place reads a size: the compiled code stays small
      sizes[k] = bytes(b, bounds[2 * k], bounds[2 * k + 1]);
      if (sizes[k] < 0) {
        return false;
      }
    }
    beforeBytes = sizes[0];
    afterBytes = sizes[1];
    capacityBytes = sizes[2];
    return true;
  }

  /**
   * Whether {@code b[from, to)} is exactly G1's {@code before(capacity)->after(capacity)}: the
   * capacity kept is the one after the pause, as {@link #transition} keeps it.
   */
  boolean sizedTransition(byte[] b, int from, int to) {
    int open = Ascii.indexOf(b, from, to, (byte) '(');
    if (open < 0 || open + 1 >= to) {
      return false;
    }
    int close = Ascii.indexOf(b, open, to, (byte) ')');
    if (close < 0 || close + 2 >= to || b[close + 1] != '-' || b[close + 2] != '>') {
      return false;
    }
    int afterOpen = Ascii.indexOf(b, close + 3, to, (byte) '(');
    if (afterOpen < 0 || b[to - 1] != ')') {
      return false;
    }
    long before = bytes(b, from, open);
    long after = bytes(b, close + 3, afterOpen);
    long capacity = bytes(b, afterOpen + 1, to - 1);
    if (before < 0 || bytes(b, open + 1, close) < 0 || after < 0 || capacity < 0) {
      return false;
    }
    beforeBytes = before;
    afterBytes = after;
    capacityBytes = capacity;
    return true;
  }

  /** {@code 26M}, {@code 21.4M}, {@code 0.0B}, {@code 8441K} as bytes; -1 when it is not a size. */
  static long bytes(byte[] b, int from, int to) {
    if (to - from < 2) {
      return -1;
    }
    long unit = switch (b[to - 1]) {
      case 'B' -> 1L;
      case 'K' -> 1L << 10;
      case 'M' -> 1L << 20;
      case 'G' -> 1L << 30;
      case 'T' -> 1L << 40;
      default -> -1L;
    };
    long micros = unit < 0 ? -1 : Ascii.parseDecimalNanos(b, from, to - 1, 6);
    if (micros < 0 || micros > Long.MAX_VALUE / unit) {
      return -1;
    }
    return micros / MICROS * unit + micros % MICROS * unit / MICROS;
  }
}
