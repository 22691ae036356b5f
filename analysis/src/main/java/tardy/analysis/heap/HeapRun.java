package tardy.analysis.heap;

import java.util.List;
import java.util.Optional;
import tardy.record.evidence.Thresholds;

/**
 * What the GC pauses of one JVM run say of its heap and its throughput. Times are on one clock
 * for the whole run: the wall clock (epoch ms) when {@code wallClock}, else the JVM's uptime (ms).
 *
 * @param run the run's place among the log's runs (uptime going back starts a new one), from 1
 * @param firstMillis the time of the run's first GC pause, as the log stamps it
 * @param lastMillis the time of its last GC pause
 * @param pauses the GC pauses of the run
 * @param pausedNanos the time they stopped the application
 * @param throughput the share of the time between the first and the last pause the application
 *     was not stopped by a GC pause; empty when the run has fewer than two timed pauses
 * @param worstMinute the lowest throughput over a sliding 1-minute window, when the run is that long
 * @param worstTenMinutes the same over 10 minutes
 * @param heap what the pauses logged of the heap; empty when none logged a transition
 * @param troubles counts of what went wrong in the run's collections
 * @param points the run's GC pauses with a time, in log order: what the charts and the
 *     long-pause finding are drawn from
 * @param longPauses the allocation before the run's long pauses, once a finding has asked for
 *     it with its thresholds ({@link LongPauses#of})
 * @param cycles a concurrent collector's cycles with a time, in the order they began: what the
 *     chart draws the heap and the allocation rate from when the heap is read from cycles
 */
public record HeapRun(
    int run,
    boolean wallClock,
    long firstMillis,
    long lastMillis,
    long pauses,
    long pausedNanos,
    Optional<Double> throughput,
    Optional<Window> worstMinute,
    Optional<Window> worstTenMinutes,
    Optional<Heap> heap,
    Troubles troubles,
    List<Point> points,
    Optional<LongPauses> longPauses,
    List<Cycle> cycles) {

  public HeapRun {
    points = points instanceof PausePoints ? points : List.copyOf(points); // a view, kept
    cycles = List.copyOf(cycles);
  }

  /** A run whose heap is read from its pauses: no cycle. */
  public HeapRun(int run, boolean wallClock, long firstMillis, long lastMillis, long pauses,
      long pausedNanos, Optional<Double> throughput, Optional<Window> worstMinute,
      Optional<Window> worstTenMinutes, Optional<Heap> heap, Troubles troubles,
      List<Point> points, Optional<LongPauses> longPauses) {
    this(run, wallClock, firstMillis, lastMillis, pauses, pausedNanos, throughput, worstMinute,
        worstTenMinutes, heap, troubles, points, longPauses, List.of());
  }

  /**
   * One concurrent cycle of the run: when it began ({@code endMillis} when its start is not
   * logged) and ended on the run's clock, the heap used then ({@code beforeBytes} {@link
   * tardy.events.Times#NONE} when not logged), and the allocation in the gap before it, as
   * {@link CycleHeap} counts it: the heap when it began less the heap the cycles before it left,
   * over the time from their end ({@code allocationMillis} 0 and {@code allocatedBytes} 0 when it
   * overlaps them, is the first, or its heap before is not logged). The gaps' sums are the
   * run's {@link Heap#allocatedBytes} and {@link Heap#allocationMillis}.
   */
  public record Cycle(long startMillis, long endMillis, long beforeBytes, long afterBytes,
      boolean wholeHeap, long allocatedBytes, long allocationMillis) {}

  /**
   * One GC pause of the run: its time on the run's clock, how long it stopped the application,
   * the heap used before and after it ({@link tardy.events.Times#NONE} when not logged) and its
   * {@link tardy.record.heap.HeapSeries} flags, the input it was read from (its place, from 0)
   * and its line ({@link tardy.events.Times#NONE} when unknown), the old generation after it
   * ({@link tardy.events.Times#NONE} when the log does not split the heap).
   */
  public record Point(long millis, long pauseNanos, long beforeBytes, long afterBytes, int flags,
      int input, long line, long oldAfterBytes) {}

  /** The same run with the heap read from a concurrent collector's cycles. */
  HeapRun withHeap(Heap h, List<Cycle> c) {
    return new HeapRun(run, wallClock, firstMillis, lastMillis, pauses, pausedNanos, throughput,
        worstMinute, worstTenMinutes, Optional.of(h), troubles, points, longPauses, c);
  }

  /** The same run with the allocation before its long pauses worked out. */
  public HeapRun withLongPauses(LongPauses l) {
    return new HeapRun(run, wallClock, firstMillis, lastMillis, pauses, pausedNanos, throughput,
        worstMinute, worstTenMinutes, heap, troubles, points, Optional.of(l), cycles);
  }

  /** A window of the run and the throughput in it. */
  public record Window(long startMillis, long lengthMillis, double throughput) {}

  /**
   * The heap the pauses logged.
   *
   * @param transitions the pauses with a heap transition ({@code before->after(capacity)})
   * @param allocatedBytes the bytes allocated between them: the sum, over consecutive pauses with
   *     a transition, of the heap used before a pause less the heap used after the previous one
   *     (negative steps, where a concurrent collection freed memory, count as 0)
   * @param allocationFromMillis when the first pause with a transition was, on the run's clock
   * @param allocationMillis the time those bytes were allocated in: from the first to the last
   *     pause with a transition
   * @param afterMinBytes the least heap used after a pause
   * @param afterMaxBytes the most
   * @param afterLastBytes the heap used after the last pause
   * @param capacityMaxBytes the largest capacity logged
   * @param liveSet the heap after the collections that show the live set, and its trend
   * @param generations the young/old split, where the log gives it
   * @param metaspace the metaspace after GC, where the log gives it
   * @param cycles whether the figures are a concurrent collector's (ZGC, Shenandoah), read from
   *     its cycles ({@link CycleHeap}), not from pauses: then the transitions are the cycles, the
   *     bytes allocated are those between cycles (the heap when a cycle began less the heap the
   *     cycles before it left) and the allocation time the time between cycles, from the end of
   *     the first
   */
  public record Heap(long transitions, long allocatedBytes, long allocationFromMillis,
      long allocationMillis,
      long afterMinBytes, long afterMaxBytes, long afterLastBytes, long capacityMaxBytes,
      Optional<LiveSet> liveSet, Optional<Generations> generations,
      Optional<Metaspace> metaspace, boolean cycles) {

    /** Bytes allocated per second; empty when the pauses with a transition are not apart in time. */
    public Optional<Double> allocationBytesPerSecond() {
      return allocationMillis > 0 && transitions > 1
          ? Optional.of(allocatedBytes * 1000.0 / allocationMillis) : Optional.empty();
    }
  }

  /**
   * The heap used after the collections that leave only live objects: full collections, or, when
   * the run has fewer than {@link LiveSet#MIN_SAMPLES} of them, full and G1 mixed ones.
   *
   * @param from which collections: {@code "full"} or {@code "full or mixed"}
   * @param samples how many collections
   * @param firstBytes the heap after the first of them
   * @param lastBytes after the last
   * @param firstMillis when the first was
   * @param lastMillis when the last was
   * @param bytesPerSecond the slope of a line through them: the median of the slopes from each
   *     collection to the one half the collections later
   * @param growing whether it names a live-set leak: at least {@link #MIN_SAMPLES} collections,
   *     and the line rises over their span by at least {@link #LEAK_GROWTH} of where it starts
   *     (the median of the collections' heap less the line's rise up to each)
   *     and by at least {@link #LEAK_OF_CAPACITY} of the largest capacity (a floor of a few MB
   *     that doubles in a large heap is no leak worth naming)
   * @param lineStartBytes where the line starts (at the first of them): the median of the
   *     collections' bytes less the line's rise up to each, which one far off does not move
   */
  public record LiveSet(String from, long samples, long firstBytes, long lastBytes,
      long firstMillis, long lastMillis, double bytesPerSecond, boolean growing,
      long lineStartBytes) {

    /** Where the line ends, at the last of them. */
    public long lineEndBytes() {
      return Math.round(lineStartBytes + bytesPerSecond * (lastMillis - firstMillis) / 1000.0);
    }

    /** Fewer collections than this show no trend. */
    public static final int MIN_SAMPLES = Thresholds.LIVE_SET_MIN_COLLECTIONS;
    /** The rise, over the collections' span, that names a leak: a tenth. */
    public static final double LEAK_GROWTH = Thresholds.LIVE_SET_GROWTH_PERCENT / 100.0;
    /** The rise that names a leak, as a share of the largest capacity. */
    public static final double LEAK_OF_CAPACITY = Thresholds.LIVE_SET_CAPACITY_PERCENT / 100.0;
  }

  /**
   * The young and old generations after GC, from the pauses whose log gives them: unified
   * logging's {@code gc,heap} lines (G1's regions times the region size, young being eden and
   * survivors and old the old, humongous and archive regions; Parallel's and Serial's spaces),
   * JDK 8's {@code [PSYoungGen: …]}, {@code [ParNew: …]} … groups (a young collection that prints
   * the young generation only: old is the heap less the young).
   *
   * @param pauses the pauses with the old generation after them
   * @param youngAfterMaxBytes the most young generation left after a pause (survivors)
   * @param oldAfterMinBytes the least old generation after a pause
   * @param oldAfterMaxBytes the most
   * @param oldAfterLastBytes after the last pause
   * @param youngCollections the collections of the young generation only (not full, not mixed)
   *     with the old generation before and after them: those the promotion is read from
   * @param promotedBytes the bytes promoted: over those, the sum of the old generation after
   *     less before (negative steps count as 0), as GCeasy defines it; the old generation's
   *     growth between collections (humongous allocations) is not promotion
   * @param promotionFromMillis when the first pause with the split was, on the run's clock
   * @param promotionMillis from the first pause with the split to the last: the time the bytes
   *     were promoted in
   * @param oldFloor the old generation after the collections that leave only live objects
   *     (those the live set is read from), and its trend: growing names a leak
   */
  public record Generations(long pauses, long youngAfterMaxBytes, long oldAfterMinBytes,
      long oldAfterMaxBytes, long oldAfterLastBytes, long youngCollections, long promotedBytes,
      long promotionFromMillis, long promotionMillis, Optional<LiveSet> oldFloor) {

    /** Bytes promoted per second; empty without young collections apart in time. */
    public Optional<Double> promotionBytesPerSecond() {
      return promotionMillis > 0 && youngCollections > 0
          ? Optional.of(promotedBytes * 1000.0 / promotionMillis) : Optional.empty();
    }
  }

  /**
   * The metaspace used after GC ({@code Metaspace: 480K(640K)->480K(640K)}, JDK 8 {@code
   * [Metaspace: 2623K->2623K(1056768K)]}).
   *
   * @param pauses the pauses that logged it
   */
  public record Metaspace(long pauses, long afterFirstBytes, long afterMaxBytes,
      long afterLastBytes) {}

  /** Counts of what went wrong in the run's collections. */
  public record Troubles(long full, long mixed, long humongous, long evacuationFailed,
      long promotionFailed, long concurrentModeFailure) {

    public boolean any() {
      return evacuationFailed + promotionFailed + concurrentModeFailure > 0;
    }
  }
}
