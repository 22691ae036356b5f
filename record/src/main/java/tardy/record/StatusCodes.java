package tardy.record;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Counts per HTTP error status (400 to 599) of one group: the classes say "5xx", a reader of an
 * incident wants to know whether it was 502 (the backend refused), 503 (overload), 504 (a
 * timeout) or 429 (rate limited). A group sees few distinct codes, so they sit in two small
 * arrays, searched from the start; the common code is found at once.
 */
public final class StatusCodes {

  /** The first and last codes kept: the client and server error classes. */
  public static final int FIRST = 400;
  public static final int LAST = 599;

  private int[] codes = new int[0];
  private long[] counts = new long[0];
  private int size;

  /** One code and how many answers had it. */
  public record Code(int status, long count) {}

  /** Counts {@code status} when it is an error status; any other is left to the classes. */
  void record(int status) {
    if (status >= FIRST && status <= LAST) {
      add(status, 1);
    }
  }

  private void add(int status, long n) {
    for (int i = 0; i < size; i++) {
      if (codes[i] == status) {
        counts[i] += n;
        return;
      }
    }
    if (size == codes.length) {
      int grown = Math.max(4, size * 2);
      codes = java.util.Arrays.copyOf(codes, grown);
      counts = java.util.Arrays.copyOf(counts, grown);
    }
    codes[size] = status;
    counts[size++] = n;
  }

  /** Adds another group's counts (of a part read in parallel, or a total). */
  void add(StatusCodes other) {
    for (int i = 0; i < other.size; i++) {
      add(other.codes[i], other.counts[i]);
    }
  }

  /** The codes seen, lowest first: the same list whatever order the lines came in. */
  public List<Code> all() {
    List<Code> out = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      out.add(new Code(codes[i], counts[i]));
    }
    out.sort(java.util.Comparator.comparingInt(Code::status));
    return out;
  }

  void write(DataOutput out) throws IOException {
    List<Code> all = all();
    out.writeInt(all.size());
    for (Code c : all) {
      out.writeShort(c.status());
      out.writeLong(c.count());
    }
  }

  static StatusCodes read(DataInput in) throws IOException {
    StatusCodes s = new StatusCodes();
    int n = in.readInt();
    if (n < 0 || n > LAST - FIRST + 1) {
      throw new IOException("not a count of status codes: " + n);
    }
    for (int i = 0; i < n; i++) {
      int status = in.readUnsignedShort();
      long count = in.readLong();
      if (status < FIRST || status > LAST || count < 0) {
        throw new IOException("not a status code count: " + status + " " + count);
      }
      s.add(status, count);
    }
    return s;
  }
}
