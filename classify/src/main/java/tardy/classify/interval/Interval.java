package tardy.classify.interval;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.PackedHistogram;
import tardy.classify.Histograms;

/**
 * What one interval of a timeline recorded: all events, and the events of each group. Live while
 * its time is current; {@link #compact} once the timeline has moved on, to HdrHistogram's own
 * encoding (zero runs packed: tens of bytes for an interval's few values), so a long log costs
 * little per interval. A late event, a merge or the writer decodes it again.
 */
public final class Interval {

  private AbstractHistogram all = Histograms.newNanos(); // null while compact
  private Map<String, AbstractHistogram> byGroup = new TreeMap<>(); // sorted: stable output
  private byte[] compactAll;
  private Map<String, byte[]> compactByGroup;

  void record(long nanos, String group) {
    live();
    all.recordValue(nanos);
    if (group != null) {
      byGroup.computeIfAbsent(group, g -> Histograms.newNanos()).recordValue(nanos);
    }
  }

  /** The time-weighted view: a pause seen by a thread sampling every {@code resolution} ns. */
  void recordSampled(long nanos, long resolutionNanos) {
    live();
    all.recordValueWithExpectedInterval(nanos, resolutionNanos);
  }

  void recordZeros(long count) {
    if (count > 0) {
      live();
      all.recordValueWithCount(0, count);
    }
  }

  void add(Interval later) {
    live();
    all.add(later.all());
    later.byGroup().forEach((g, h) -> byGroup.computeIfAbsent(g, k -> Histograms.newNanos()).add(h));
  }

  Interval copy() {
    Interval c = new Interval();
    if (all == null) { // the compact form is never changed in place: share it
      c.all = null;
      c.byGroup = null;
      c.compactAll = compactAll;
      c.compactByGroup = compactByGroup;
    } else {
      c.add(this);
    }
    return c;
  }

  /**
   * Keeps only the encoding; the next record or add decodes it.
   *
   * @param buffer reused for every encoding, grown when a histogram needs more
   */
  void compact(Encoder buffer) {
    if (all == null) {
      return;
    }
    compactAll = buffer.encode(all);
    Map<String, byte[]> groups = new TreeMap<>();
    byGroup.forEach((g, h) -> groups.put(g, buffer.encode(h)));
    compactByGroup = Collections.unmodifiableMap(groups);
    all = null;
    byGroup = null;
  }

  /** Decoded to record into again: packed, so a reopened interval's memory follows its values. */
  private void live() {
    if (all == null) {
      all = decodePacked(compactAll);
      byGroup = new TreeMap<>();
      compactByGroup.forEach((g, b) -> byGroup.put(g, decodePacked(b)));
      compactAll = null;
      compactByGroup = null;
    }
  }

  /**
   * All events' histogram (a decoded copy while compact). Not to be encoded as it is: HdrHistogram
   * keeps a buffer of tens of KB in every histogram it encodes.
   */
  public AbstractHistogram all() {
    return all != null ? all : decode(compactAll);
  }

  /** Per group name (as the grouping named it), sorted by name; see {@link #all()}. */
  public Map<String, AbstractHistogram> byGroup() {
    if (byGroup != null) {
      return Collections.unmodifiableMap(byGroup);
    }
    Map<String, AbstractHistogram> decoded = new TreeMap<>();
    compactByGroup.forEach((g, b) -> decoded.put(g, decode(b)));
    return Collections.unmodifiableMap(decoded);
  }

  /** The groups that had events here, sorted, without decoding anything. */
  public java.util.Set<String> groupNames() {
    return Collections.unmodifiableSet(
        byGroup != null ? byGroup.keySet() : compactByGroup.keySet());
  }

  /** Dense for a reader: encoding it again walks every count, which a packed one makes slow. */
  private static AbstractHistogram decode(byte[] bytes) {
    Histogram h = Histogram.decodeFromByteBuffer(ByteBuffer.wrap(bytes), 0);
    h.setAutoResize(true);
    return h;
  }

  private static AbstractHistogram decodePacked(byte[] bytes) {
    AbstractHistogram h = PackedHistogram.decodeFromByteBuffer(ByteBuffer.wrap(bytes), 0);
    h.setAutoResize(true);
    return h;
  }

  boolean isCompact() {
    return all == null;
  }

  /**
   * Encodes histograms through one buffer. The uncompressed encoding needs no deflate and no
   * buffer of the histogram's own, which the compressed one allocates, full size, every time.
   */
  static final class Encoder {
    private ByteBuffer buffer = ByteBuffer.allocate(1 << 16);

    byte[] encode(AbstractHistogram h) {
      int needed = h.getNeededByteBufferCapacity();
      if (buffer.capacity() < needed) {
        buffer = ByteBuffer.allocate(needed);
      }
      buffer.clear();
      int length = h.encodeIntoByteBuffer(buffer);
      return Arrays.copyOf(buffer.array(), length);
    }
  }
}
