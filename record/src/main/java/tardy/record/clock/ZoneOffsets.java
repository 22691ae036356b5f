package tardy.record.clock;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * The distinct offsets from UTC the logs' timestamps carried (seconds), for printing times in the
 * logs' own zone: a set, so parts add in any grouping to the same answer. At most {@link #KEPT}
 * are kept, the lowest, with a mark that there were more: the lowest of a union are the lowest of
 * the parts' lowest, so the kept ones do not depend on how the run was cut either.
 */
public final class ZoneOffsets {

  /** Offsets kept: more than one already means there is no one zone. */
  static final int KEPT = 8;

  private int[] seconds = new int[0]; // ascending
  private boolean more;

  /** Records an offset: a timestamp carried it. */
  public void record(int offsetSeconds) {
    int at = Arrays.binarySearch(seconds, offsetSeconds);
    if (at >= 0) {
      return;
    }
    int[] grown = new int[seconds.length + 1];
    int insert = -at - 1;
    System.arraycopy(seconds, 0, grown, 0, insert);
    grown[insert] = offsetSeconds;
    System.arraycopy(seconds, insert, grown, insert + 1, seconds.length - insert);
    seconds = grown;
    if (seconds.length > KEPT) {
      seconds = Arrays.copyOf(seconds, KEPT);
      more = true;
    }
  }

  public void add(ZoneOffsets later) {
    for (int s : later.seconds) {
      record(s);
    }
    more |= later.more;
  }

  /** The offsets kept, ascending, in seconds. */
  public int[] seconds() {
    return seconds.clone();
  }

  /** Whether there were more offsets than {@link #seconds()} holds. */
  public boolean more() {
    return more;
  }

  public void write(DataOutput out) throws IOException {
    out.writeBoolean(more);
    out.writeInt(seconds.length);
    for (int s : seconds) {
      out.writeInt(s);
    }
  }

  public void read(DataInput in) throws IOException {
    more |= in.readBoolean();
    int n = in.readInt();
    if (n < 0 || n > KEPT) {
      throw new IOException("not a set of zone offsets: " + n);
    }
    for (int i = 0; i < n; i++) {
      record(in.readInt());
    }
  }
}
