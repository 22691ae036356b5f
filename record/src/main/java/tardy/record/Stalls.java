package tardy.record;

import tardy.record.wire.Wire;

import tardy.record.histogram.NanosHistogram;
import tardy.record.histogram.Percentiles;

import java.util.Arrays;
import tardy.record.pause.PauseIndex;

/**
 * What one operation's requests met of the JVM's pauses: how many overlapped one (and their
 * latencies, so the report can give the percentiles without them), how many overlapped each
 * pause kind, the longest pause of each kind they met, how many had no time to place them, and
 * per interval of the pauses' span the requests that ended in it, their largest latency and,
 * while the recorder can keep them ({@link PauseOverlaps#MAX_INTERVAL_HISTOGRAMS}), a histogram
 * of their latencies.
 */
public final class Stalls {

  private final NanosHistogram overlapped;
  private final long[] perKind;
  private final int[] longestPause;
  private long unplaced;
  private final long[] intervalCount; // requests ended per interval of the pauses' span
  private final long[] intervalMax; // their largest latency
  private NanosHistogram[] intervalLatency; // their latencies, made where used; null: dropped

  Stalls(int kinds, int intervals) {
    overlapped = new NanosHistogram();
    intervalCount = new long[intervals];
    intervalMax = new long[intervals];
    intervalLatency = new NanosHistogram[intervals];
    perKind = new long[kinds];
    longestPause = new int[kinds];
    Arrays.fill(longestPause, -1);
  }

  private Stalls(NanosHistogram overlapped, long[] perKind, int[] longestPause, long unplaced,
      long[] intervalCount, long[] intervalMax, NanosHistogram[] intervalLatency) {
    this.overlapped = overlapped;
    this.perKind = perKind;
    this.longestPause = longestPause;
    this.unplaced = unplaced;
    this.intervalCount = intervalCount;
    this.intervalMax = intervalMax;
    this.intervalLatency = intervalLatency;
  }

  /** Everything recorded, for {@link ResultCodec}. */
  void write(java.io.DataOutput out) throws java.io.IOException {
    Wire.writeHistogram(overlapped.toHdrHistogram(), out);
    out.writeInt(perKind.length);
    for (int k = 0; k < perKind.length; k++) {
      out.writeLong(perKind[k]);
      out.writeInt(longestPause[k]);
    }
    out.writeLong(unplaced);
    out.writeInt(intervalCount.length);
    for (int i = 0; i < intervalCount.length; i++) {
      out.writeLong(intervalCount[i]);
      out.writeLong(intervalMax[i]);
    }
    out.writeBoolean(intervalLatency != null);
    if (intervalLatency != null) {
      for (NanosHistogram h : intervalLatency) {
        out.writeBoolean(h != null);
        if (h != null) {
          Wire.writeHistogram(h.toHdrHistogram(), out);
        }
      }
    }
  }

  /** What {@link #write} wrote. */
  static Stalls read(java.io.DataInput in) throws java.io.IOException {
    NanosHistogram overlapped = new NanosHistogram();
    overlapped.add(Wire.readHistogram(in));
    int kinds = in.readInt();
    long[] perKind = new long[kinds];
    int[] longest = new int[kinds];
    for (int k = 0; k < kinds; k++) {
      perKind[k] = in.readLong();
      longest[k] = in.readInt();
    }
    long unplaced = in.readLong();
    int intervals = in.readInt();
    long[] count = new long[intervals];
    long[] max = new long[intervals];
    for (int i = 0; i < intervals; i++) {
      count[i] = in.readLong();
      max[i] = in.readLong();
    }
    NanosHistogram[] latency = null;
    if (in.readBoolean()) {
      latency = new NanosHistogram[intervals];
      for (int i = 0; i < intervals; i++) {
        if (in.readBoolean()) {
          latency[i] = new NanosHistogram();
          latency[i].add(Wire.readHistogram(in));
        }
      }
    }
    return new Stalls(overlapped, perKind, longest, unplaced, count, max, latency);
  }

  void recordOverlapped(long latencyNanos) {
    overlapped.record(latencyNanos);
  }

  /** One more request met a pause of this kind; {@code pause} is the longest of it it met. */
  void recordKind(int kind, int pause, PauseIndex index) {
    perKind[kind]++;
    keepLonger(kind, pause, index);
  }

  private void keepLonger(int kind, int pause, PauseIndex index) {
    int kept = longestPause[kind];
    if (pause >= 0 && (kept < 0 || index.durationNanos(pause) > index.durationNanos(kept)
        || index.durationNanos(pause) == index.durationNanos(kept) && pause < kept)) {
      longestPause[kind] = pause;
    }
  }

  /** Records a request that ended in {@code interval}; returns whether a histogram was made. */
  boolean recordInterval(int interval, long latencyNanos) {
    intervalCount[interval]++;
    intervalMax[interval] = Math.max(intervalMax[interval], latencyNanos);
    if (intervalLatency == null) {
      return false;
    }
    NanosHistogram h = intervalLatency[interval];
    boolean made = h == null;
    if (made) {
      h = new NanosHistogram();
      intervalLatency[interval] = h;
    }
    h.record(latencyNanos);
    return made;
  }

  /** How many interval histograms it holds. */
  int intervalHistograms() {
    int n = 0;
    if (intervalLatency != null) {
      for (NanosHistogram h : intervalLatency) {
        n += h == null ? 0 : 1;
      }
    }
    return n;
  }

  /** Its interval histograms go (counts and maxima stay): the recorder holds too many. */
  void dropIntervalHistograms() {
    intervalLatency = null;
  }

  boolean intervalHistogramsDropped() {
    return intervalLatency == null;
  }

  void recordUnplaced() {
    unplaced++;
  }

  void add(Stalls other, PauseIndex index) {
    overlapped.add(other.overlapped);
    for (int k = 0; k < perKind.length; k++) {
      perKind[k] += other.perKind[k];
      keepLonger(k, other.longestPause[k], index);
    }
    unplaced += other.unplaced;
    for (int i = 0; i < intervalCount.length; i++) {
      intervalCount[i] += other.intervalCount[i];
      intervalMax[i] = Math.max(intervalMax[i], other.intervalMax[i]);
    }
    if (intervalLatency == null || other.intervalLatency == null) {
      intervalLatency = null;
      return;
    }
    for (int i = 0; i < intervalLatency.length; i++) {
      NanosHistogram theirs = other.intervalLatency[i];
      if (theirs != null) {
        if (intervalLatency[i] == null) {
          intervalLatency[i] = new NanosHistogram();
        }
        intervalLatency[i].add(theirs);
      }
    }
  }

  /** Requests that ended in interval {@code i} of the pauses' span. */
  public long intervalCount(int i) {
    return intervalCount[i];
  }

  /** The largest latency of those requests, 0 when none. */
  public long intervalMax(int i) {
    return intervalMax[i];
  }

  /**
   * The percentiles of the requests that ended in interval {@code i} (none above its largest
   * latency); empty when none did or the interval histograms were dropped.
   */
  public java.util.Optional<Percentiles> intervalPercentiles(int i) {
    if (intervalLatency == null || intervalLatency[i] == null) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(Percentiles.of(intervalLatency[i]).atMost(intervalMax[i]));
  }

  /** The latencies of the requests that overlapped a pause. */
  public NanosHistogram overlapped() {
    return overlapped;
  }

  /** Requests that overlapped a pause of kind {@code k}. */
  public long kindCount(int k) {
    return perKind[k];
  }

  /** The longest pause of kind {@code k} a request met, -1 when none. */
  public int longestPause(int k) {
    return longestPause[k];
  }

  public long unplaced() {
    return unplaced;
  }
}
