package tardy.record.objective;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Events and bad events per minute of the log's wall clock (epoch minute: ms / 60,000, UTC), for
 * one objective; events without a wall-clock time are counted apart. Sums only, so counts add
 * exactly in any order (workers parse blocks in any order) and encode the same whatever the
 * parts: written sorted by minute.
 */
public final class MinuteCounts {

  public static final long MINUTE_MILLIS = 60_000L;

  private final Map<Long, long[]> byMinute = new HashMap<>();
  private long lastMinute = Long.MIN_VALUE; // events come mostly in time order: skip the lookup
  private long[] last;
  private long unplaced;

  /** Counts one event logged at {@code wallMillis}. */
  public void record(long wallMillis, boolean bad) {
    long minute = Math.floorDiv(wallMillis, MINUTE_MILLIS);
    if (minute != lastMinute) {
      last = byMinute.computeIfAbsent(minute, m -> new long[2]);
      lastMinute = minute;
    }
    last[0]++;
    if (bad) {
      last[1]++;
    }
  }

  /** Counts one event without a wall-clock time: it cannot be placed in any window. */
  public void unplaced() {
    unplaced++;
  }

  /** Adds the counts of one whole minute (a table's row, read back). */
  public void add(long minute, long total, long bad) {
    if (total < 0 || bad < 0 || bad > total) {
      throw new IllegalArgumentException("minute counts out of range");
    }
    long[] ours = byMinute.computeIfAbsent(minute, m -> new long[2]);
    ours[0] += total;
    ours[1] += bad;
    lastMinute = Long.MIN_VALUE;
  }

  /** Adds events without a wall-clock time. */
  public void addUnplaced(long count) {
    unplaced += count;
  }

  /** Every event counted, placed in a minute or not. */
  public long events() {
    long n = unplaced;
    for (long[] c : byMinute.values()) {
      n += c[0];
    }
    return n;
  }

  /** Every bad event counted (an event without a time is never bad: it is not judged). */
  public long badEvents() {
    long n = 0;
    for (long[] c : byMinute.values()) {
      n += c[1];
    }
    return n;
  }

  /** The counts as {@link #write} writes them: the same counts, the same bytes. */
  public byte[] encoded() {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (java.io.DataOutputStream out = new java.io.DataOutputStream(bytes)) {
      write(out);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e); // in memory: cannot happen
    }
    return bytes.toByteArray();
  }

  /** The counts {@link #encoded} wrote; IllegalArgumentException on bytes that are not such. */
  public static MinuteCounts decode(byte[] encoded) {
    try (java.io.DataInputStream in = new java.io.DataInputStream(
        new java.io.ByteArrayInputStream(encoded))) {
      MinuteCounts counts = read(in);
      if (in.read() != -1) {
        throw new IOException("bytes after the counts");
      }
      return counts;
    } catch (IOException e) {
      throw new IllegalArgumentException("minute counts that do not decode: " + e.getMessage(),
          e);
    }
  }

  /** Adds what another recorded. */
  public void add(MinuteCounts other) {
    other.byMinute.forEach((minute, counts) -> {
      long[] ours = byMinute.computeIfAbsent(minute, m -> new long[2]);
      ours[0] += counts[0];
      ours[1] += counts[1];
    });
    unplaced += other.unplaced;
  }

  /** The minutes that have events, ascending. */
  public long[] minutes() {
    long[] m = new long[byMinute.size()];
    int i = 0;
    for (long minute : byMinute.keySet()) {
      m[i++] = minute;
    }
    Arrays.sort(m);
    return m;
  }

  /** Events in that minute. */
  public long total(long minute) {
    long[] c = byMinute.get(minute);
    return c == null ? 0 : c[0];
  }

  /** Bad events in that minute. */
  public long bad(long minute) {
    long[] c = byMinute.get(minute);
    return c == null ? 0 : c[1];
  }

  /** Events without a wall-clock time. */
  public long unplacedCount() {
    return unplaced;
  }

  /** Minutes with events, then per minute ascending: the minute, its events, its bad events. */
  void write(DataOutput out) throws IOException {
    long[] minutes = minutes();
    out.writeLong(unplaced);
    out.writeInt(minutes.length);
    for (long m : minutes) {
      long[] c = byMinute.get(m);
      out.writeLong(m);
      out.writeLong(c[0]);
      out.writeLong(c[1]);
    }
  }

  static MinuteCounts read(DataInput in) throws IOException {
    MinuteCounts counts = new MinuteCounts();
    counts.unplaced = in.readLong();
    for (int n = in.readInt(); n > 0; n--) {
      long minute = in.readLong();
      long total = in.readLong();
      long bad = in.readLong();
      if (total < 0 || bad < 0 || bad > total) {
        throw new IOException("minute counts out of range");
      }
      counts.byMinute.put(minute, new long[] {total, bad});
    }
    return counts;
  }
}
