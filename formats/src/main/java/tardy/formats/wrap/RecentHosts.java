package tardy.formats.wrap;

import java.util.Arrays;
import tardy.events.PauseEvent;

/**
 * The envelope hosts of the last few parsed lines, by line number: a pause a JVM parser hands on
 * from an earlier line (UL's GC pause, held for its CPU line; a JDK 8 {@code [Times:} line) is
 * named by the line it came from. Copies into slots it reuses: no allocation per line.
 */
final class RecentHosts {

  /** Lines kept; a parser hands a pause on within a few parsed lines of its own. */
  static final int KEPT = 16;

  private final long[] lines = new long[KEPT];
  private final byte[][] hosts = new byte[KEPT][];
  private final int[] lengths = new int[KEPT];
  private int next;

  RecentHosts() {
    Arrays.fill(lines, Long.MIN_VALUE);
    for (int i = 0; i < KEPT; i++) {
      hosts[i] = new byte[32];
    }
  }

  /** Keeps {@code buf[from, to)} as the host of that line (an empty range: none). */
  void keep(long line, byte[] buf, int from, int to) {
    int slot = next;
    next = (next + 1) % KEPT;
    int length = to - from;
    if (length > hosts[slot].length) {
      hosts[slot] = new byte[Math.max(length, 2 * hosts[slot].length)];
    }
    System.arraycopy(buf, from, hosts[slot], 0, length);
    lengths[slot] = length;
    lines[slot] = line;
  }

  /** Names the pause's host as that of its line, when that line is among those kept. */
  void name(long line, PauseEvent pause) {
    for (int i = 0; i < KEPT; i++) {
      if (lines[i] == line) {
        pause.host(hosts[i], 0, lengths[i]);
        return;
      }
    }
  }
}
