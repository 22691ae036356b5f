package tardy.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tardy.events.Outcome;
import tardy.events.input.LineReader;

/**
 * The malformed lines of an input read ahead of its place (a JVM log read first for the pause
 * index), kept until the inputs before it have written theirs, since {@code --rejects} lists
 * them in the inputs' order. At most {@link #MAX_BYTES} of lines: past that, they are let go
 * ({@link #fits}) and the input is read again in its place, so memory stays bounded whatever
 * the log holds.
 */
public final class KeptRejects implements LineReader.Rejects {

  /** The bytes of lines kept; a JVM log's malformed lines are usually few and short. */
  static final int MAX_BYTES = 4 << 20;

  private byte[] bytes = new byte[1 << 10];
  private int size;
  private long[] lines = new long[16];
  private int[] ends = new int[16];
  private final List<Outcome> outcomes = new ArrayList<>();
  private boolean overflowed;

  @Override
  public void reject(long lineNumber, Outcome outcome, byte[] buf, int from, int to) {
    int n = to - from;
    if (overflowed || n > MAX_BYTES - size) {
      overflowed = true;
      bytes = null;
      return;
    }
    if (size + n > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.min(MAX_BYTES, Math.max(size + n, 2 * bytes.length)));
    }
    System.arraycopy(buf, from, bytes, size, n);
    size += n;
    int i = outcomes.size();
    if (i == lines.length) {
      lines = Arrays.copyOf(lines, 2 * i);
      ends = Arrays.copyOf(ends, 2 * i);
    }
    lines[i] = lineNumber;
    ends[i] = size;
    outcomes.add(outcome);
  }

  /** Whether every malformed line was kept: if not, the input must be read again for them. */
  public boolean fits() {
    return !overflowed;
  }

  /** Hands the kept lines on, in their order, as the input's read would have. */
  void writeTo(LineReader.Rejects to) {
    for (int i = 0, from = 0; i < outcomes.size(); from = ends[i++]) {
      to.reject(lines[i], outcomes.get(i), bytes, from, ends[i]);
    }
  }
}
