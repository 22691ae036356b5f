package tardy.record.interval;

import tardy.record.wire.Wire;

import tardy.record.histogram.NanosHistogram;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One group's (or one family's) latencies per interval of the log's clock: a histogram and the
 * exact largest value per interval, by the interval's index ({@link
 * tardy.record.interval.Timeline#index}, the alignment of the {@code .hlog} lines). Adds
 * exactly, interval by interval.
 */
public final class Intervals {

  /** One interval's numbers. */
  private static final class Slot {
    final NanosHistogram latency = new NanosHistogram();
    long max = Long.MIN_VALUE;
  }

  private final long lengthMillis;
  private final TreeMap<Long, Slot> slots = new TreeMap<>();
  private long pages; // of all its histograms, kept as they grow

  public Intervals(long lengthMillis) {
    this.lengthMillis = lengthMillis;
  }

  public long lengthMillis() {
    return lengthMillis;
  }

  private long lastIndex = Long.MIN_VALUE;
  private Slot last;

  /** Records one value; returns whether the interval is new here. */
  public boolean record(long index, long nanos) {
    boolean added = false;
    Slot slot = index == lastIndex ? last : slots.get(index);
    if (slot == null) {
      added = true;
      slot = new Slot();
      slots.put(index, slot);
    }
    lastIndex = index;
    last = slot;
    int before = slot.latency.pagesInUse();
    slot.latency.record(nanos);
    pages += slot.latency.pagesInUse() - before;
    slot.max = Math.max(slot.max, nanos);
    return added;
  }

  public void add(Intervals other) {
    if (other.lengthMillis != lengthMillis) {
      throw new IllegalArgumentException("intervals of another length");
    }
    for (Map.Entry<Long, Slot> e : other.slots.entrySet()) {
      Slot ours = slots.computeIfAbsent(e.getKey(), k -> new Slot());
      int before = ours.latency.pagesInUse();
      ours.latency.add(e.getValue().latency);
      pages += ours.latency.pagesInUse() - before;
      ours.max = Math.max(ours.max, e.getValue().max);
    }
  }

  /**
   * Adds the histogram of one interval recorded elsewhere (a histogram table's row rolled up),
   * with its exact largest value; returns whether the interval is new here.
   */
  public boolean add(long index, org.HdrHistogram.AbstractHistogram latency, long max) {
    Slot slot = slots.get(index);
    boolean added = slot == null;
    if (added) {
      slot = new Slot();
      slots.put(index, slot);
    }
    int before = slot.latency.pagesInUse();
    slot.latency.add(latency);
    pages += slot.latency.pagesInUse() - before;
    slot.max = Math.max(slot.max, max);
    return added;
  }

  public int size() {
    return slots.size();
  }

  /** The pages of counts its histograms hold ({@link NanosHistogram#pagesInUse}). */
  public long pages() {
    return pages;
  }

  /** What one interval recorded, as a report shows it. */
  public interface Visitor {
    void interval(long startMillis, long lengthMillis, NanosHistogram latency, long max);
  }

  /** Hands each interval, in time order, to {@code visitor}. */
  public void forEach(Visitor visitor) {
    for (Map.Entry<Long, Slot> e : slots.entrySet()) {
      Slot s = e.getValue();
      visitor.interval(e.getKey() * lengthMillis, lengthMillis, s.latency, s.max);
    }
  }

  public void write(DataOutput out) throws IOException {
    out.writeInt(slots.size());
    for (Map.Entry<Long, Slot> e : slots.entrySet()) {
      out.writeLong(e.getKey());
      out.writeLong(e.getValue().max);
      Wire.writeHistogram(e.getValue().latency.toHdrHistogram(), out);
    }
  }

  public static Intervals read(DataInput in, long lengthMillis) throws IOException {
    Intervals r = new Intervals(lengthMillis);
    for (int n = in.readInt(); n > 0; n--) {
      Slot s = new Slot();
      long index = in.readLong();
      s.max = in.readLong();
      s.latency.add(Wire.readHistogram(in));
      r.pages += s.latency.pagesInUse();
      r.slots.put(index, s);
    }
    return r;
  }
}
