package tardy.record;

import tardy.record.ReportIntervals;
import tardy.record.clock.Span;
import tardy.record.clock.Spans;
import tardy.record.clock.UptimeRuns;
import tardy.record.grouping.GroupKeys;
import tardy.record.grouping.Grouping;
import tardy.record.histogram.DistinctCount;
import tardy.record.window.TimeWindow;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tardy.record.pause.PauseIndex;
import tardy.record.objective.ObjectiveCounts;
import tardy.record.evidence.PauseEvidence;
import tardy.record.exemplar.Exemplar;
import tardy.record.exemplar.Slowest;
import tardy.record.exemplar.SlowestRequests;
import tardy.record.heap.HeapSeries;
import tardy.events.EventSink;
import tardy.events.Family;
import tardy.events.LinePosition;
import tardy.events.HeapCycleEvent;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Times;

/**
 * Records every event into the histogram of its group. One recorder per thread; recorders of one
 * analysis are added together in input order, and histograms add exactly.
 *
 * <p>The cap ({@code --max-operations}) keeps the groups with the most requests, decided once the
 * whole input is recorded, so no thread's timing decides it: ranked by count, then by name; the
 * rest add up into {@value #OTHER}. Memory is bounded: a recorder holds histograms for at most
 * {@link #trackLimit} groups besides the pinned ones and those the grouping expects (the
 * heaviest of a sample taken before the parallel pass). Beyond that, new groups add into one
 * histogram of untracked requests, and the rows are chosen among the expected groups only; this
 * happens exactly when the whole input has more than that many other groups, whatever the parts.
 * Groups are of one family each (requests, safepoints, GC pauses, stalls): the same name in two
 * families is two groups, and each family folds into an {@value #OTHER} of its own.
 *
 * <p>What a recorder keeps must add up the same whatever the order of the lines it saw (sums,
 * minima, maxima, histograms), except what {@link #cutLineOrdered} moves out: a stream's blocks
 * are parsed by workers in any order ({@code BlockParse} in run), and
 * SameJsonWhateverTheThreadsTest holds the result to a single pass's.
 */
public final class Recorder implements EventSink {

  public static final String OTHER = "(other)";
  public static final int DEFAULT_MAX_GROUPS = 1000;

  private final int maxGroups;
  private final int trackLimit;
  private final Map<GroupId, Group> groups = new LinkedHashMap<>();
  private final Grouping grouping;
  /**
   * Per family, as the same name may be a group of two families (a JDK 8 GC pause and its
   * safepoint); made on a family's first event, so a recorder that records nothing costs little.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private final GroupKeys<Group>[] keys = new GroupKeys[Family.values().length];
  /** Tracked groups that are neither pinned nor expected: the ones the limit counts. */
  private int plainTracked;
  /** Per family, the events of groups refused past the limit. */
  private final Map<Family, Group> untracked = new EnumMap<>(Family.class);
  private boolean overflowed;
  /** Every group name seen, for the number of groups folded when some went untracked. */
  private final DistinctCount names = new DistinctCount();
  private Capped capped; // the kept groups and (other), computed once recording is over
  private long requests;
  private long pauses;
  private UptimeRuns uptimeRuns = new UptimeRuns();
  private long firstPauseWall = Long.MAX_VALUE; // the wall-clock time the pauses span
  private long lastPauseWall = Long.MIN_VALUE;
  private PauseEvidence evidence = new PauseEvidence();
  private HeapSeries heap = new HeapSeries(); // line-ordered, like the evidence
  private final PauseOverlaps overlaps; // null: no JVM pauses to put requests against
  private int coarsestRequestResolution; // ms, of the request times seen; 0: none
  private final Spans spans = new Spans();
  private final ReportIntervals perInterval; // null: no --interval
  private final long jvmStartMillis; // --start-time, for uptime-only pauses; Times.NONE: none
  private ObjectiveCounts objectiveCounts; // null until a request of a group with an objective
  private SlowestRequests slowest = new SlowestRequests(this::plainRequestGroup); // line-ordered
  private LinePosition position; // of the part being read: the line of a slow request

  public Recorder(Grouping grouping, int maxGroups) {
    this(grouping, maxGroups, null);
  }

  /** A recorder that also looks up each request's overlaps with these pauses (null: none). */
  public Recorder(Grouping grouping, int maxGroups, PauseIndex pauses) {
    this(grouping, maxGroups, pauses, 0);
  }

  /**
   * A recorder that also records latencies per interval of {@code intervalMillis} on the log's
   * wall clock (0: none), for {@code --interval}.
   */
  public Recorder(Grouping grouping, int maxGroups, PauseIndex pauses, long intervalMillis) {
    this(grouping, maxGroups, pauses, intervalMillis, ReportIntervals.MAX_TOTAL_PAGES,
        Times.NONE);
  }

  /**
   * The same, with {@code --interval}'s page budgets scaled down ({@link ReportIntervals}: the
   * totals' {@code totalPages}, the groups' twice that) for tests, and pauses with uptime only
   * placed on the wall clock at {@code jvmStartMillis} plus their uptime ({@code --start-time};
   * {@link Times#NONE}: not placed) in the intervals and spans, as {@code --from/--to} place them.
   */
  Recorder(Grouping grouping, int maxGroups, PauseIndex pauses, long intervalMillis,
      long totalPages, long jvmStartMillis) {
    this.jvmStartMillis = jvmStartMillis;
    this.perInterval = intervalMillis <= 0 ? null
        : new ReportIntervals(intervalMillis, totalPages,
            new ReportIntervals.Groups() {
          @Override
          public int rank(Group g) {
            return g.sampleRank(grouping);
          }

          @Override
          public void dropIntervals(long fromRank) {
            for (Group g : groups.values()) {
              if (rank(g) >= fromRank) {
                g.dropIntervals();
              }
            }
            untracked.values().forEach(Group::dropIntervals); // never ranked: not kept
          }

          @Override
          public long intervalCount() {
            return sum(Group::intervalCount);
          }

          @Override
          public long intervalPages() {
            return sum(Group::intervalPages);
          }

          private long sum(java.util.function.ToLongFunction<Group> of) {
            long n = 0;
            for (Group g : groups.values()) {
              n += of.applyAsLong(g);
            }
            for (Group g : untracked.values()) {
              n += of.applyAsLong(g);
            }
            return n;
          }
        });
    this.grouping = grouping;
    this.maxGroups = maxGroups;
    this.trackLimit = 4 * maxGroups;
    this.overlaps = pauses == null ? null : new PauseOverlaps(pauses, this::allStalls);
  }

  @Override
  public void reading(LinePosition position) {
    this.position = position;
    evidence.reading(position);
    heap.reading(position);
  }

  @Override
  public void zoneOffset(int offsetSeconds) {
    spans.zoneOffset(offsetSeconds);
  }

  /** The offsets from UTC the logs' times carried. */
  public tardy.record.clock.ZoneOffsets zoneOffsets() {
    return spans.offsets();
  }

  @Override
  public void request(RequestEvent e) {
    if (!Times.isSet(e.latencyNanos()) || e.latencyNanos() < 0) {
      return; // parsers only report requests with a latency; guard against a format's bug
    }
    Group group = keys(Family.REQUEST).request(e);
    group.recordLatency(e.latencyNanos());
    if (e.latencyNanos() > group.slowestFloorNanos()) { // one comparison for most requests
      keepSlow(group, e);
    }
    if (perInterval != null) {
      perInterval.record(group, e.wallMillis(), e.latencyNanos());
    }
    group.recordStatus(e.status(), e.clientAborted());
    if (grouping.hasObjectives()) {
      objectiveCounts().request(group.name(), e);
    }
    if (e.status() >= 500 && e.status() <= 599) {
      group.recordServerError(e.latencyNanos());
    } else if (e.clientAborted()) {
      group.recordClientClosedWait(e.latencyNanos());
    }
    if (Times.isSet(e.upstreamNanos()) && e.upstreamNanos() >= 0) {
      group.recordUpstream(e.upstreamNanos(), e.upstreamParts());
    }
    if (Times.isSet(e.wallMillis())) {
      spans.record(Family.REQUEST, e.wallMillis(), e.wallResolutionMillis());
    }
    if (overlaps != null) {
      overlaps.record(group, e);
      if (Times.isSet(e.wallMillis())) {
        coarsestRequestResolution = Math.max(coarsestRequestResolution, e.wallResolutionMillis());
      }
    }
    requests++;
  }

  /** Keeps a request among its group's slowest, if it is one of them. */
  private void keepSlow(Group group, RequestEvent e) {
    boolean pooledBefore = slowest.pooled();
    Slowest kept = slowest.of(group.name());
    if (kept.floorNanos() >= e.latencyNanos()) {
      group.slowestFloorNanos(kept.floorNanos()); // not among them: no copy of its id
      return;
    }
    byte[] id = e.hasRequestId() ? java.util.Arrays.copyOfRange(e.buf(), e.requestIdFrom(),
        e.requestIdTo()) : null;
    kept.offer(new Exemplar(e.latencyNanos(), 0, position == null ? Times.NONE : position.line(),
        e.wallMillis(), e.status(), id));
    if (!pooledBefore && slowest.pooled()) {
      forgetSlowestFloors(); // the plain groups now share one floor
    }
    group.slowestFloorNanos(kept.floorNanos());
  }

  @Override
  public void pause(PauseEvent e) {
    if (!Times.isSet(e.totalNanos()) || e.totalNanos() < 0) {
      return;
    }
    Group group = keys(e.family()).pause(e);
    group.recordLatency(e.totalNanos());
    long wall = TimeWindow.wallMillis(e, jvmStartMillis);
    if (perInterval != null) {
      perInterval.record(group, wall, e.totalNanos());
    }
    if (Times.isSet(e.timeToSafepointNanos()) && e.timeToSafepointNanos() >= 0) {
      group.recordTimeToSafepoint(e.timeToSafepointNanos());
    }
    if (Times.isSet(wall)) {
      spans.record(e.family(), wall, 1); // JVM logs print milliseconds
    }
    if (Times.isSet(e.wallMillis())) { // the stopped share's coverage: uptime runs without it
      firstPauseWall = Math.min(firstPauseWall, e.wallMillis());
      lastPauseWall = Math.max(lastPauseWall, e.wallMillis());
    }
    if (Times.isSet(e.uptimeMillis())) {
      uptimeRuns.record(e.uptimeMillis());
    }
    evidence.pause(e); // keeps safepoints, GC pauses and stalls apart itself
    heap.pause(e); // GC pauses only
    pauses++;
  }

  /** A concurrent cycle's heap: no pause, so no group, interval or evidence counts it. */
  @Override
  public void heapCycle(HeapCycleEvent e) {
    heap.cycle(e);
  }

  private GroupKeys<Group> keys(Family family) {
    GroupKeys<Group> k = keys[family.ordinal()];
    if (k == null) {
      k = keys[family.ordinal()] = new GroupKeys<>(grouping, name -> named(family, name));
    }
    return k;
  }

  /**
   * A recorder holding only what this one recorded that depends on the order of the lines (the
   * pauses' evidence and uptime runs), which this one starts afresh; everything else (histograms,
   * counts) adds the same in any order. A worker parsing blocks of a stream as they come keeps one
   * recorder for the whole stream and cuts this off after each block; the cuts add in the
   * stream's order.
   */
  Recorder cutLineOrdered() {
    Recorder cut = new Recorder(grouping, maxGroups, pauseIndex());
    PauseEvidence freshEvidence = cut.evidence;
    cut.evidence = evidence;
    evidence = freshEvidence;
    UptimeRuns freshRuns = cut.uptimeRuns;
    cut.uptimeRuns = uptimeRuns;
    uptimeRuns = freshRuns;
    HeapSeries freshHeap = cut.heap;
    cut.heap = heap;
    heap = freshHeap;
    cut.slowest = slowest;
    slowest = new SlowestRequests(this::plainRequestGroup);
    forgetSlowestFloors(); // the slowest start afresh
    return cut;
  }

  /** Every group's floor back to "any request": its kept requests moved or started afresh. */
  private void forgetSlowestFloors() {
    for (Group g : groups.values()) {
      g.slowestFloorNanos(-1);
    }
    for (Group g : untracked.values()) {
      g.slowestFloorNanos(-1);
    }
  }

  /**
   * Whether a request group of this name is neither pinned nor among the sample's {@link
   * SlowestRequests#RANKED_OWN} heaviest: its list counts against the bound.
   */
  private boolean plainRequestGroup(String name) {
    return !grouping.pinned(name) && grouping.sampleRank(name) >= SlowestRequests.RANKED_OWN;
  }

  /**
   * A group's identity: its family and its name. Equality and hash written out as a record's are
   * defined: the generated ones are linked through {@code invokedynamic} at their first call,
   * which was a twelfth of a 10-line run's start-up.
   */
  private record GroupId(Family family, String name) {
    @Override
    public boolean equals(Object o) {
      return o instanceof GroupId other && family == other.family
          && java.util.Objects.equals(name, other.name);
    }

    @Override
    public int hashCode() {
      return 31 * java.util.Objects.hashCode(family) + java.util.Objects.hashCode(name);
    }
  }

  /** The group of that family and name; the family's untracked one when the limit refuses it. */
  private Group named(Family family, String name) {
    GroupId id = new GroupId(family, name);
    Group group = groups.get(id);
    if (group != null) {
      return group;
    }
    capped = null;
    names.add(name);
    boolean plain = !grouping.pinned(name) && !grouping.expected(name);
    if (plain && plainTracked >= trackLimit) {
      if (!overflowed) {
        overflowed = true;
        pastTheBound();
      }
      return untracked.computeIfAbsent(family, f -> new Group(OTHER, f));
    }
    plainTracked += plain ? 1 : 0;
    group = new Group(name, family);
    groups.put(id, group);
    return group;
  }

  /**
   * Which groups a recorder tracks one by one past the bound depends on where its part began, so
   * nothing kept may depend on how they are split between tracked and untracked: only the ranked
   * groups (always tracked, their counts exact in every part) keep their latencies per interval,
   * and no group keeps histograms per interval of the pauses' span. Whether the input goes past
   * the bound is the input's, so what is kept is too.
   */
  private void pastTheBound() {
    if (perInterval != null) {
      perInterval.rankedOnly();
    }
    if (overlaps != null) {
      overlaps.dropIntervalHistograms();
    }
  }

  /** Every group's meetings with the JVM's pauses, tracked or not. */
  private Iterable<Stalls> allStalls() {
    return () -> java.util.stream.Stream.concat(groups.values().stream(), untracked.values().stream())
        .map(Group::stalls).filter(java.util.Objects::nonNull).iterator();
  }

  /** Adds what a recorder of a later part of the input recorded. */
  public void add(Recorder later) {
    for (Group theirs : later.groups.values()) {
      Group ours = named(theirs.family(), theirs.name());
      ours.add(theirs);
      if (overlaps != null) {
        ours.addStalls(theirs, overlaps.index());
      }
    }
    coarsestRequestResolution = Math.max(coarsestRequestResolution, later.coarsestRequestResolution);
    for (Group theirs : later.untracked.values()) {
      Group ours = untracked.computeIfAbsent(theirs.family(), f -> new Group(OTHER, f));
      ours.add(theirs);
      if (overlaps != null) {
        ours.addStalls(theirs, overlaps.index());
      }
    }
    if (overlaps != null) {
      overlaps.settle();
    }
    if (perInterval != null && later.perInterval != null) {
      perInterval.add(later.perInterval);
    }
    overflowed |= later.overflowed;
    if (overflowed) { // either was past the bound, or both together are: the later one's came in
      pastTheBound();
    }
    names.addAll(later.names);
    capped = null;
    requests += later.requests;
    pauses += later.pauses;
    uptimeRuns.addLater(later.uptimeRuns);
    long[] shift = evidence.placeShift(later.evidence); // the pauses' places move as the evidence's
    evidence.addLater(later.evidence);
    heap.addLater(later.heap, (int) shift[0], shift[1]);
    slowest.addLater(later.slowest, (int) shift[0], shift[1],
        name -> name.equals(OTHER) ? OTHER : named(Family.REQUEST, name).name());
    forgetSlowestFloors();
    firstPauseWall = Math.min(firstPauseWall, later.firstPauseWall);
    lastPauseWall = Math.max(lastPauseWall, later.lastPauseWall);
    spans.add(later.spans);
    if (later.objectiveCounts != null) {
      objectiveCounts().add(later.objectiveCounts);
    }
  }

  /** Everything recorded, for {@link ResultCodec}; the grouping is the reader's. */
  void write(java.io.DataOutput out) throws java.io.IOException {
    write(out, groups.values(), untracked.values(), false);
  }

  /**
   * The same, settled for a result that is kept ({@code --save}) rather than added to: past the
   * groups a part tracks ({@link #foldedGroupsEstimated}), which groups were tracked, and so the
   * histograms of those the cap folds, depend on where the parts were cut. Then only the groups
   * the cap keeps are written, and all it folds as one untracked group per family: what the
   * analysis shows, in the same bytes whatever the threads. (Read back, the folded count is the
   * estimate's, which past the tracked groups is the larger one already.)
   */
  void writeSettled(java.io.DataOutput out) throws java.io.IOException {
    if (!overflowed) {
      write(out);
      return;
    }
    List<Group> kept = new ArrayList<>();
    List<Group> folded = new ArrayList<>();
    for (Group g : capped().groups) {
      (groups.get(new GroupId(g.family(), g.name())) == g ? kept : folded).add(g);
    }
    write(out, kept, folded, true);
  }

  private void write(java.io.DataOutput out, Collection<Group> tracked,
      Collection<Group> notTracked, boolean settled) throws java.io.IOException {
    out.writeLong(perInterval == null ? 0 : perInterval.lengthMillis());
    if (perInterval != null) {
      perInterval.write(out);
    }
    out.writeInt(tracked.size());
    for (Group g : tracked) {
      g.write(out);
    }
    out.writeInt(notTracked.size());
    for (Group g : notTracked) {
      g.write(out);
    }
    out.writeBoolean(overflowed);
    names.write(out);
    out.writeLong(requests);
    out.writeLong(pauses);
    uptimeRuns.write(out);
    out.writeLong(firstPauseWall);
    out.writeLong(lastPauseWall);
    out.writeInt(coarsestRequestResolution);
    spans.write(out);
    evidence.write(out);
    heap.write(out);
    objectiveCounts().write(out);
    if (settled) { // as the rows show them: which groups were tracked depends on the parts
      slowest.writeAs(keptRequestGroups(), OTHER, out);
    } else {
      slowest.write(out);
    }
  }

  /**
   * What {@link #write} wrote, recording further with this grouping and cap, and putting requests
   * against these pauses (null: none; the ones the writer had).
   */
  static Recorder read(java.io.DataInput in, Grouping grouping, int maxGroups, PauseIndex pauses,
      long jvmStartMillis) throws java.io.IOException {
    Recorder r = new Recorder(grouping, maxGroups, pauses, in.readLong(),
        ReportIntervals.MAX_TOTAL_PAGES, jvmStartMillis);
    if (r.perInterval != null) {
      r.perInterval.read(in);
    }
    for (int n = in.readInt(); n > 0; n--) {
      Group g = Group.read(in);
      r.groups.put(new GroupId(g.family(), g.name()), g);
      r.plainTracked += grouping.pinned(g.name()) || grouping.expected(g.name()) ? 0 : 1;
    }
    for (int n = in.readInt(); n > 0; n--) {
      Group g = Group.read(in);
      r.untracked.put(g.family(), g);
    }
    r.overflowed = in.readBoolean();
    r.names.read(in);
    r.requests = in.readLong();
    r.pauses = in.readLong();
    r.uptimeRuns.read(in);
    r.firstPauseWall = in.readLong();
    r.lastPauseWall = in.readLong();
    r.coarsestRequestResolution = in.readInt();
    r.spans.read(in);
    r.evidence.read(in);
    r.heap.read(in);
    r.objectiveCounts = ObjectiveCounts.read(in, grouping::objective);
    r.slowest.read(in);
    if (r.overlaps != null) {
      r.overlaps.settle();
    }
    return r;
  }

  /**
   * Adds a group recorded elsewhere and known by its latencies alone (a histogram table's rows
   * rolled up): into the group of its name, or into its family's {@value #OTHER} when it is one.
   * For a recorder that records no events itself.
   */
  public void addRolledUp(Group g) {
    if (g.name().equals(OTHER)) {
      untracked.computeIfAbsent(g.family(), f -> new Group(OTHER, f)).add(g);
    } else {
      named(g.family(), g.name()).add(g);
    }
    if (g.family() == Family.REQUEST) {
      requests += g.count();
    } else {
      pauses += g.count();
    }
    capped = null;
  }

  /**
   * Adds one interval of a group recorded elsewhere (a histogram table's row of {@code --interval}
   * rolled up): to the group's whole-run latencies as {@link #addRolledUp} does, and to this
   * recorder's intervals (its {@code --interval}, of which the row's length is a divisor) at the
   * interval holding {@code startMillis}.
   */
  public void addRolledUpInterval(Group g, long startMillis) {
    if (perInterval == null) {
      throw new IllegalStateException("a recorder without --interval");
    }
    addRolledUp(g);
    Group into = g.name().equals(OTHER) ? untracked.get(g.family()) : named(g.family(), g.name());
    perInterval.addRolledUp(into, startMillis, g.latency().toHdrHistogram(), g.maxNanos());
  }

  /**
   * Adds a group recorded elsewhere whose events had no time of the wall clock, so no interval (a
   * histogram table's whole-run row of a family without rows per interval, read with
   * {@code --interval}): as {@link #addRolledUp}, its events counted as in no interval.
   */
  public void addRolledUpUntimed(Group g) {
    if (perInterval == null) {
      throw new IllegalStateException("a recorder without --interval");
    }
    addRolledUp(g);
    perInterval.addUntimed(g.count());
  }

  /** The groups kept, pinned ones and the heaviest, and {@value #OTHER} when some were folded. */
  public Collection<Group> groups() {
    return capped().groups;
  }

  /**
   * How many distinct groups were folded into {@value #OTHER}: exact, unless more groups came
   * than a recorder tracks ({@link #foldedGroupsEstimated()}); then estimated.
   */
  public long foldedGroups() {
    return capped().folded;
  }

  /** Whether {@link #foldedGroups()} is an estimate (about 1.6 % standard error). */
  public boolean foldedGroupsEstimated() {
    return overflowed;
  }

  /**
   * This recorder's groups as a larger whole keeps them: each group named in {@code kept} (the
   * whole's {@link #groups()}), in that order, and every other one folded into its family's
   * {@value #OTHER}. A part of the input (one host, one day) then has the rows the whole shows,
   * whatever its own counts would keep, so its rows add up to the whole's.
   */
  public List<Group> groupsAs(Collection<Group> kept) {
    Map<GroupId, Group> mine = new LinkedHashMap<>();
    for (Group g : groups.values()) {
      mine.put(new GroupId(g.family(), g.name()), g);
    }
    List<Group> out = new ArrayList<>();
    for (Group g : kept) {
      Group ours = g.name().equals(OTHER) ? null : mine.remove(new GroupId(g.family(), g.name()));
      if (ours != null) {
        out.add(ours);
      }
    }
    Map<Family, Group> others = new EnumMap<>(Family.class);
    for (Group g : mine.values()) {
      fold(others, g);
    }
    for (Group g : untracked.values()) {
      fold(others, g);
    }
    out.addAll(others.values());
    return out;
  }

  /** The kept groups and what folded, after all parts are added. */
  private record Capped(List<Group> groups, long folded) {}

  private Capped capped() {
    if (capped == null) {
      capped = cap();
    }
    return capped;
  }

  /**
   * Keeps the pinned groups and the {@code maxGroups} others with the most requests (ties by
   * name); when some groups went untracked, only expected ones may be kept, since the others'
   * counts depend on where the parts were cut.
   */
  private Capped cap() {
    List<Group> ranked = new ArrayList<>(groups.values());
    ranked.sort(java.util.Comparator.comparingLong(Group::count).reversed()
        .thenComparing(Group::name));
    List<Group> kept = new ArrayList<>();
    Map<Family, Group> others = new EnumMap<>(Family.class);
    long folded = 0;
    int slots = maxGroups;
    for (Group g : ranked) {
      boolean pinned = grouping.pinned(g.name());
      if (pinned || slots > 0 && (!overflowed || grouping.expected(g.name()))) {
        kept.add(g);
        slots -= pinned ? 0 : 1;
      } else {
        fold(others, g);
        folded++;
      }
    }
    for (Group g : untracked.values()) {
      fold(others, g);
    }
    kept.addAll(others.values());
    if (overflowed) {
      folded = Math.max(folded, names.estimate() - (kept.size() - others.size()));
    }
    return new Capped(List.copyOf(kept), folded);
  }

  /** Adds a group into its family's {@value #OTHER}. */
  private void fold(Map<Family, Group> others, Group g) {
    Group other = others.computeIfAbsent(g.family(), f -> new Group(OTHER, f));
    other.add(g);
    if (overlaps != null) {
      other.addStalls(g, overlaps.index());
    }
  }

  public int maxGroups() {
    return maxGroups;
  }

  public long requests() {
    return requests;
  }

  public long pauses() {
    return pauses;
  }

  /**
   * The milliseconds of log the pauses cover: on the wall clock when the log has one, else on
   * uptime, run by run; {@link Times#NONE} when the log has neither.
   */
  public long pauseCoverageMillis() {
    if (firstPauseWall <= lastPauseWall) {
      return lastPauseWall - firstPauseWall;
    }
    return uptimeRuns.runs() > 0 ? uptimeRuns.coveredMillis() : Times.NONE;
  }

  /** Per family whose events had a wall-clock time, the span they cover, in family order. */
  public List<Span> spans() {
    return spans.spans();
  }

  /** The latencies per interval of --interval; null without one. */
  public ReportIntervals perInterval() {
    return perInterval;
  }

  /** The pauses requests were put against; null when the run has none. */
  public PauseIndex pauseIndex() {
    return overlaps == null ? null : overlaps.index();
  }

  /** The coarsest resolution of the requests' times in ms (1000: whole seconds); 0 when none. */
  public int coarsestRequestResolutionMillis() {
    return coarsestRequestResolution;
  }

  /** What the pauses show of their likely causes. */
  public PauseEvidence evidence() {
    return evidence;
  }

  /** Every GC pause with the heap it logged, in the log's order. */
  public HeapSeries heap() {
    return heap;
  }

  /**
   * The slowest requests of each request row, by its name: a kept group's own, and those of every
   * group folded into {@value #OTHER} together under it.
   */
  public Map<String, List<Exemplar>> slowestRequests() {
    Map<String, List<Exemplar>> out = new java.util.TreeMap<>();
    for (Map.Entry<String, Slowest> e : slowest.as(keptRequestGroups(), OTHER).rows().entrySet()) {
      out.put(e.getKey(), e.getValue().slowestFirst());
    }
    return out;
  }

  /** The slowest requests of all, slowest first: those of the rows, and of the groups past them. */
  public List<Exemplar> slowestOfAll() {
    return slowest.all().slowestFirst();
  }

  /** The names of the request groups the rows show on their own. */
  private java.util.Set<String> keptRequestGroups() {
    java.util.Set<String> kept = new java.util.HashSet<>();
    for (Group g : capped().groups) {
      if (g.family() == Family.REQUEST && !g.name().equals(OTHER)) {
        kept.add(g.name());
      }
    }
    return kept;
  }

  /** Good and bad events per minute of each group that has an objective. */
  /** Whether some group has an objective: its requests are then counted per minute. */
  public boolean countsObjectives() {
    return grouping.hasObjectives();
  }

  public ObjectiveCounts objectiveCounts() {
    if (objectiveCounts == null) {
      objectiveCounts = new ObjectiveCounts(grouping::objective);
    }
    return objectiveCounts;
  }

  /** The JVM runs the pauses' uptime shows (restarts inside the log start new ones). */
  public UptimeRuns uptimeRuns() {
    return uptimeRuns;
  }
}
