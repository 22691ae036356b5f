package tardy.formats.jvm;

import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.Family;
import tardy.events.LinePosition;
import tardy.events.LoggedOffsets;
import tardy.events.PauseEvent;

/**
 * Assembles JDK 6-8 {@code -XX:+PrintGCDetails} / {@code -XX:+PrintGC} events across lines: the
 * pause is the {@code , X secs]} that closes a top-level {@code [GC ...} or {@code [Full GC ...}
 * (bracket depth back to zero), however many lines and nested groups lie between. Nested durations
 * ({@code [ParNew: ..., 0.0040 secs]}, {@code [Rescan (parallel) , ...]}, a young GC printed inside
 * a CMS remark, concurrent phases printed inside an open pause) are never the pause; PrintHeapAtGC
 * address ranges {@code [0x..., 0x...)} are not brackets. {@code [Times: user=.. sys=.., real=..
 * secs]} after a closed pause is its CPU. One instance per parser.
 */
final class Jdk8GcEvents {

  /** An event open for more lines than this lost its closing bracket: it is dropped. */
  static final int MAX_OPEN_LINES = 100_000;

  /** What a line did to the events. */
  enum Effect {
    /** No GC event on this line, and none open. */
    NONE,
    /** A pause closed on this line (and maybe others opened). */
    CLOSED,
    /** An event opened on this line and is still open. */
    OPENED,
    /** The line lies inside an open event. */
    INSIDE,
    /** An event closed without a readable duration, or stayed open too long: dropped. */
    BROKEN
  }

  private static final byte[] GC = Ascii.bytes("GC");
  private static final byte[] FULL_GC = Ascii.bytes("Full GC");
  private static final byte[] OPEN_GC = Ascii.bytes("[GC");
  private static final byte[] OPEN_FULL_GC = Ascii.bytes("[Full GC");
  private static final byte[] WORKER = Ascii.bytes(" Worker");
  private static final byte[] CONCURRENT = Ascii.bytes(" concurrent-");
  private static final byte[] REF_PROC = Ascii.bytes("ref-proc");
  private static final byte[] PAUSE = Ascii.bytes(" pause");
  private static final byte[] REMARK = Ascii.bytes(" remark");
  private static final byte[] CLEANUP = Ascii.bytes(" cleanup");
  private static final byte[] TIMES = Ascii.bytes("Times: user=");
  private static final byte[] SHENANDOAH_PAUSE = Ascii.bytes("Pause ");
  private static final byte[] SYS = Ascii.bytes(" sys=");
  private static final byte[] REAL = Ascii.bytes("real=");
  private static final byte[] SECS = Ascii.bytes(" secs");
  private static final byte[] MS = Ascii.bytes(" ms");
  private static final byte[] FAIL = Ascii.bytes("fail");
  private static final byte[] PROMOTION = Ascii.bytes("promotion ");
  private static final byte[] CONCURRENT_MODE = Ascii.bytes("concurrent mode ");
  private static final byte[] TO_SPACE_EXHAUSTED = Ascii.bytes("(to-space exhausted)");
  private static final byte[] EDEN = Ascii.bytes("Eden: ");
  private static final byte[] HEAP = Ascii.bytes(" Heap: ");

  private final Jdk8Stamps stamps = new Jdk8Stamps();
  private final HeapSize heap = new HeapSize();
  private final Jdk8Generations generations = new Jdk8Generations();
  private final HeldPause held;

  /** The event being read, until its closing bracket. */
  private final HeldPause assembling = new HeldPause();
  private boolean open;
  private int depth;
  private int openLines;
  private boolean closedSinceStopped;
  /** Whether this log prints GC events at all (a flag line or an event seen). */
  boolean gcLogged;
  /** The offset of the datestamp of the last event begun, until taken. */
  private int offsetSeconds = LoggedOffsets.NONE;

  Jdk8GcEvents(HeldPause held) {
    this.held = held;
  }

  /** The offset of the datestamp of an event begun since the last call, else none. */
  int takeOffset() {
    int taken = offsetSeconds;
    offsetSeconds = LoggedOffsets.NONE;
    return taken;
  }

  /** Where the reader is: an event keeps the number of the line that opened it. */
  void reading(LinePosition position) {
    assembling.reading(position);
  }

  boolean isOpen() {
    return open;
  }

  /** Drops the open event, whose end will never come (the JVM that printed it restarted). */
  void abandon() {
    open = false;
    depth = 0;
    assembling.hold(EventSink.DISCARD);
  }

  /** The uptime the open event began at; {@link tardy.events.Times#NONE} when none is open. */
  long openedAtUptime() {
    return open ? assembling.event().uptimeMillis() : tardy.events.Times.NONE;
  }

  /**
   * Reads {@code b[from, to)}: opens, continues and closes events, and attaches a {@code [Times:}
   * to the pause held before it. Closed pauses are held in the {@link HeldPause}.
   */
  Effect scan(byte[] b, int from, int to, EventSink sink) {
    boolean wasOpen = open;
    boolean closed = false;
    boolean broken = false;
    if (open && ++openLines > MAX_OPEN_LINES) {
      open = false;
      broken = true;
    }
    if (open) {
      if (ClassHistogramRow.is(b, from, to)) {
        return Effect.INSIDE; // [C, [Ljava.lang.Object; are class names, not brackets
      }
      assembling.event().trouble(troubleIn(b, from, to));
    }
    int i = from;
    while (i < to) {
      if (!open) {
        int bracket = Ascii.indexOf(b, i, to, (byte) '[');
        if (bracket < 0) {
          break;
        }
        int after;
        if (opens(b, bracket + 1, to)) {
          open(b, from, bracket, to);
        } else if (Ascii.startsWith(b, bracket + 1, to, SHENANDOAH_PAUSE)
            && (after = shenandoah(b, from, bracket, to, sink)) > 0) {
          closed = true;
          i = after;
          continue;
        } else if (Ascii.startsWith(b, bracket + 1, to, TIMES)
            && (closed || Ascii.isBlank(b, from, bracket))) {
          times(b, bracket + 1 + TIMES.length, to, sink); // not a concurrent phase's times
        } else if (Ascii.startsWith(b, bracket + 1, to, EDEN)) {
          g1Heap(b, bracket + 1, to);
        }
        i = bracket + 1;
        continue;
      }
      byte c = b[i];
      if (c == '[') {
        if (i + 2 < to && b[i + 1] == '0' && b[i + 2] == 'x') {
          int close = Ascii.indexOf(b, i, to, (byte) ')'); // an address range, closed by ')'
          i = close < 0 ? to : close + 1;
          continue;
        }
        if (depth == 1) {
          generations.read(b, i + 1, to, assembling.event());
        }
        depth++;
      } else if (c == ']') {
        if (--depth == 0) {
          open = false;
          if (close(b, from, i, sink)) {
            closed = true;
          } else {
            broken = true;
          }
        }
      } else if (c == '-' && depth == 1 && i + 1 < to && b[i + 1] == '>') {
        heap(b, from, i, to);
      }
      i++;
    }
    if (closed) {
      return Effect.CLOSED;
    }
    if (broken) {
      return Effect.BROKEN;
    }
    if (open) {
      return wasOpen ? Effect.INSIDE : Effect.OPENED;
    }
    return Effect.NONE;
  }

  /** Whether a GC event opens anywhere in {@code b[from, to)}. */
  static boolean opensIn(byte[] b, int from, int to) {
    for (int i = Ascii.indexOf(b, from, to, (byte) '['); i >= 0;
        i = Ascii.indexOf(b, i + 1, to, (byte) '[')) {
      if (opens(b, i + 1, to)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code [GC (}, {@code [GC pause}, {@code [GC remark}, {@code [GC [PSYoungGen}, {@code [Full GC}
   * ... and the openings other flags print into: the bare {@code [GC} that JDK 6-7 close on later
   * lines after {@code -XX:+PrintTenuringDistribution}, a stamp glued to it ({@code
   * [GC474.549: [ParNew}, {@code [Full GC2016-10-31T...: [Class Histogram}), and text glued to it
   * or after it ({@code [GCAdaptiveSizePolicy::}, {@code [Full GCAdaptiveSizeStart:}, {@code
   * [GCBefore GC:}, {@code [GC TLAB: gc thread:}). Not G1's {@code [GC concurrent-...]} phases,
   * nor {@code [GC Worker ...]} and {@code [GC ref-proc} rows, which are details, not events.
   */
  private static boolean opens(byte[] b, int at, int to) {
    if (Ascii.startsWith(b, at, to, FULL_GC)) {
      int next = at + FULL_GC.length;
      if (next == to) {
        return true;
      }
      byte c = b[next];
      return c == ' ' || c == '(' || c == '[' || Ascii.isDigit(c) || isUpper(c);
    }
    if (!Ascii.startsWith(b, at, to, GC)) {
      return false;
    }
    int next = at + GC.length;
    if (Ascii.isBlank(b, next, to)) {
      return true; // [GC at the end of the line: tenuring or adaptive-size lines come first
    }
    byte c = b[next];
    if (c == '-' || c == '(' || c == '[' || Ascii.isDigit(c) || isUpper(c)) {
      return true; // [GC-- promotion failed; [GC[YG occupancy; [GC0.855: stamp; [GCBefore GC:
    }
    if (c != ' ') {
      return false;
    }
    byte word = b[next + 1];
    if (isUpper(word)) {
      return !Ascii.startsWith(b, next, to, WORKER); // [GC TLAB: gc thread:, [GC Before GC:
    }
    return word == '(' || word == '[' || Ascii.isDigit(word)
        || Ascii.startsWith(b, next, to, PAUSE) || Ascii.startsWith(b, next, to, REMARK)
        || Ascii.startsWith(b, next, to, CLEANUP);
  }

  private static boolean isUpper(byte c) {
    return c >= 'A' && c <= 'Z';
  }

  /**
   * Whether {@code b[from, to)} holds a {@code [GC} or {@code [Full GC} that is neither the opening
   * of an event nor one of the known non-events (G1's concurrent phases, worker and reference
   * rows): text that looks like a GC event this reader cannot open, so it must not pass silently.
   */
  static boolean looksLikeEvent(byte[] b, int from, int to) {
    for (int i = Ascii.indexOf(b, from, to, OPEN_GC); i >= 0;
        i = Ascii.indexOf(b, i + 1, to, OPEN_GC)) {
      int at = i + 1;
      if (opens(b, at, to)) {
        return true;
      }
      int next = at + GC.length;
      if (!Ascii.startsWith(b, next, to, CONCURRENT) && !Ascii.startsWith(b, next, to, WORKER)
          && !Ascii.startsWith(b, next, to, REF_PROC) && !Ascii.startsWith(b, next + 1, to, REF_PROC)) {
        return true;
      }
    }
    return Ascii.indexOf(b, from, to, OPEN_FULL_GC) >= 0;
  }

  private void open(byte[] b, int lineFrom, int bracket, int to) {
    open = true;
    gcLogged = true;
    depth = 1;
    openLines = 0;
    stamps.scan(b, lineFrom, bracket);
    offsetSeconds = stamps.offsetSeconds;
    PauseEvent e = assembling.hold(EventSink.DISCARD);
    e.family(Family.GC_PAUSE).wallMillis(stamps.wallMillis).uptimeMillis(stamps.uptimeMillis)
        .stampedAtStart(true); // JDK 8 prints an event's stamps when it begins
    assembling.kind(b, bracket + 1, kindEnd(b, bracket + 1, to));
    e.trouble(troubleIn(b, bracket, to));
  }

  /**
   * What the event's text says of the collector's trouble beyond its kind: CMS and ParNew print
   * {@code (promotion failed)} and {@code (concurrent mode failure)} inside the event, JDK 7-8
   * G1 {@code (to-space exhausted)} (after the reference processing lines, so it is no part of
   * the kind): the evacuation failure the unified log's own line marks.
   */
  private static int troubleIn(byte[] b, int from, int to) {
    int trouble = 0;
    for (int i = Ascii.indexOf(b, from, to, FAIL); i >= 0; i = Ascii.indexOf(b, i + 1, to, FAIL)) {
      if (i - PROMOTION.length >= from && Ascii.regionMatches(b, i - PROMOTION.length, PROMOTION)) {
        trouble |= PauseEvent.PROMOTION_FAILED;
      } else if (i - CONCURRENT_MODE.length >= from
          && Ascii.regionMatches(b, i - CONCURRENT_MODE.length, CONCURRENT_MODE)) {
        trouble |= PauseEvent.CONCURRENT_MODE_FAILURE;
      }
    }
    if (Ascii.indexOf(b, from, to, TO_SPACE_EXHAUSTED) >= 0) {
      trouble |= PauseEvent.EVACUATION_FAILED;
    }
    return trouble;
  }

  /** The end of {@code GC (Allocation Failure)}, {@code GC pause (G1 Evacuation Pause) (young)}. */
  private static int kindEnd(byte[] b, int at, int to) {
    int i = at + (Ascii.startsWith(b, at, to, FULL_GC) ? FULL_GC.length : GC.length);
    if (Ascii.startsWith(b, i, to, PAUSE)) {
      i += PAUSE.length;
    } else if (Ascii.startsWith(b, i, to, REMARK)) {
      i += REMARK.length;
    } else if (Ascii.startsWith(b, i, to, CLEANUP)) {
      i += CLEANUP.length;
    }
    while (true) {
      int p = i < to && b[i] == ' ' ? i + 1 : i;
      if (p >= to || b[p] != '(') {
        return i;
      }
      int level = 0;
      int j = p;
      for (; j < to; j++) {
        if (b[j] == '(') {
          level++;
        } else if (b[j] == ')' && --level == 0) {
          break;
        }
      }
      if (j == to) {
        return i;
      }
      i = j + 1;
    }
  }

  /** The top-level heap transition {@code 98816K->8441K(115200K)} around the arrow at {@code arrow}. */
  private void heap(byte[] b, int lineFrom, int arrow, int to) {
    int start = arrow;
    while (start > lineFrom && b[start - 1] != ' ' && b[start - 1] != ']' && b[start - 1] != '[') {
      start--;
    }
    int close = Ascii.indexOf(b, arrow, Math.min(to, arrow + 48), (byte) ')');
    if (close > 0 && heap.transition(b, start, close + 1)) {
      assembling.event().heapBytes(heap.beforeBytes, heap.afterBytes, heap.capacityBytes);
    }
  }

  /**
   * JDK 7-8 G1 with -XX:+PrintGCDetails prints a pause's heap on a line of its own after the
   * pause's phases and before its {@code [Times:}: {@code [Eden: 24.0M(24.0M)->0.0B(20.0M)
   * Survivors: 0.0B->3072.0K Heap: 30.1M(256.0M)->7.9M(256.0M)]}. It is the held pause's heap when
   * the pause line printed none (a full collection prints its own, which stands).
   */
  private void g1Heap(byte[] b, int from, int to) {
    if (!held.isHeld()) {
      return;
    }
    int at = Ascii.indexOf(b, from, to, HEAP);
    int close = at < 0 ? -1 : Ascii.indexOf(b, at, to, (byte) ']');
    if (close < 0 || !heap.sizedTransition(b, at + HEAP.length, close)) {
      return;
    }
    PauseEvent e = held.event();
    if (!tardy.events.Times.isSet(e.heapAfterBytes())) {
      e.heapBytes(heap.beforeBytes, heap.afterBytes, heap.capacityBytes);
    }
    generations.g1(b, from + EDEN.length, at, heap.beforeBytes, heap.afterBytes, e);
  }

  /** Reads {@code , 0.0622220 secs} before the closing bracket at {@code bracket}. */
  private boolean close(byte[] b, int lineFrom, int bracket, EventSink sink) {
    int end = UnifiedGcLine.trimEnd(b, lineFrom, bracket);
    if (end - lineFrom < SECS.length || !Ascii.startsWith(b, end - SECS.length, end, SECS)) {
      return false;
    }
    int numberEnd = end - SECS.length;
    int numberStart = numberEnd;
    while (numberStart > lineFrom && b[numberStart - 1] != ' ') {
      numberStart--;
    }
    long nanos = Ascii.parseDecimalNanos(b, numberStart, numberEnd, Ascii.SECONDS);
    if (nanos == Ascii.INVALID) {
      return false;
    }
    held.holdCopy(assembling.event().totalNanos(nanos), sink); // held for its [Times:
    closedSinceStopped = true;
    return true;
  }

  /**
   * JDK 8 Shenandoah (the backport) prints each pause whole on one line when it ends: {@code [Pause
   * Init Mark (process weakrefs), 3.341 ms]}, {@code [Pause Full 1589M->1002M(1690M), 4077.274
   * ms]}; {@code [Pause Init Mark, start]} only says it began. Named as unified logging names them,
   * up to the heap transition. Returns where the group ends, or -1 when it is no pause.
   */
  private int shenandoah(byte[] b, int lineFrom, int bracket, int to, EventSink sink) {
    int close = Ascii.indexOf(b, bracket + 1, to, (byte) ']');
    if (close < 0) {
      return -1;
    }
    int kindFrom = bracket + 1;
    int end = UnifiedGcLine.trimEnd(b, kindFrom, close);
    if (end - kindFrom < SHENANDOAH_PAUSE.length + 4 || !Ascii.startsWith(b, end - MS.length, end, MS)) {
      return -1;
    }
    int numberEnd = end - MS.length;
    int numberStart = numberEnd;
    while (numberStart > kindFrom && b[numberStart - 1] != ' ') {
      numberStart--;
    }
    if (numberStart - 2 <= kindFrom || b[numberStart - 2] != ',') {
      return -1;
    }
    long nanos = Ascii.parseDecimalNanos(b, numberStart, numberEnd, Ascii.MILLIS);
    if (nanos == Ascii.INVALID) {
      return -1;
    }
    gcLogged = true;
    stamps.scan(b, lineFrom, bracket);
    offsetSeconds = stamps.offsetSeconds;
    PauseEvent e = assembling.hold(EventSink.DISCARD);
    e.family(Family.GC_PAUSE).wallMillis(stamps.wallMillis).uptimeMillis(stamps.uptimeMillis)
        .totalNanos(nanos);
    int kindTo = numberStart - 2;
    int space = kindTo - 1;
    while (space > kindFrom && b[space] != ' ') {
      space--;
    }
    if (space > kindFrom && heap.transition(b, space + 1, kindTo)) {
      e.heapBytes(heap.beforeBytes, heap.afterBytes, heap.capacityBytes);
      kindTo = space;
    }
    assembling.kind(b, kindFrom, kindTo);
    held.holdCopy(e, sink);
    closedSinceStopped = true;
    return close + 1;
  }

  /** {@code user=0.18 sys=0.00, real=0.06 secs]} for the held pause. */
  private void times(byte[] b, int at, int to, EventSink sink) {
    if (!held.isHeld()) {
      return;
    }
    int sys = Ascii.indexOf(b, at, to, SYS);
    int real = sys < 0 ? -1 : Ascii.indexOf(b, sys, to, REAL);
    int secs = real < 0 ? -1 : Ascii.indexOf(b, real, to, SECS);
    if (secs < 0) {
      return;
    }
    int sysEnd = sys + SYS.length;
    while (sysEnd < to && b[sysEnd] != ',' && b[sysEnd] != ' ') {
      sysEnd++;
    }
    long user = Ascii.parseDecimalNanos(b, at, sys, Ascii.SECONDS);
    long system = Ascii.parseDecimalNanos(b, sys + SYS.length, sysEnd, Ascii.SECONDS);
    long wall = Ascii.parseDecimalNanos(b, real + REAL.length, secs, Ascii.SECONDS);
    if (user >= 0 && system >= 0 && wall >= 0) {
      held.event().cpuNanos(user, system, wall);
    }
    held.release(sink);
  }

  /**
   * The GC pause printed since the last stopped-time line (the last one, when several were), which
   * names the stopped-time line that ends its safepoint; null when none was. Its kind stays valid
   * until the next pause closes.
   */
  PauseEvent takeClosedSinceStopped() {
    if (!closedSinceStopped) {
      return null;
    }
    closedSinceStopped = false;
    return held.event();
  }
}
