package tardy.record.pause;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import tardy.record.grouping.GroupKeys;
import tardy.record.grouping.Grouping;
import tardy.record.clock.UptimeRuns;
import tardy.events.EventSink;
import tardy.events.Family;
import tardy.events.LinePosition;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Times;

/**
 * Every JVM pause of a run on the wall clock, sorted by start: the timeline's side of the JVM.
 * JVM logs are small next to access logs, so they are read first, whole, into this index; every
 * request is then looked up in it while it is recorded ({@link #firstCandidate}), and none is kept.
 *
 * <p>A pause ends at its line's time (the JVM prints the line when the pause is over) unless the
 * parser says the time is when it began; it lasts its duration. A log with uptime only is placed
 * with the JVM's start time ({@code --start-time}), or else by the log's own lines that give both
 * a wall-clock time and the uptime ({@link #anchored()}); without either, or after the JVM
 * restarted (uptime went back) with no such line since, its pauses are counted as not placed.
 *
 * <p>Both pause families are kept: safepoints (the whole stop) and GC pauses (the collector's
 * part of it). A GC pause that lies inside a safepoint is that safepoint's stop: a request meets
 * it once ({@code PauseOverlaps} counts a request once whatever it met), and {@link #stops()}
 * counts it once.
 */
public final class PauseIndex implements java.io.Serializable {

  private static final long serialVersionUID = 1L; // shipped to a cluster's executors whole

  /** At most this many intervals across the pauses' span, for the per-interval series. */
  public static final int MAX_INTERVALS = 60;

  private final long[] startNanos;
  private final int[] durationNanos; // as durations reads them: 4 bytes a pause, not an end's 8
  private final CollectedPauses.Durations durations;
  private final int[] kind;
  private final List<String> kinds;
  private final List<Family> kindFamilies;
  private final int stops;
  private final long maxDurationNanos;
  private final long unplaced;
  private final long[] slackNanos; // per pause: how far its start and end may be off; null: PAUSE_NANOS
  private final long startTimeMillis; // Times.NONE: no --start-time
  private final long startTimePauses;
  private final List<Anchored> anchored;

  /**
   * How the uptime-only pauses of one JVM log were placed by the log's own lines that give both
   * a wall-clock time and the uptime, of the same JVM run: the offset between the two clocks
   * interpolated between the lines around the pause, since the clocks drift apart (NTP).
   *
   * @param pauses the pauses placed so
   * @param lines the lines that gave both times
   * @param firstLine the first of them, its times below
   * @param spreadMillis how far apart their offsets (wall - uptime) lie: the clocks' drift
   */
  public record Anchored(String source, long pauses, long lines, long firstLine,
      long firstWallMillis, long firstUptimeMillis, long spreadMillis)
      implements java.io.Serializable {}

  private PauseIndex(long[] startNanos, int[] durationNanos, CollectedPauses.Durations durations,
      int[] kind, long[] slackNanos,
      List<String> kinds, List<Family> kindFamilies, long unplaced, long startTimeMillis,
      long startTimePauses, List<Anchored> anchored) {
    this.slackNanos = slackNanos;
    this.startTimeMillis = startTimeMillis;
    this.startTimePauses = startTimePauses;
    this.anchored = List.copyOf(anchored);
    this.startNanos = startNanos;
    this.durationNanos = durationNanos;
    this.durations = durations;
    this.kind = kind;
    this.kinds = List.copyOf(kinds);
    this.kindFamilies = List.copyOf(kindFamilies);
    long max = 0;
    long first = startNanos.length == 0 ? 0 : startNanos[0];
    long last = first;
    for (int i = 0; i < startNanos.length; i++) {
      max = Math.max(max, durationNanos(i));
      last = Math.max(last, endNanos(i));
    }
    this.maxDurationNanos = max;
    this.unplaced = unplaced;
    long second = 1_000_000_000L;
    long width = Math.max(second, (last - first + MAX_INTERVALS - 1) / MAX_INTERVALS);
    this.intervalNanos = (width + second - 1) / second * second; // whole seconds
    this.firstIntervalNanos = first / second * second;
    this.intervals = startNanos.length == 0 ? 0
        : (int) ((last - firstIntervalNanos) / intervalNanos) + 1;
    int inside = 0;
    for (int p = 0; p < startNanos.length; p++) {
      inside += insideASafepoint(p) ? 1 : 0;
    }
    this.stops = startNanos.length - inside;
  }

  /**
   * Whether GC pause {@code p} lies inside a safepoint, within the JVM's millisecond times on
   * each side: then it is part of that stop, not one of its own.
   */
  public boolean insideASafepoint(int p) {
    if (family(p) != Family.GC_PAUSE) {
      return false;
    }
    long slack = 2 * ClockTolerance.PAUSE_NANOS;
    for (int q = firstCandidate(endNanos(p) - slack, p);
        q < startNanos.length && startNanos[q] <= startNanos[p] + slack; q++) {
      if (family(q) == Family.SAFEPOINT && startNanos[q] <= startNanos[p] + slack
          && endNanos(q) >= endNanos(p) - slack) {
        return true;
      }
    }
    return false;
  }

  private final long firstIntervalNanos;
  private final long intervalNanos;
  private final int intervals;

  /** The per-interval series cover the pauses' span in this many intervals of whole seconds. */
  public int intervals() {
    return intervals;
  }

  public long firstIntervalNanos() {
    return firstIntervalNanos;
  }

  public long intervalNanos() {
    return intervalNanos;
  }

  /** The interval a time falls in, or -1 outside the pauses' span. */
  public int intervalOf(long epochNanos) {
    if (epochNanos < firstIntervalNanos) {
      return -1;
    }
    long i = (epochNanos - firstIntervalNanos) / intervalNanos;
    return i < intervals ? (int) i : -1;
  }

  /**
   * This index as bytes, for a saved result ({@code run.SavedRun}): every field as it is, so
   * that {@link #read} gives an index that places every request as this one does.
   */
  public void write(java.io.DataOutput out) throws java.io.IOException {
    out.writeInt(startNanos.length);
    for (int p = 0; p < startNanos.length; p++) {
      out.writeLong(startNanos[p]);
      out.writeInt(durationNanos[p]);
      out.writeInt(kind[p]);
    }
    out.writeBoolean(slackNanos != null);
    if (slackNanos != null) {
      for (long s : slackNanos) {
        out.writeLong(s);
      }
    }
    durations.write(out);
    out.writeInt(kinds.size());
    for (int k = 0; k < kinds.size(); k++) {
      tardy.record.wire.Wire.writeString(out, kinds.get(k));
      out.writeUTF(kindFamilies.get(k).name());
    }
    out.writeLong(unplaced);
    out.writeLong(startTimeMillis);
    out.writeLong(startTimePauses);
    out.writeInt(anchored.size());
    for (Anchored a : anchored) {
      tardy.record.wire.Wire.writeString(out, a.source());
      out.writeLong(a.pauses());
      out.writeLong(a.lines());
      out.writeLong(a.firstLine());
      out.writeLong(a.firstWallMillis());
      out.writeLong(a.firstUptimeMillis());
      out.writeLong(a.spreadMillis());
    }
  }

  /** The index {@link #write} wrote. */
  public static PauseIndex read(java.io.DataInput in) throws java.io.IOException {
    int n = tardy.record.wire.Wire.count(in);
    long[] starts = new long[n];
    int[] durationsNanos = new int[n];
    int[] kinds = new int[n];
    for (int p = 0; p < n; p++) {
      starts[p] = in.readLong();
      durationsNanos[p] = in.readInt();
      kinds[p] = in.readInt();
    }
    long[] slack = null;
    if (in.readBoolean()) {
      slack = new long[n];
      for (int p = 0; p < n; p++) {
        slack[p] = in.readLong();
      }
    }
    CollectedPauses.Durations longer = CollectedPauses.Durations.read(in);
    int k = tardy.record.wire.Wire.count(in);
    List<String> names = new java.util.ArrayList<>(k);
    List<Family> families = new java.util.ArrayList<>(k);
    for (int i = 0; i < k; i++) {
      names.add(tardy.record.wire.Wire.readString(in));
      try {
        families.add(Family.valueOf(in.readUTF()));
      } catch (IllegalArgumentException e) {
        throw new java.io.IOException("an unknown pause family", e);
      }
    }
    for (int p = 0; p < n; p++) {
      if (kinds[p] < 0 || kinds[p] >= k) {
        throw new java.io.IOException("a pause of an unknown kind");
      }
    }
    long unplaced = in.readLong();
    long startTime = in.readLong();
    long startTimePauses = in.readLong();
    int a = tardy.record.wire.Wire.count(in);
    List<Anchored> anchored = new java.util.ArrayList<>(a);
    for (int i = 0; i < a; i++) {
      anchored.add(new Anchored(tardy.record.wire.Wire.readString(in), in.readLong(),
          in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong()));
    }
    return new PauseIndex(starts, durationsNanos, longer, kinds, slack, names, families, unplaced,
        startTime, startTimePauses, anchored);
  }

  /** An index without pauses. */
  public static PauseIndex empty() {
    return new PauseIndex(new long[0], new int[0], new CollectedPauses.Durations(), new int[0],
        new long[0], List.of(), List.of(), 0, Times.NONE, 0, List.of());
  }

  public int size() {
    return startNanos.length;
  }

  /** The JVM's stops: every pause but the GC pauses that lie inside a safepoint. */
  public int stops() {
    return stops;
  }

  /**
   * How far the pause's start and end may be off either way: the JVM's millisecond times
   * ({@link ClockTolerance#PAUSE_NANOS}), and for a pause placed by the log's own anchors their
   * error and the clocks' drift between them.
   */
  public long slackNanos(int pause) {
    return slackNanos == null ? ClockTolerance.PAUSE_NANOS : slackNanos[pause];
  }

  /** Pauses with uptime only placed with {@code --start-time}. */
  public long startTimePauses() {
    return startTimePauses;
  }

  /** The {@code --start-time} those were placed with, epoch ms; {@link Times#NONE}: none given. */
  public long startTimeMillis() {
    return startTimeMillis;
  }

  /** Per JVM log whose uptime-only pauses its own lines placed, how. */
  public List<Anchored> anchored() {
    return anchored;
  }

  /** Pauses the log could not put on the wall clock (uptime only, no --start-time). */
  public long unplaced() {
    return unplaced;
  }

  public long startNanos(int pause) {
    return startNanos[pause];
  }

  public long endNanos(int pause) {
    return startNanos[pause] + durationNanos(pause);
  }

  public long durationNanos(int pause) {
    return durations.decode(durationNanos[pause]);
  }

  /** The pause's kind as an index into {@link #kinds()}. */
  public int kind(int pause) {
    return kind[pause];
  }

  /** The pause kinds, named as the report's pause groups are. */
  public List<String> kinds() {
    return kinds;
  }

  /** The family of kind {@code k}: {@link Family#SAFEPOINT} or {@link Family#GC_PAUSE}. */
  public Family kindFamily(int k) {
    return kindFamilies.get(k);
  }

  /** The family of pause {@code p}. */
  public Family family(int p) {
    return kindFamilies.get(kind[p]);
  }

  /**
   * The first pause that may end at or after {@code fromNanos}: pauses are sorted by start and
   * none lasts longer than the longest, so no earlier one can. Walk on while {@code start <= to}.
   * Searched outwards from {@code near}, an earlier answer: requests arrive nearly in time order,
   * so the answer is a few pauses away, and the search reads those few and not, as a binary
   * search would, some twenty pauses spread over the whole index.
   */
  public int firstCandidate(long fromNanos, int near) {
    long earliestStart = fromNanos - maxDurationNanos;
    int n = startNanos.length;
    int at = Math.max(0, Math.min(near, n));
    // the answer is the first start >= earliestStart: bracket it in [lo, hi] by doubling steps
    int lo;
    int hi;
    if (at < n && startNanos[at] < earliestStart) {
      lo = at + 1;
      hi = n;
      for (int step = 1; at + step < n; step <<= 1) {
        if (startNanos[at + step] >= earliestStart) {
          hi = at + step;
          break;
        }
        lo = at + step + 1;
      }
    } else {
      lo = 0;
      hi = at;
      for (int step = 1; at - step >= 0; step <<= 1) {
        if (startNanos[at - step] < earliestStart) {
          lo = at - step + 1;
          break;
        }
        hi = at - step;
      }
    }
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (startNanos[mid] < earliestStart) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** Collects pauses while JVM logs are read, in their order. */
  public static final class Collector implements EventSink {

    private final GroupKeys<String> keys;
    private final Map<Kind, Integer> kindIds = new HashMap<>();
    private final List<Kind> kindList = new ArrayList<>();
    private final CollectedPauses pauses = new CollectedPauses();
    private boolean built;
    private long previousPauseUptime = Times.NONE; // across inputs, for --start-time's restart
    private boolean restarted;
    private final List<String> inputs = new ArrayList<>();
    private final List<Anchor> anchors = new ArrayList<>();
    private int run = -1; // runs count across inputs: a run never spans two inputs
    private final List<Integer> runInput = new ArrayList<>();
    private long lastPauseUptime = Times.NONE;
    private long lastAnchorUptime = Times.NONE;
    private int stampedRun = -1; // the run whose pauses carry the wall clock; -1: none yet
    private LinePosition position;

    /** A line with both times: where uptime was on the wall clock in one run of one input. */
    private record Anchor(int run, long uptimeMillis, long offsetMillis, long line) {}

    /** A pause kind is its name within its family: the two families name their kinds apart. */
    private record Kind(Family family, String name) {}

    public Collector(Grouping grouping) {
      this.keys = new GroupKeys<>(grouping, name -> name);
    }

    @Override
    public void request(RequestEvent e) {
      // requests are recorded by the report's own pass
    }

    /** The next lines are another JVM log's: its runs and its anchors are its own. */
    public void startInput(String name) {
      inputs.add(name);
      newRun();
    }

    private void newRun() {
      if (inputs.isEmpty()) {
        inputs.add("(input)");
      }
      run++;
      runInput.add(inputs.size() - 1);
      lastPauseUptime = Times.NONE;
      lastAnchorUptime = Times.NONE;
    }

    /**
     * Follows the uptime: going back means the JVM restarted, and a new run begins. Pauses and
     * anchors are followed apart: a JDK 8 pause is stamped when it began, and a concurrent phase
     * stamped inside it (an anchor) is later, so a pause after its own anchor is no restart; a
     * restart goes back below both.
     */
    private void observe(long uptimeMillis, boolean anchor) {
      long reference = Math.min(Times.isSet(lastPauseUptime) ? lastPauseUptime : Long.MAX_VALUE,
          Times.isSet(lastAnchorUptime) ? lastAnchorUptime : Long.MAX_VALUE);
      if (run < 0 || reference != Long.MAX_VALUE && UptimeRuns.isRestart(reference, uptimeMillis)) {
        newRun();
      }
      if (anchor) {
        lastAnchorUptime = uptimeMillis;
      } else {
        lastPauseUptime = uptimeMillis;
      }
    }

    @Override
    public void reading(LinePosition at) {
      this.position = at;
    }

    /**
     * A line of the log being read gives both times (its parser was asked for anchors). Kept
     * only while the run's pauses have not shown the wall clock themselves: a run whose pauses
     * carry it (a log decorated with time and uptime, where every line is an anchor) places them
     * by it, and keeping its lines would hold one anchor per line of the log.
     */
    @Override
    public void anchor(long wallMillis, long uptimeMillis, long line) {
      observe(uptimeMillis, true);
      if (run != stampedRun) {
        anchors.add(new Anchor(run, uptimeMillis, wallMillis - uptimeMillis, line));
      }
    }

    /** The anchors held for placing pauses (memory: not one per line of a stamped log). */
    int anchorsKept() {
      return anchors.size();
    }

    /** A pause of this run carries the wall clock: the run's anchors place nothing. */
    private void stamped() {
      if (stampedRun != run) {
        stampedRun = run;
        while (!anchors.isEmpty() && anchors.get(anchors.size() - 1).run() == run) {
          anchors.remove(anchors.size() - 1);
        }
      }
    }

    @Override
    public void pause(PauseEvent e) {
      if (!Times.isSet(e.totalNanos()) || e.totalNanos() < 0 || e.family() == Family.STALL) {
        return; // a stall holds one thread, not every request in flight
      }
      if (Times.isSet(e.uptimeMillis())) {
        observe(e.uptimeMillis(), false);
      } else if (run < 0) {
        newRun();
      }
      if (Times.isSet(e.wallMillis())) {
        stamped();
      }
      int flags = e.stampedAtStart() ? CollectedPauses.AT_START : 0;
      if (Times.isSet(e.uptimeMillis())) {
        flags |= CollectedPauses.UPTIME;
        restarted |= Times.isSet(previousPauseUptime)
            && UptimeRuns.isRestart(previousPauseUptime, e.uptimeMillis());
        previousPauseUptime = e.uptimeMillis();
      }
      if (restarted) {
        flags |= CollectedPauses.RESTARTED;
      }
      long clock = e.uptimeMillis();
      if (Times.isSet(e.wallMillis())) {
        flags |= CollectedPauses.WALL;
        clock = e.wallMillis();
      }
      pauses.add(clock, e.totalNanos(), idOf(new Kind(e.family(), keys.pause(e))), flags, run);
    }

    private int idOf(Kind k) {
      Integer id = kindIds.get(k);
      if (id == null) {
        id = kindList.size();
        kindIds.put(k, id);
        kindList.add(k);
      }
      return id;
    }

    /**
     * The index on the wall clock; {@code jvmStartMillis} places pauses that have uptime only
     * (until the first restart). Once: the pauses are placed where they were collected.
     */
    public PauseIndex build(OptionalLong jvmStartMillis) {
      if (built) {
        throw new IllegalStateException("a pause index is built once from what was collected");
      }
      built = true;
      CollectedPauses all = pauses;
      Map<Integer, List<Anchor>> byRun = new HashMap<>();
      for (Anchor a : anchors) {
        byRun.computeIfAbsent(a.run(), r -> new ArrayList<>()).add(a);
      }
      byRun.values().forEach(l -> l.sort(java.util.Comparator.comparingLong(Anchor::uptimeMillis)));
      int placed = 0;
      boolean anyAnchored = false;
      for (int i = 0; i < all.size(); i++) { // first how many, so that the index is sized to them
        Placement how = placement(all, i, jvmStartMillis, byRun);
        placed += how == Placement.NONE ? 0 : 1;
        anyAnchored |= how == Placement.ANCHORS;
      }
      long[] slack = anyAnchored ? new long[placed] : null; // null: every pause's is PAUSE_NANOS
      long startTimePauses = 0;
      long[] anchoredPauses = new long[inputs.size()];
      int[] keptKindIds = new int[kindList.size()]; // the index's number of a kind; -1: none yet
      java.util.Arrays.fill(keptKindIds, -1);
      List<String> keptKinds = new ArrayList<>();
      List<Family> keptFamilies = new ArrayList<>();
      int at = 0;
      for (int i = 0; i < all.size(); i++) { // placed in place: the pauses are never held twice
        long clock = all.clockMillis(i);
        long stampMillis;
        long slackNanos = ClockTolerance.PAUSE_NANOS;
        switch (placement(all, i, jvmStartMillis, byRun)) {
          case WALL -> stampMillis = clock;
          case START_TIME -> {
            stampMillis = jvmStartMillis.getAsLong() + clock;
            startTimePauses++;
          }
          case ANCHORS -> {
            long[] offsetAndDrift = offset(byRun.get(all.run(i)), clock);
            stampMillis = clock + offsetAndDrift[0];
            slackNanos += ClockTolerance.ANCHOR_NANOS + offsetAndDrift[1] * 1_000_000L;
            anchoredPauses[runInput.get(all.run(i))]++;
          }
          default -> {
            continue;
          }
        }
        long stamp = stampMillis * 1_000_000L;
        int k = all.kind(i);
        if (keptKindIds[k] < 0) {
          keptKindIds[k] = keptKinds.size();
          keptKinds.add(kindList.get(k).name());
          keptFamilies.add(kindList.get(k).family());
        }
        all.place(at, i,
            all.has(i, CollectedPauses.AT_START) ? stamp : stamp - all.durationNanos(i),
            keptKindIds[k]);
        if (slack != null) {
          slack[at] = slackNanos;
        }
        at++;
      }
      long unplaced = all.size() - placed;
      long[] start = all.takeStarts(placed);
      int[] duration = all.takeDurations(placed);
      int[] kinds = all.takeKinds(placed);
      int[] order = StableOrder.of(start); // equal starts keep log order
      if (order != null) {
        StableOrder.apply(order, start, duration, kinds, slack);
      }
      return new PauseIndex(start, duration, all.durations(), kinds, slack, keptKinds,
          keptFamilies, unplaced, jvmStartMillis.orElse(Times.NONE), startTimePauses,
          anchored(anchoredPauses));
    }

    /** How a collected pause is put on the wall clock, if it is. */
    private enum Placement { WALL, START_TIME, ANCHORS, NONE }

    /**
     * Its own wall clock; else its uptime with {@code --start-time} (until the first restart);
     * else its uptime with the anchors of its run; else not at all.
     */
    private static Placement placement(CollectedPauses all, int i, OptionalLong jvmStartMillis,
        Map<Integer, List<Anchor>> byRun) {
      if (all.has(i, CollectedPauses.WALL)) {
        return Placement.WALL;
      }
      if (!all.has(i, CollectedPauses.UPTIME)) {
        return Placement.NONE;
      }
      if (jvmStartMillis.isPresent() && !all.has(i, CollectedPauses.RESTARTED)) {
        return Placement.START_TIME;
      }
      return byRun.containsKey(all.run(i)) ? Placement.ANCHORS : Placement.NONE;
    }

    /**
     * Where uptime {@code uptimeMillis} was on the wall clock (wall - uptime), and how far that may
     * be off, in ms: the wall clock and the uptime clock drift apart (NTP), so between two anchors
     * of the run the offset is interpolated and may be off by their difference; outside them it is
     * the nearest one's, and may be off by the run's whole spread.
     */
    private static long[] offset(List<Anchor> run, long uptimeMillis) {
      int lo = 0;
      int hi = run.size();
      while (lo < hi) { // the first anchor at or after the uptime
        int mid = (lo + hi) >>> 1;
        if (run.get(mid).uptimeMillis() < uptimeMillis) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      if (lo == 0 || lo == run.size()) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (Anchor a : run) {
          min = Math.min(min, a.offsetMillis());
          max = Math.max(max, a.offsetMillis());
        }
        return new long[] {run.get(lo == 0 ? 0 : lo - 1).offsetMillis(), max - min};
      }
      Anchor before = run.get(lo - 1);
      Anchor after = run.get(lo);
      long change = after.offsetMillis() - before.offsetMillis();
      long span = after.uptimeMillis() - before.uptimeMillis(); // > 0: after's uptime is larger
      long offset = before.offsetMillis()
          + Math.round((double) change * (uptimeMillis - before.uptimeMillis()) / span);
      return new long[] {offset, Math.abs(change)};
    }

    private List<Anchored> anchored(long[] pausesPerInput) {
      List<Anchored> out = new ArrayList<>();
      for (int input = 0; input < inputs.size(); input++) {
        if (pausesPerInput[input] == 0) {
          continue;
        }
        Anchor first = null;
        long lines = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (Anchor a : anchors) {
          if (runInput.get(a.run()) == input) {
            first = first == null ? a : first;
            lines++;
            min = Math.min(min, a.offsetMillis());
            max = Math.max(max, a.offsetMillis());
          }
        }
        out.add(new Anchored(inputs.get(input), pausesPerInput[input], lines, first.line(),
            first.uptimeMillis() + first.offsetMillis(), first.uptimeMillis(), max - min));
      }
      return out;
    }
  }
}
