package tardy.formats.fields;

import tardy.events.LoggedOffsets;
import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.Outcome;
import tardy.events.RareBranch;
import tardy.events.RequestEvent;
import tardy.events.Times;

/**
 * The values one line gave for each {@link Role}, as byte ranges, and how they become an event.
 * Both the positional and the JSON reader fill one of these, so the meaning of a field is decided
 * in one place. The constants are nginx's words; a plan of another {@link Dialect} says its own.
 */
public final class Fields {

  public static final Outcome NO_MATCH = Outcome.malformed("line does not match the log_format");
  public static final Outcome NO_REQUEST_TIME = Outcome.malformed("no request time");
  public static final Outcome DASH_REQUEST_TIME = Outcome.ignored("request time is \"-\" or empty (nginx logged none)");
  public static final Outcome BAD_REQUEST_TIME = Unit.SECONDS_WITH_POINT.malformed();
  public static final Outcome BAD_UPSTREAM_TIME = Outcome.malformed("upstream time is not a list of seconds");
  /**
   * HAProxy's {@code option logasap} logs a request before it ends, its time marked {@code +}: a
   * lower bound of the request's time, which a percentile must not take for the time.
   */
  public static final Outcome LOWER_BOUND_REQUEST_TIME = Outcome.ignored("request time is a lower"
      + " bound, '+' (logged before the request ended: HAProxy's option logasap)");
  public static final Outcome BAD_STATUS = Outcome.malformed("status is not a 3-digit number");
  public static final Outcome BAD_BYTES = Outcome.malformed("byte count is not a number");
  public static final Outcome BAD_TIME = Outcome.malformed("timestamp unreadable");

  private static final byte[] CLIENT_DISCONNECTED = Ascii.bytes("client_disconnected");
  private static final byte[] BACKEND_TIMEOUT = Ascii.bytes("backend_timeout");

  /** The first of these a format has gives the line's time. */
  /** The finest clock first: $msec has milliseconds, $time_local whole seconds. */
  private static final Role[] TIME_ROLES = {Role.MSEC, Role.TIME_LOCAL_MILLIS_UTC, Role.TIME_ISO8601,
      Role.TIME_LOCAL};

  private final int[] from = new int[Role.COUNT];
  private final int[] to = new int[Role.COUNT];
  // the line each role was last set on: a role is seen on this line when it equals `line`, so
  // starting a line is one increment, not a clear of every role
  private final long[] setOnLine = new long[Role.COUNT];
  private long line = 1;
  private final Durations durations = new Durations();
  private final RequestEvent event = new RequestEvent();
  private final boolean asSent;
  private final Unit requestTimeUnit;
  private final Outcome absentRequestTime;
  private final int clientClosedStatus;
  private final boolean timeIsStart;
  private final boolean minusOneIsNone;
  private final byte[] noStatus; // null: the server always writes a status
  /** The request time's parts on this line ({@link Role#TIME_PART}), in order. */
  private final int[] partFrom = new int[MAX_PARTS];
  private final int[] partTo = new int[MAX_PARTS];
  private int parts;
  private static final int MAX_PARTS = 4;
  private static final Outcome TOO_MANY_PARTS = Outcome.malformed("more request time parts than the format has");

  public Fields(FieldPlan plan) {
    this.asSent = plan.asSent();
    Unit unit = plan.requestTimeUnit();
    this.requestTimeUnit = unit == null ? Unit.SECONDS_WITH_POINT : unit;
    this.absentRequestTime = plan.dialect().absentRequestTime();
    this.clientClosedStatus = plan.dialect().clientClosedStatus();
    this.timeIsStart = plan.dialect().timeIsStart();
    this.minusOneIsNone = plan.dialect().none().equals("-1");
    String none = plan.dialect().noStatus();
    this.noStatus = none == null ? null : Ascii.bytes(none);
  }
  // the last timestamp read: consecutive lines mostly share their second, so most lines reuse it
  private final byte[] lastTime = new byte[40];
  private int lastTimeLength = -1;
  private Role lastTimeRole;
  private long lastWallMillis;
  private int lastOffsetSeconds = LoggedOffsets.NONE;
  /** The zone offsets told to the sink, once per part and change. */
  private final LoggedOffsets offsets = new LoggedOffsets();

  /** The dialect's "no value": a dash or nothing, and HAProxy's -1. */
  private boolean absent(byte[] b, int f, int t) {
    return Durations.absent(b, f, t) || minusOneIsNone && t - f == 2 && b[f] == '-' && b[f + 1] == '1';
  }

  private boolean seen(int role) {
    return setOnLine[role] == line;
  }

  /** A new part is read: its sink is told the offsets again. */
  public void reading() {
    offsets.reading();
  }

  /** Forgets the fields of the previous line. */
  public void clear() {
    line++;
    parts = 0;
  }

  public void set(Role role, int valueFrom, int valueTo) {
    if (role == Role.TIME_PART) {
      if (parts < MAX_PARTS) {
        partFrom[parts] = valueFrom;
        partTo[parts] = valueTo;
      }
      parts++;
      return;
    }
    from[role.ordinal()] = valueFrom;
    to[role.ordinal()] = valueTo;
    setOnLine[role.ordinal()] = line;
  }

  /** Checks the values, fills the event and hands it to the sink when the line is a request. */
  public Outcome emit(byte[] b, EventSink sink) {
    int t = Role.REQUEST_TIME.ordinal();
    if (!seen(t)) {
      return emitFromParts(b, sink);
    }
    long latency = requestTimeUnit.nanos(b, from[t], to[t]);
    // a value that is none (-, nothing, -1) is no duration of any unit either (INVALID, the only
    // negative): both are told apart in a method of their own, reached on a branch also taken
    // every RareBranch.PERIOD-th line, so a log's first "-" recompiles nothing here
    if (((int) (latency >>> 63) | RareBranch.every(line)) != 0) {
      return emitChecked(b, sink, latency);
    }
    return emit(b, sink, latency);
  }

  /** A line whose request time may be none or no duration: told apart, else emitted. */
  private Outcome emitChecked(byte[] b, EventSink sink, long latency) {
    int t = Role.REQUEST_TIME.ordinal();
    if (absent(b, from[t], to[t])) {
      return absentRequestTime;
    }
    if (latency == Ascii.INVALID) {
      return to[t] - from[t] > 1 && b[from[t]] == '+'
          && requestTimeUnit.nanos(b, from[t] + 1, to[t]) != Ascii.INVALID
          ? LOWER_BOUND_REQUEST_TIME : requestTimeUnit.refusal(b, from[t], to[t]);
    }
    return emit(b, sink, latency);
  }

  /** A line whose request time is the sum of its parts ({@link Role#TIME_PART}), or has none. */
  private Outcome emitFromParts(byte[] b, EventSink sink) {
    long latency;
    if (parts > MAX_PARTS) {
      return TOO_MANY_PARTS;
    } else if (parts > 0) {
      latency = sumOfParts(b);
      if (latency == Times.NONE && !seen(Role.START_ISO8601.ordinal())) {
        return absentRequestTime;
      }
    } else {
      return NO_REQUEST_TIME;
    }
    if (latency == Ascii.INVALID) {
      return requestTimeUnit.malformed();
    }
    return emit(b, sink, latency);
  }

  /** The line's request once its time is read ({@link Times#NONE}: from its start to its end). */
  private Outcome emit(byte[] b, EventSink sink, long latency) {
    RequestEvent e = event.reset(b).latencyNanos(latency);
    int s = Role.STATUS.ordinal();
    if (seen(s) && !(minusOneIsNone && absent(b, from[s], to[s]))
        && !(noStatus != null && Ascii.equals(b, from[s], to[s], noStatus))) {
      long status = to[s] - from[s] == 3 ? Ascii.parseUnsignedLong(b, from[s], to[s]) : Ascii.INVALID;
      if (status == Ascii.INVALID) {
        return BAD_STATUS;
      }
      e.status((int) status);
      if (status == clientClosedStatus) {
        e.clientAborted(true);
      }
    }
    int ts = Role.TERMINATION_STATE.ordinal();
    if (seen(ts) && to[ts] > from[ts] && (b[from[ts]] == 'C' || b[from[ts]] == 'c')) {
      e.clientAborted(true);
    }
    if (seen(ts) && to[ts] > from[ts] && b[from[ts]] == 's') { // sH, sD: the server timed out
      e.serverTimedOut(true);
    }
    int rf = Role.RESPONSE_FLAGS.ordinal();
    if (seen(rf) && hasFlag(b, from[rf], to[rf], (byte) 'D', (byte) 'C')) {
      e.clientAborted(true);
    }
    if (seen(rf) && hasFlag(b, from[rf], to[rf], (byte) 'U', (byte) 'T')) {
      e.serverTimedOut(true);
    }
    int sd = Role.STATUS_DETAILS.ordinal();
    if (seen(sd) && Ascii.startsWith(b, from[sd], to[sd], CLIENT_DISCONNECTED)) {
      e.clientAborted(true);
    }
    if (seen(sd) && Ascii.equals(b, from[sd], to[sd], BACKEND_TIMEOUT)) {
      e.serverTimedOut(true);
    }
    int n = Role.BYTES.ordinal();
    if (seen(n) && !absent(b, from[n], to[n])
        && Ascii.parseUnsignedLong(b, from[n], to[n]) == Ascii.INVALID) {
      return BAD_BYTES;
    }
    long wall = wallMillis(b);
    if (wall != Times.NONE) {
      offsets.saw(lastOffsetSeconds, sink);
    }
    if (wall == Times.NONE && (seen(Role.TIME_LOCAL.ordinal()) || seen(Role.TIME_ISO8601.ordinal()) || seen(Role.MSEC.ordinal())
        || seen(Role.TIME_LOCAL_MILLIS_UTC.ordinal()) || seen(Role.DATE.ordinal()))) {
      return BAD_TIME;
    }
    if (latency == Times.NONE) { // parts unknown: the end minus the start, to the millisecond
      int st = Role.START_ISO8601.ordinal();
      long start = Timestamps.iso8601(b, from[st], to[st]);
      if (wall == Times.NONE || start == Times.NONE || start > wall) {
        return absentRequestTime;
      }
      latency = (wall - start) * 1_000_000L;
      e.latencyNanos(latency);
    }
    if (timeIsStart && wall != Times.NONE) {
      wall += latency / 1_000_000; // the end: the truncated start plus the whole time, so the end
      // lies within the start's resolution after this, as for a logged end
    }
    e.wallMillis(wall).wallResolutionMillis(wallResolutionMillis);
    int u = Role.UPSTREAM_TIME.ordinal();
    if (seen(u) && !Durations.absent(b, from[u], to[u])) {
      if (!durations.upstream(b, from[u], to[u])) {
        return BAD_UPSTREAM_TIME;
      }
      e.upstream(durations.upstreamNanos, durations.upstreamParts);
    }
    int be = Role.BACKEND.ordinal();
    if (seen(be) && !absent(b, from[be], to[be])) {
      e.backend(from[be], to[be]);
    }
    int id = Role.REQUEST_ID.ordinal();
    if (seen(id) && !absent(b, from[id], to[id])) {
      e.requestId(from[id], to[id]);
    }
    int h = Role.HOST.ordinal();
    if (seen(h) && !absent(b, from[h], to[h])) {
      e.host(from[h], to[h]);
    }
    request(b, e);
    sink.request(e);
    return Outcome.PARSED;
  }

  /**
   * The sum of the request time's parts, {@link Times#NONE} when one is the dialect's none, or
   * {@link Ascii#INVALID} when one is not a duration.
   */
  private long sumOfParts(byte[] b) {
    long sum = 0;
    for (int p = 0; p < parts; p++) {
      if (absent(b, partFrom[p], partTo[p])) {
        return Times.NONE;
      }
      long nanos = requestTimeUnit.nanos(b, partFrom[p], partTo[p]);
      if (nanos == Ascii.INVALID) {
        return Ascii.INVALID;
      }
      sum += nanos;
    }
    return sum;
  }

  /** Whether a comma-separated list of codes holds the two-letter code {@code c1c2}. */
  private static boolean hasFlag(byte[] b, int f, int t, byte c1, byte c2) {
    int i = f;
    while (i < t) {
      int end = Ascii.indexOf(b, i, t, (byte) ',');
      if (end < 0) {
        end = t;
      }
      if (end - i == 2 && b[i] == c1 && b[i + 1] == c2) {
        return true;
      }
      i = end + 1;
    }
    return false;
  }

  /** The resolution of the last time {@link #wallMillis(byte[])} read. */
  private int wallResolutionMillis;

  private long wallMillis(byte[] b) {
    int d = Role.DATE.ordinal();
    if (seen(d)) {
      int tod = Role.TIME_OF_DAY.ordinal();
      wallResolutionMillis = to[tod] - from[tod] > 8 ? 1 : 1000; // 21:02:31.123 or 21:02:31
      return seen(tod) ? Timestamps.dateAndTime(b, from[d], to[d], from[tod], to[tod]) : Times.NONE;
    }
    for (Role role : TIME_ROLES) {
      int r = role.ordinal();
      if (seen(r)) {
        // $time_iso8601 is whole seconds in nginx; a fraction after the seconds means better
        boolean fraction = role == Role.MSEC || role == Role.TIME_LOCAL_MILLIS_UTC
            || role == Role.TIME_ISO8601 && to[r] - from[r] > 19 && b[from[r] + 19] == '.';
        wallResolutionMillis = fraction ? 1 : 1000;
        return wallMillis(role, b, from[r], to[r]);
      }
    }
    return Times.NONE;
  }

  private long wallMillis(Role role, byte[] b, int f, int t) {
    int length = t - f;
    if (role == lastTimeRole && length == lastTimeLength
        && java.util.Arrays.equals(lastTime, 0, length, b, f, t)) {
      return lastWallMillis;
    }
    lastOffsetSeconds = Timestamps.offsetSeconds(role, b, f, t);
    long millis = switch (role) {
      case TIME_LOCAL -> Timestamps.local(b, f, t);
      case TIME_ISO8601 -> Timestamps.iso8601(b, f, t);
      case TIME_LOCAL_MILLIS_UTC -> Timestamps.localMillisUtc(b, f, t);
      default -> Timestamps.msec(b, f, t);
    };
    if (length <= lastTime.length) {
      System.arraycopy(b, f, lastTime, 0, length);
      lastTimeLength = length;
      lastTimeRole = role;
      lastWallMillis = millis;
    }
    return millis;
  }

  private void request(byte[] b, RequestEvent e) {
    if (asSent) {
      e.asSent();
    }
    int r = Role.REQUEST.ordinal();
    if (seen(r)) {
      RequestLine.read(b, from[r], to[r], e);
      return;
    }
    int w = Role.REQUEST_WITH_URL.ordinal();
    if (seen(w)) {
      RequestLine.readWithUrl(b, from[w], to[w], e);
      return;
    }
    int m = Role.METHOD.ordinal();
    int url = Role.URL.ordinal();
    if (seen(m) && seen(url)) {
      RequestLine.readUrl(b, from[m], to[m], from[url], to[url], e);
      return;
    }
    int uri = seen(Role.REQUEST_URI.ordinal()) ? Role.REQUEST_URI.ordinal() : Role.URI.ordinal();
    if (seen(m) && seen(uri)) {
      RequestLine.read(b, from[m], to[m], from[uri], to[uri], e);
    }
  }
}
