package tardy.classify;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tardy.parse.Ascii;
import tardy.parse.EventSink;
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

  private final Grouping grouping;
  private final int maxGroups;
  private final Map<String, Group> groups = new LinkedHashMap<>();
  private final RawKeyCache cache = new RawKeyCache();
  private final java.util.Set<String> folded = new java.util.HashSet<>();
  private long foldedDistinct;
  private long requests;
  private long pauses;
  private byte[] scratch = new byte[256];
  /** Whether ids may be folded in raw keys before the cache: see {@link #foldDigitRuns}. */
  private final boolean foldIds;

  private static final byte[] SCHEME_END = Ascii.bytes("://");

  public Recorder(Grouping grouping, int maxGroups) {
    this.grouping = grouping;
    this.maxGroups = maxGroups;
    this.foldIds = grouping == Grouping.DEFAULT;
  }

  @Override
  public void request(RequestEvent e) {
    if (!Times.isSet(e.latencyNanos()) || e.latencyNanos() < 0) {
      return; // parsers only report requests with a latency; guard against a format's bug
    }
    Group group = e.wellFormed() ? requestGroup(e) : named(Grouping.INVALID_REQUEST);
    group.recordLatency(e.latencyNanos());
    group.recordStatus(e.status());
    if (Times.isSet(e.upstreamNanos()) && e.upstreamNanos() >= 0) {
      group.recordUpstream(e.upstreamNanos());
    }
    group.recordTime(e.wallMillis(), Times.NONE);
    requests++;
  }

  @Override
  public void pause(PauseEvent e) {
    if (!Times.isSet(e.totalNanos()) || e.totalNanos() < 0) {
      return;
    }
    Group group = e.hasKind() ? pauseGroup(e) : named(Grouping.UNNAMED_PAUSE);
    group.recordLatency(e.totalNanos());
    if (Times.isSet(e.timeToSafepointNanos()) && e.timeToSafepointNanos() >= 0) {
      group.recordTimeToSafepoint(e.timeToSafepointNanos());
    }
    group.recordTime(e.wallMillis(), e.uptimeMillis());
    pauses++;
  }

  /** Copies "METHOD path" (query dropped) into the scratch buffer and looks it up. */
  private Group requestGroup(RequestEvent e) {
    byte[] b = e.buf();
    int pathTo = Ascii.indexOf(b, e.targetFrom(), e.targetTo(), (byte) '?');
    if (pathTo < 0) {
      pathTo = e.targetTo();
    }
    int methodLen = e.methodTo() - e.methodFrom();
    int pathLen = pathTo - e.targetFrom();
    int len = methodLen + 1 + pathLen;
    if (scratch.length < len) {
      scratch = new byte[Math.max(len, scratch.length * 2)];
    }
    System.arraycopy(b, e.methodFrom(), scratch, 0, methodLen);
    scratch[methodLen] = ' ';
    System.arraycopy(b, e.targetFrom(), scratch, methodLen + 1, pathLen);
    if (foldIds) {
      len = foldDigitRuns(scratch, methodLen + 1, len);
    }
    int hash = RawKeyCache.hash(scratch, 0, len);
    Group group = cache.get(scratch, 0, len, hash);
    if (group == null) {
      String method = Ascii.text(scratch, 0, methodLen);
      String path = Ascii.text(scratch, methodLen + 1, len);
      group = named(grouping.requestGroup(method, path));
      cache.put(scratch, 0, len, hash, group);
    }
    return group;
  }

  /**
   * Shortens every digit run that stands alone between separators in {@code b[from, to)} to one
   * {@code 0}, and every such UUID to the zero UUID, so {@code /product/123} and {@code
   * /product/456} share one raw key instead of missing the cache once per id. Only for {@link Grouping#DEFAULT}, which maps both to the same
   * group anyway: a run bounded on both sides by a byte that is neither a letter, a digit nor a
   * {@code -} is a whole word to {@link PathTemplates#normalize} (a UUID needs its dashes), and
   * one all-digit word becomes {@code {id}} whatever its digits, one UUID word {@code {uuid}}. Targets with {@code ://} are
   * left alone: there the position of the scheme decides what is stripped.
   *
   * @return the new end
   */
  static int foldDigitRuns(byte[] b, int from, int to) {
    if (Ascii.indexOf(b, from, to, SCHEME_END) >= 0) {
      return to;
    }
    int w = from;
    int i = from;
    while (i < to) {
      if ((i == from || isBoundary(b[i - 1])) && i + UUID_LENGTH <= to && isUuid(b, i)
          && (i + UUID_LENGTH == to || isBoundary(b[i + UUID_LENGTH]))) {
        System.arraycopy(ZERO_UUID, 0, b, w, UUID_LENGTH);
        w += UUID_LENGTH;
        i += UUID_LENGTH;
        continue;
      }
      if (isDigit(b[i]) && (i == from || isBoundary(b[i - 1]))) {
        int end = i + 1;
        while (end < to && isDigit(b[end])) {
          end++;
        }
        if (end - i > 1 && (end == to || isBoundary(b[end]))) {
          b[w++] = '0';
          i = end;
          continue;
        }
        while (i < end) {
          b[w++] = b[i++];
        }
        continue;
      }
      b[w++] = b[i++];
    }
    return w;
  }

  private static final int UUID_LENGTH = 36;
  private static final byte[] ZERO_UUID = Ascii.bytes("00000000-0000-0000-0000-000000000000");

  private static boolean isUuid(byte[] b, int at) {
    for (int k = 0; k < UUID_LENGTH; k++) {
      byte c = b[at + k];
      boolean dash = k == 8 || k == 13 || k == 18 || k == 23;
      if (dash ? c != '-' : !(isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')) {
        return false;
      }
    }
    return true;
  }

  private static boolean isDigit(byte c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isBoundary(byte c) {
    return !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-');
  }

  private Group pauseGroup(PauseEvent e) {
    byte[] b = e.kindBuf();
    int hash = RawKeyCache.hash(b, e.kindFrom(), e.kindTo());
    Group group = cache.get(b, e.kindFrom(), e.kindTo(), hash);
    if (group == null) {
      group = named(grouping.pauseGroup(Ascii.text(b, e.kindFrom(), e.kindTo())));
      cache.put(b, e.kindFrom(), e.kindTo(), hash, group);
    }
    return group;
  }

  /** The group of that name; past the cap, {@value #OTHER}. */
  private Group named(String name) {
    Group group = groups.get(name);
    if (group != null) {
      return group;
    }
    if (groups.size() >= maxGroups && !name.equals(OTHER)) {
      if (folded.size() < 4 * maxGroups && folded.add(name)) {
        foldedDistinct++;
      }
      return named(OTHER);
    }
    group = new Group(name);
    groups.put(name, group);
    return group;
  }

  /** Adds what a recorder of a later part of the input recorded. */
  public void add(Recorder later) {
    for (Group theirs : later.groups.values()) {
      named(theirs.name()).add(theirs);
    }
    for (String name : later.folded) {
      if (!groups.containsKey(name) && folded.size() < 4 * maxGroups && folded.add(name)) {
        foldedDistinct++;
      }
    }
    requests += later.requests;
    pauses += later.pauses;
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
}
