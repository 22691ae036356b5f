package tardy.classify;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tardy.classify.timeline.PauseIndex;
import tardy.classify.findings.PauseEvidence;
import tardy.parse.EventSink;
import tardy.parse.Family;
import tardy.parse.LinePosition;
import tardy.parse.PauseEvent;
import tardy.parse.RequestEvent;
import tardy.parse.Times;

/**
 * Records every event into the histogram of its group. One recorder per thread; recorders of one
 * analysis are added together in input order, and histograms add exactly.
 *
 * <p>The number of groups is capped: past the cap new groups fold into {@value #OTHER}, counted,
 * so a log full of unique paths cannot exhaust memory.
 */
public final class Recorder implements EventSink {

  public static final String OTHER = "(other)";
  public static final int DEFAULT_MAX_GROUPS = 1000;

  private final int maxGroups;
  private final Map<GroupId, Group> groups = new LinkedHashMap<>();
  private final java.util.Set<String> names = new java.util.HashSet<>();
  private final Grouping grouping;
  /** Per family, as the same name may be a group of two families (a JDK 8 GC pause and its safepoint). */
  private final List<GroupKeys<Group>> keys = new ArrayList<>();
  private final java.util.Set<String> folded = new java.util.HashSet<>();
  private long foldedDistinct;
  private long requests;
  private long pauses;
  private final UptimeRuns uptimeRuns = new UptimeRuns();
  private long firstPauseWall = Long.MAX_VALUE; // the wall-clock time the pauses span
  private long lastPauseWall = Long.MIN_VALUE;
  /** Likely causes, from the safepoints (the whole stops) and, apart, from the GC pauses. */
  private final PauseEvidence evidence = new PauseEvidence();
  private final PauseOverlaps overlaps; // null: no JVM pauses to put requests against
  private int coarsestRequestResolution; // ms, of the request times seen; 0: none

  public Recorder(Grouping grouping, int maxGroups) {
    this(grouping, maxGroups, null);
  }

  /** A recorder that also looks up each request's overlaps with these pauses (null: none). */
  public Recorder(Grouping grouping, int maxGroups, PauseIndex pauses) {
    this.grouping = grouping;
    for (Family family : Family.values()) {
      keys.add(new GroupKeys<>(grouping, name -> named(family, name)));
    }
    this.maxGroups = maxGroups;
    this.overlaps = pauses == null ? null : new PauseOverlaps(pauses);
  }

  @Override
  public void reading(LinePosition position) {
    evidence.reading(position);
  }

  @Override
  public void request(RequestEvent e) {
    if (!Times.isSet(e.latencyNanos()) || e.latencyNanos() < 0) {
      return; // parsers only report requests with a latency; guard against a format's bug
    }
    Group group = keys.get(Family.REQUEST.ordinal()).request(e);
    group.recordLatency(e.latencyNanos());
    group.recordStatus(e.status());
    if (e.status() >= 500 && e.status() <= 599) {
      group.recordServerError(e.latencyNanos());
    }
    if (Times.isSet(e.upstreamNanos()) && e.upstreamNanos() >= 0) {
      group.recordUpstream(e.upstreamNanos(), e.upstreamParts());
    }
    if (overlaps != null) {
      overlaps.record(group, e);
      if (Times.isSet(e.wallMillis())) {
        coarsestRequestResolution = Math.max(coarsestRequestResolution, e.wallResolutionMillis());
      }
    }
    requests++;
  }

  @Override
  public void pause(PauseEvent e) {
    if (!Times.isSet(e.totalNanos()) || e.totalNanos() < 0) {
      return;
    }
    Group group = keys.get(e.family().ordinal()).pause(e);
    group.recordLatency(e.totalNanos());
    if (Times.isSet(e.timeToSafepointNanos()) && e.timeToSafepointNanos() >= 0) {
      group.recordTimeToSafepoint(e.timeToSafepointNanos());
    }
    if (Times.isSet(e.wallMillis())) {
      firstPauseWall = Math.min(firstPauseWall, e.wallMillis());
      lastPauseWall = Math.max(lastPauseWall, e.wallMillis());
    }
    if (Times.isSet(e.uptimeMillis())) {
      uptimeRuns.record(e.uptimeMillis());
    }
    evidence.pause(e); // keeps safepoints, GC pauses and stalls apart itself
    pauses++;
  }

  /** A group's identity: its family and its name. */
  private record GroupId(Family family, String name) {}

  /** The group of that family and name; past the cap, {@value #OTHER} of the family. */
  private Group named(Family family, String name) {
    GroupId id = new GroupId(family, name);
    Group group = groups.get(id);
    if (group != null) {
      return group;
    }
    if (groups.size() >= maxGroups && !name.equals(OTHER) && !grouping.pinned(name)) {
      if (folded.size() < 4 * maxGroups && folded.add(name)) {
        foldedDistinct++;
      }
      return named(family, OTHER);
    }
    group = new Group(name, family);
    groups.put(id, group);
    names.add(name);
    return group;
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
    for (String name : later.folded) {
      if (!names.contains(name) && folded.size() < 4 * maxGroups && folded.add(name)) {
        foldedDistinct++;
      }
    }
    requests += later.requests;
    pauses += later.pauses;
    uptimeRuns.addLater(later.uptimeRuns);
    evidence.addLater(later.evidence);
    firstPauseWall = Math.min(firstPauseWall, later.firstPauseWall);
    lastPauseWall = Math.max(lastPauseWall, later.lastPauseWall);
  }

  /** Everything recorded, for {@link ResultCodec}; the grouping is the reader's. */
  void write(java.io.DataOutput out) throws java.io.IOException {
    out.writeInt(groups.size());
    for (Group g : groups.values()) {
      g.write(out);
    }
    out.writeInt(folded.size());
    for (String name : folded) {
      ResultCodec.writeString(out, name);
    }
    out.writeLong(foldedDistinct);
    out.writeLong(requests);
    out.writeLong(pauses);
    uptimeRuns.write(out);
    out.writeLong(firstPauseWall);
    out.writeLong(lastPauseWall);
    out.writeInt(coarsestRequestResolution);
    evidence.write(out);
  }

  /**
   * What {@link #write} wrote, recording further with this grouping and cap, and putting requests
   * against these pauses (null: none; the ones the writer had).
   */
  static Recorder read(java.io.DataInput in, Grouping grouping, int maxGroups, PauseIndex pauses)
      throws java.io.IOException {
    Recorder r = new Recorder(grouping, maxGroups, pauses);
    for (int n = in.readInt(); n > 0; n--) {
      Group g = Group.read(in);
      r.groups.put(new GroupId(g.family(), g.name()), g);
      r.names.add(g.name());
    }
    for (int n = in.readInt(); n > 0; n--) {
      r.folded.add(ResultCodec.readString(in));
    }
    r.foldedDistinct = in.readLong();
    r.requests = in.readLong();
    r.pauses = in.readLong();
    r.uptimeRuns.read(in);
    r.firstPauseWall = in.readLong();
    r.lastPauseWall = in.readLong();
    r.coarsestRequestResolution = in.readInt();
    r.evidence.read(in);
    return r;
  }

  public Collection<Group> groups() {
    return List.copyOf(new ArrayList<>(groups.values()));
  }

  /** How many distinct groups were folded into {@value #OTHER} (counted up to a bound). */
  public long foldedGroups() {
    return foldedDistinct;
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
  long pauseCoverageMillis() {
    if (firstPauseWall <= lastPauseWall) {
      return lastPauseWall - firstPauseWall;
    }
    return uptimeRuns.runs() > 0 ? uptimeRuns.coveredMillis() : Times.NONE;
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
  PauseEvidence evidence() {
    return evidence;
  }

  /** The JVM runs the pauses' uptime shows (restarts inside the log start new ones). */
  UptimeRuns uptimeRuns() {
    return uptimeRuns;
  }
}
