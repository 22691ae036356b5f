package tardy.record.clock;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tardy.events.Family;

/**
 * Per family, the earliest and latest wall-clock time logged, the coarsest resolution and how many
 * events had a time: minima, maxima and sums, so parts add exactly in any grouping.
 */
public final class Spans {

  private static final int FAMILIES = Family.values().length;

  private final long[] first = new long[FAMILIES];
  private final long[] last = new long[FAMILIES];
  private final int[] resolution = new int[FAMILIES];
  private final long[] events = new long[FAMILIES];
  /** The requests per slot of the clock: their rate over time (the other families' is not shown). */
  private final TimeSlots requestSlots = new TimeSlots();
  /** The offsets from UTC the logged times carried: the logs' own zone, when there is one. */
  private final ZoneOffsets offsets = new ZoneOffsets();

  public Spans() {
    Arrays.fill(first, Long.MAX_VALUE);
    Arrays.fill(last, Long.MIN_VALUE);
  }

  public void record(Family family, long wallMillis, int resolutionMillis) {
    int f = family.ordinal();
    first[f] = Math.min(first[f], wallMillis);
    last[f] = Math.max(last[f], wallMillis);
    resolution[f] = Math.max(resolution[f], resolutionMillis);
    events[f]++;
    if (family == Family.REQUEST) {
      requestSlots.record(wallMillis);
    }
  }

  public void add(Spans later) {
    for (int f = 0; f < FAMILIES; f++) {
      first[f] = Math.min(first[f], later.first[f]);
      last[f] = Math.max(last[f], later.last[f]);
      resolution[f] = Math.max(resolution[f], later.resolution[f]);
      events[f] += later.events[f];
    }
    requestSlots.add(later.requestSlots);
    offsets.add(later.offsets);
  }

  /** A logged time carried this offset from UTC, in seconds. */
  public void zoneOffset(int offsetSeconds) {
    offsets.record(offsetSeconds);
  }

  /** The offsets from UTC the logged times carried. */
  public ZoneOffsets offsets() {
    return offsets;
  }

  /** The spans of the families whose events had a time, in {@link Family} order. */
  public List<Span> spans() {
    List<Span> spans = new ArrayList<>();
    for (Family family : Family.values()) {
      int f = family.ordinal();
      if (events[f] > 0) {
        spans.add(new Span(family, first[f], last[f], resolution[f], events[f],
            family == Family.REQUEST ? requestSlots.snapshot() : null));
      }
    }
    return spans;
  }

  public void write(DataOutput out) throws IOException {
    for (int f = 0; f < FAMILIES; f++) {
      out.writeLong(first[f]);
      out.writeLong(last[f]);
      out.writeInt(resolution[f]);
      out.writeLong(events[f]);
    }
    requestSlots.write(out);
    offsets.write(out);
  }

  public void read(DataInput in) throws IOException {
    for (int f = 0; f < FAMILIES; f++) {
      first[f] = in.readLong();
      last[f] = in.readLong();
      resolution[f] = in.readInt();
      events[f] = in.readLong();
    }
    requestSlots.add(TimeSlots.read(in));
    offsets.read(in);
  }
}
