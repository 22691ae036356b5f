package tardy.record.interval;

import tardy.record.wire.Wire;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import tardy.events.Times;

/**
 * Events on one clock, binned into fixed intervals. Interval {@code i} covers {@code [i * length,
 * (i + 1) * length)} on the clock: aligned to the clock rather than to the first event, so parts
 * read in parallel and files read one after another bin identically and add exactly.
 */
public final class Timeline {

  private final Clock clock;
  private final long lengthMillis;
  private final long resolutionNanos;
  /**
   * Intervals this far behind the newest stay live; older ones are encoded, once: events come
   * nearly in time order, so the log's time soon leaves an interval for good, and its histograms
   * die young (256 of them live were promoted and cost full collections on a long log).
   */
  static final int OPEN_BEHIND = 16;

  /** Intervals behind those that late events re-opened and that stay live, at most. */
  static final int LATE_LIVE = 256;

  /**
   * A stretch of more empty intervals than this between two events is not materialised: not
   * filled with zero samples in the time-weighted view, not written out as empty intervals (the
   * writer says it left it out), so two events a century apart cost what two events cost.
   */
  public static final long MAX_FILLED_GAP = 1_000;

  // the intervals that recorded something, by index, ascending: two arrays, appended to as the
  // log's time moves on (a part's later intervals are one copy onto an earlier part's), so
  // opening, merging and walking them is a few array operations, not a tree's code
  private long[] indices = new long[64];
  private Interval[] held = new Interval[64];
  private int size;
  private Set<String> names = new HashSet<>(); // of the intervals' groups, noted as compacted
  private long compactedBefore = Long.MIN_VALUE;
  // intervals behind the live window that late events opened, least recently used first: a clock
  // that steps back re-reads its past, and at most LATE_LIVE of it stay live
  private final java.util.LinkedHashSet<Long> late = new java.util.LinkedHashSet<>();
  private long lastIndex = Long.MIN_VALUE; // the interval the latest event went to
  private Interval last;
  private final List<Long> restarts = new ArrayList<>();
  private long events;
  private long firstMillis = Long.MAX_VALUE;
  private long lastMillis = Long.MIN_VALUE;
  private long firstEventMillis = Times.NONE; // where a restart before this timeline is marked
  private long firstPauseStart = Long.MAX_VALUE;
  private long lastPauseEnd = Long.MIN_VALUE;

  /** @param resolutionNanos above 0: the time-weighted view with that sampling resolution */
  Timeline(Clock clock, long lengthMillis, long resolutionNanos) {
    this.clock = clock;
    this.lengthMillis = lengthMillis;
    this.resolutionNanos = resolutionNanos;
  }

  /**
   * The interval a time falls in, counted from the clock's zero: the one alignment of every
   * interval tardy writes (.hlog lines, a report's {@code --interval} rows), so an event lands in
   * the same interval everywhere.
   */
  public static long index(long millis, long lengthMillis) {
    return Math.floorDiv(millis, lengthMillis);
  }

  /** One event logged at {@code millis} on this clock (the end of the pause or request). */
  void record(long millis, long nanos, String group) {
    if (events == 0) {
      firstEventMillis = millis;
    }
    events++;
    firstMillis = Math.min(firstMillis, millis);
    lastMillis = Math.max(lastMillis, millis);
    if (resolutionNanos <= 0) {
      interval(millis).record(nanos, group);
      return;
    }
    long start = millis - ceilDiv(nanos, 1_000_000L);
    if (lastPauseEnd != Long.MIN_VALUE) {
      fillZeros(lastPauseEnd, start);
    }
    firstPauseStart = Math.min(firstPauseStart, start);
    lastPauseEnd = Math.max(lastPauseEnd, millis);
    interval(millis).recordSampled(nanos, resolutionNanos);
  }

  /**
   * Zero samples, one per resolution step, for the running time between two pauses; when more
   * than {@value #MAX_FILLED_GAP} whole intervals lie between them, only in the two partial ones.
   */
  private void fillZeros(long fromMillis, long toMillis) {
    if (toMillis <= fromMillis) {
      return;
    }
    long first = index(fromMillis, lengthMillis);
    long last = index(toMillis - 1, lengthMillis);
    if (last - first - 1 > MAX_FILLED_GAP) {
      fillZerosOneByOne(fromMillis, (first + 1) * lengthMillis);
      fillZerosOneByOne(last * lengthMillis, toMillis);
    } else {
      fillZerosOneByOne(fromMillis, toMillis);
    }
  }

  private void fillZerosOneByOne(long fromMillis, long toMillis) {
    for (long t = fromMillis; t < toMillis; ) {
      long index = index(t, lengthMillis);
      long end = Math.min(toMillis, (index + 1) * lengthMillis);
      interval(t).recordZeros((end - t) * 1_000_000L / resolutionNanos);
      t = end;
    }
  }

  private Interval interval(long millis) {
    long index = index(millis, lengthMillis);
    if (index == lastIndex && index >= compactedBefore) {
      return last; // the common case: hundreds of events in a row fall into one interval
    }
    return moved(index);
  }

  /**
   * The event went to another interval than the last one: a method of its own, called once per
   * interval, so the per-event path stays small in compiled code.
   */
  private Interval moved(long index) {
    int at = position(index);
    Interval interval;
    if (at < size && indices[at] == index) {
      interval = held[at];
    } else {
      // as many events as the last interval had, and a quarter more: one array, usually
      interval = new Interval(names, last == null ? 0
          : (int) Math.min(IntervalHistogram.SMALL, last.events() + last.events() / 4));
      insert(at, index, interval);
      compactBefore(index - OPEN_BEHIND);
    }
    if (index < compactedBefore) {
      lateEvent(index);
    }
    lastIndex = index;
    last = interval;
    return interval;
  }

  /** Where {@code index} is, or would go: the first position whose index is not below it. */
  private int position(long index) {
    if (size == 0 || indices[size - 1] < index) {
      return size; // the log's time moved on: the common case
    }
    int lo = 0;
    int hi = size - 1; // indices[hi] >= index
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (indices[mid] < index) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private void insert(int at, long index, Interval interval) {
    room(size + 1);
    System.arraycopy(indices, at, indices, at + 1, size - at);
    System.arraycopy(held, at, held, at + 1, size - at);
    indices[at] = index;
    held[at] = interval;
    size++;
  }

  /** Grows both arrays, by doubling, to hold at least {@code needed} intervals. */
  private void room(int needed) {
    if (needed > indices.length) {
      int length = Math.max(2 * indices.length, needed);
      indices = Arrays.copyOf(indices, length);
      held = Arrays.copyOf(held, length);
    }
  }

  /** The interval of {@code index}, or null. */
  private Interval get(long index) {
    int at = position(index);
    return at < size && indices[at] == index ? held[at] : null;
  }

  /** Keeps the interval a late event went to live, compacting the least recently used one. */
  private void lateEvent(long index) {
    if (late.remove(index) || late.size() < LATE_LIVE) {
      late.add(index);
      return;
    }
    Long eldest = late.iterator().next();
    late.remove(eldest);
    get(eldest).compact();
    late.add(index);
  }

  /** Intervals held decoded now: for tests of the memory bound. */
  long liveIntervals() {
    long live = 0;
    for (int i = 0; i < size; i++) {
      live += held[i].isCompact() ? 0 : 1;
    }
    return live;
  }

  /** Compacts the intervals the log's time has left behind; a late event reopens one. */
  private void compactBefore(long index) {
    if (index > compactedBefore) {
      for (int i = position(compactedBefore); i < size && indices[i] < index; i++) {
        held[i].compact();
      }
      compactedBefore = index;
    }
  }

  /** Encodes every interval; for a writer, once recording is over. The content is unchanged. */
  public void compactAll() {
    // the intervals behind the live window are compact already, but for late ones and merges'
    for (int i = 0; i < size; i++) {
      if (!held[i].isCompact()) {
        held[i].compact();
      }
    }
    late.clear();
    if (size > 0) {
      compactedBefore = Math.max(compactedBefore, indices[size - 1] + 1);
    }
  }

  /** Forgets the histograms of the groups {@code keep} refuses, in every interval. */
  void retainGroups(java.util.function.Predicate<String> keep) {
    for (int i = 0; i < size; i++) {
      held[i].retainGroups(keep);
    }
    names.removeIf(keep.negate());
  }

  void markRestart(long millis) {
    restarts.add(millis);
  }

  /** Adds a timeline on the same clock that a later part of the input recorded. */
  void add(Timeline later) {
    if (resolutionNanos > 0 && lastPauseEnd != Long.MIN_VALUE
        && later.firstPauseStart != Long.MAX_VALUE) {
      fillZeros(lastPauseEnd, later.firstPauseStart);
    }
    names.addAll(later.names); // and its live intervals note theirs here when compacted
    int from = 0; // the later part's intervals at or before our last one: added one by one
    for (; from < later.size && size > 0 && later.indices[from] <= indices[size - 1]; from++) {
      long i = later.indices[from];
      Interval ours = get(i);
      if (ours == null) {
        later.held[from].noteNamesIn(names);
        insert(position(i), i, later.held[from]);
      } else {
        ours.add(later.held[from]);
      }
    }
    int rest = later.size - from; // the others, after ours: copied on in one go
    room(size + rest);
    System.arraycopy(later.indices, from, indices, size, rest);
    for (int i = from; i < later.size; i++) { // ours now: a late event may add a name to them
      later.held[i].noteNamesIn(names);
      held[size++] = later.held[i];
    }
    restarts.addAll(later.restarts);
    if (events == 0) {
      firstEventMillis = later.firstEventMillis;
    }
    events += later.events;
    firstMillis = Math.min(firstMillis, later.firstMillis);
    lastMillis = Math.max(lastMillis, later.lastMillis);
    firstPauseStart = Math.min(firstPauseStart, later.firstPauseStart);
    lastPauseEnd = Math.max(lastPauseEnd, later.lastPauseEnd);
  }

  /** A copy to record more into, leaving this one as it is. */
  Timeline copy() {
    Timeline c = new Timeline(clock, lengthMillis, resolutionNanos);
    c.indices = Arrays.copyOf(indices, indices.length);
    c.held = new Interval[held.length];
    c.names = new HashSet<>(names);
    for (int i = 0; i < size; i++) {
      c.held[i] = held[i].copy(c.names);
    }
    c.size = size;
    c.restarts.addAll(restarts);
    c.events = events;
    c.firstMillis = firstMillis;
    c.lastMillis = lastMillis;
    c.firstEventMillis = firstEventMillis;
    c.firstPauseStart = firstPauseStart;
    c.lastPauseEnd = lastPauseEnd;
    return c;
  }

  /** Written with every interval compact; {@link #read} makes an equal timeline. */
  void write(java.io.DataOutput out) throws java.io.IOException {
    compactAll();
    out.writeBoolean(clock == Clock.WALL);
    out.writeInt(size);
    for (int i = 0; i < size; i++) {
      out.writeLong(indices[i]);
      held[i].write(out);
    }
    out.writeInt(restarts.size());
    for (long r : restarts) {
      out.writeLong(r);
    }
    for (long v : new long[] {events, firstMillis, lastMillis, firstEventMillis, firstPauseStart,
        lastPauseEnd}) {
      out.writeLong(v);
    }
  }

  static Timeline read(java.io.DataInput in, long lengthMillis, long resolutionNanos)
      throws java.io.IOException {
    Timeline t = new Timeline(in.readBoolean() ? Clock.WALL : Clock.UPTIME, lengthMillis,
        resolutionNanos);
    for (int n = Wire.count(in); n > 0; n--) {
      long index = in.readLong();
      Interval iv = Interval.read(in, t.names);
      if (t.get(index) != null) {
        throw new java.io.IOException("an interval written twice");
      }
      t.insert(t.position(index), index, iv);
    }
    if (t.size > 0) {
      t.compactedBefore = t.indices[t.size - 1] + 1;
    }
    for (int n = Wire.count(in); n > 0; n--) {
      t.restarts.add(in.readLong());
    }
    t.events = in.readLong();
    t.firstMillis = in.readLong();
    t.lastMillis = in.readLong();
    t.firstEventMillis = in.readLong();
    t.firstPauseStart = in.readLong();
    t.lastPauseEnd = in.readLong();
    return t;
  }

  public Clock clock() {
    return clock;
  }

  public long lengthMillis() {
    return lengthMillis;
  }

  /** The intervals that recorded something, by index; the writer fills the gaps. A copy. */
  public NavigableMap<Long, Interval> intervals() {
    NavigableMap<Long, Interval> copy = new TreeMap<>();
    for (int i = 0; i < size; i++) {
      copy.put(indices[i], held[i]);
    }
    return Collections.unmodifiableNavigableMap(copy);
  }

  /**
   * The names of the groups its intervals hold, every interval compacted first: what the writer
   * tags, without reading every interval.
   */
  public Set<String> groupNames() {
    compactAll();
    return Collections.unmodifiableSet(names);
  }

  /** How many intervals recorded something; {@link #indexAt} and {@link #intervalAt} read them. */
  public int size() {
    return size;
  }

  /** The index of the {@code i}-th interval that recorded something, ascending in {@code i}. */
  public long indexAt(int i) {
    return indices[i];
  }

  /** The {@code i}-th interval that recorded something. */
  public Interval intervalAt(int i) {
    return held[i];
  }

  /** Clock times at which a JVM restart was found and the timeline carried on (wall clock). */
  public List<Long> restarts() {
    return List.copyOf(restarts);
  }

  public long events() {
    return events;
  }

  public long firstMillis() {
    return firstMillis;
  }

  public long lastMillis() {
    return lastMillis;
  }

  long firstEventMillis() {
    return firstEventMillis;
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }
}
