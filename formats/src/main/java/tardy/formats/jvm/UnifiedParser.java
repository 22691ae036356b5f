package tardy.formats.jvm;

import tardy.events.Reasons;

import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.Family;
import tardy.events.LinePosition;
import tardy.events.LoggedOffsets;
import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.events.PauseEvent;
import tardy.events.Times;

/**
 * Parses JDK 9+ unified-logging lines, any decorators: GC pauses ({@code -Xlog:gc}, {@code gc*},
 * see {@link UnifiedGcLine}) with the CPU line after them, ZGC's stalls, and safepoints ({@code
 * -Xlog:safepoint}): JDK 13+ {@code Safepoint "X", ... Total: N ns} lines, and JDK 9 to 12 groups
 * whose VM operation is on the {@code Entering safepoint region: X} line and whose times are on
 * the later {@code Total time for which ...} line. A log with both gives each pause once in its own
 * family: the safepoint is the whole stop, the GC pause the collector's share of it.
 */
final class UnifiedParser implements LineParser {

  static final Outcome ENTERING = Outcome.ignored("safepoint begins (its pause is on a later line)");
  static final Outcome LEAVING = Outcome.ignored("safepoint ends (its pause is on the next line)");
  static final Outcome OTHER =
      Outcome.ignored("no pause on this line (GC phase, heap, concurrent work or another tag)");
  static final Outcome PAUSE_START =
      Outcome.ignored("GC pause begins, or a statistics row (its duration is elsewhere)");
  static final Outcome CPU = Outcome.ignored("CPU times of the GC pause before it");
  static final Outcome TO_SPACE_EXHAUSTED =
      Outcome.ignored("to-space exhausted (kept with the GC pause it happened in)");
  static final Outcome NOT_UNIFIED = Outcome.ignored("not a unified-logging line");
  /**
   * The JVM's own word that lines are missing: {@code -Xlog:async} drops what its full buffer
   * cannot hold and says how many, on a line whose tags are blank (JDK 17+).
   */
  static final Outcome DROPPED = Outcome.malformed("the JVM dropped log messages here"
      + " (-Xlog:async's buffer was full): pauses among them are missing from this log; a larger"
      + " -XX:AsyncLogBufferSize keeps them");
  static final Outcome BAD_SAFEPOINT =
      Outcome.malformed("Safepoint line without a readable VM operation or Total in ns");
  static final Outcome DAMAGED_DECORATORS = Outcome.malformed(
      "pause line whose decorators cannot be read (damaged line): not counted as a pause");
  static final Outcome JOINED = Outcome.malformed(
      "log lines joined by a lone CR, a pause among them (damaged line): not counted as a pause");
  static final Outcome DAMAGED =
      Outcome.malformed("stopped-time text with its start lost (damaged line)");
  static final Outcome SAFEPOINT_CUT = Outcome.malformed(
      "safepoint cut by the end of the input (its stopped time never came): not counted as a pause");

  static final Outcome BAD_DURATION = Outcome.malformed("GC pause or stall whose duration is no"
      + " time (negative, or too large to hold): not counted as a pause");
  static final Outcome PAUSE_CUT = Outcome.malformed(
      "GC pause begun, its end not in this input (the log cut inside the pause, or rotated:"
          + " the next file holds the end): no pause from this line");

  static final byte[] SAFEPOINT = Ascii.bytes("Safepoint \"");
  /** Where an undecorated pause line's message starts: a GC's, or a JDK 13+ safepoint's. */
  private static final byte[][] UNDECORATED_PAUSE_STARTS = {Ascii.bytes("GC("), SAFEPOINT};
  private static final byte[] DROPPED_MARKER =
      Ascii.bytes(" messages dropped due to async logging");
  private static final byte[] SAFEPOINT_WORD = Ascii.bytes("Safepoint");
  private static final byte[] DECORATORS_END = Ascii.bytes("] ");
  static final byte[] ENTERING_MARKER = Ascii.bytes("Entering safepoint region: ");
  static final byte[] LEAVING_MARKER = Ascii.bytes("Leaving safepoint region");

  private final Decorators decorators = new Decorators();
  /** Reads the decorators of a line found inside another's text, leaving the line's own alone. */
  private final Decorators probe = new Decorators();
  private final StoppedTime stopped = new StoppedTime();
  private final SafepointLine safepoint = new SafepointLine();
  private final PauseEvent event = new PauseEvent();
  private final UnifiedGcLine gc = new UnifiedGcLine();
  private final HeldPause held = new HeldPause();
  private final GenerationLines generations = new GenerationLines();
  private final ConcurrentCycles cycles = new ConcurrentCycles();
  private ClockAnchor anchor; // null: no anchors asked for

  /** The GC id of the last {@code To-space exhausted} line, for the pause of that GC. */
  private long exhaustedGcId = Times.NONE;

  /** The Entering line of the open JDK 9-12 group, which names its VM operation. */
  private final OpeningLine entering = new OpeningLine();
  /** Where the VM operation lies in {@link #entering}'s copy. */
  private int enteringKindFrom;
  private int enteringKindTo;
  /** The last {@code GC(n) Pause ...} start line whose end line has not come yet. */
  private final OpeningLine pauseStart = new OpeningLine();
  private long pauseStartGcId = Times.NONE;
  private LinePosition position;
  private final LoggedOffsets offsets = new LoggedOffsets();

  @Override
  public void reading(LinePosition position) {
    this.position = position;
    held.reading(position);
    cycles.reading(position);
    offsets.reading();
  }

  @Override
  public void emitAnchors() {
    anchor = new ClockAnchor();
  }

  @Override
  public Outcome parse(byte[] buf, int from, int to, EventSink sink) {
    while (from < to && buf[from] == 0) {
      // NULs up to where the writer's offset was: a file truncated under a JVM whose stdout kept
      // writing at that offset (logrotate's copytruncate); the JVM's line follows them intact
      from++;
    }
    boolean decorated = decorators.read(buf, from, to);
    offsets.saw(decorators.offsetSeconds, sink);
    if (!decorated) {
      anchor(false, buf, from, to, sink);
      // brackets that are no decorators: a damaged pause line is malformed, another program's
      // line ignored
      int msg = messageAfterBrackets(buf, from, to);
      if (msg >= 0 && isDropped(buf, msg, to)) { // its tags are blank, which no decorators are
        return DROPPED;
      }
      if (isPause(buf, msg, to)) {
        return DAMAGED_DECORATORS;
      }
      int embedded = embeddedPause(buf, from, to);
      return embedded > from ? parse(buf, embedded, to, sink) : NOT_UNIFIED;
    }
    int msg = decorators.messageFrom;
    int cr = Ascii.indexOf(buf, msg, to, (byte) '\r');
    if (cr >= 0) { // JVMs print none: a damaged line, or lines joined by a lone CR
      if (isJoinedPause(buf, msg, cr, to)) {
        held.release(sink);
        anchor(true, buf, from, to, sink);
        return JOINED;
      }
      to = cr; // the first line alone, the CRs that ended it left out
    }
    UnifiedGcLine.Shape shape = gc.read(buf, msg, to);
    if (shape == UnifiedGcLine.Shape.CPU && held.isHeld() && held.gcId == gc.gcId) {
      held.event().cpuNanos(gc.userNanos, gc.sysNanos, gc.realNanos);
    }
    held.release(sink); // the one place a GC pause is handed on: the recording is compiled once
    anchor(true, buf, from, to, sink); // after the earlier line's pause: the sink hears the log's order
    // Shenandoah's cleanup line with its heap is an event read, as ZGC's cycle line (no pause)
    boolean cleanup = gc.gcId != Times.NONE && shape != UnifiedGcLine.Shape.ZGC_CYCLE
        && cycles.gcLine(gc.gcId, buf, msg, to, decorators, sink);
    switch (shape) {
      case TIMED -> {
        if (gc.gcId == pauseStartGcId || gc.family == Family.GC_PAUSE) {
          pauseStart.close(); // its end; or another pause's: pauses do not overlap (GcPartStarts)
        }
        return timed(buf, sink);
      }
      case CPU -> {
        return CPU;
      }
      case PAUSE_WITHOUT_DURATION -> {
        if (gc.gcId != Times.NONE) { // not a statistics row
          pauseStart.open(position, buf, from, to);
          pauseStartGcId = gc.gcId;
        }
        return PAUSE_START;
      }
      case ZGC_CYCLE -> {
        // a cycle with its heap is an event read (no pause: nothing counts it as stopped time)
        return cycles.zgc(gc.gcId, buf, msg, to, decorators, sink) ? Outcome.PARSED
            : Reasons.ZGC_CYCLE;
      }
      case TO_SPACE_EXHAUSTED -> {
        exhaustedGcId = gc.gcId;
        return TO_SPACE_EXHAUSTED;
      }
      case BAD_DURATION -> {
        return BAD_DURATION;
      }
      default -> {}
    }
    generations.read(buf, msg, to); // the young/old split and metaspace its pause takes
    if (gc.gcId != Times.NONE) {
      return cleanup ? Outcome.PARSED : OTHER; // a line of one GC (GC(12) ...) is no safepoint text
    }
    if (Ascii.startsWith(buf, msg, to, SAFEPOINT)) {
      return jdk13(buf, msg, to, sink);
    }
    if (isSafepoint(buf, msg, to)) {
      return BAD_SAFEPOINT; // Safepoint"X" or Safepoint  "X": damaged between the two
    }
    if (Ascii.startsWith(buf, msg, to, ENTERING_MARKER)) {
      enter(buf, from, msg + ENTERING_MARKER.length, to);
      return ENTERING;
    }
    if (Ascii.startsWith(buf, msg, to, LEAVING_MARKER)) {
      return LEAVING;
    }
    int marker = StoppedTime.find(buf, msg, to);
    if (marker >= 0) {
      return jdk9(buf, marker, to, sink);
    }
    if (Ascii.startsWith(buf, msg, to, Jdk8Parser.APPLICATION_TIME_MARKER)) {
      return StoppedTime.APPLICATION_TIME;
    }
    if (marker == StoppedTime.DAMAGED) {
      return DAMAGED;
    }
    if (StoppedTime.startsCutShort(buf, msg, to)) {
      return StoppedTime.CUT_SHORT;
    }
    if (isDropped(buf, msg, to)) { // printed without decorators (-Xlog:...:none)
      return DROPPED;
    }
    int embedded = embeddedPause(buf, msg, to);
    if (embedded > msg) {
      return parse(buf, embedded, to, sink);
    }
    // a line without the decorators a JVM prints may be another program's (a shared stdout)
    return msg == from && ForeignLines.is(buf, msg, to, false) ? Reasons.ANOTHER_PROGRAM : OTHER;
  }

  /**
   * Where a pause line of the JVM starts inside {@code b[from, to)}, after another program's text:
   * a shared stdout holds the application's output too, and its partial line (no newline yet)
   * runs into the JVM's next one. The JVM's line starts at a decorator that follows no other
   * ({@code app text [0.255s][info][gc] GC(52) Pause Young ...}), or, printed without decorators,
   * at its message ({@code app text GC(52) Pause Young ...}). -1 when no pause starts after
   * {@code from}.
   */
  private int embeddedPause(byte[] b, int from, int to) {
    for (int i = Ascii.indexOf(b, from + 1, to, (byte) '['); i >= 0;
        i = Ascii.indexOf(b, i + 1, to, (byte) '[')) {
      if (b[i - 1] != ']' && probe.read(b, i, to) && probe.unified && probe.messageFrom > i
          && isPause(b, probe.messageFrom, to)) {
        return i;
      }
    }
    for (byte[] start : UNDECORATED_PAUSE_STARTS) {
      for (int i = Ascii.indexOf(b, from + 1, to, start); i >= 0;
          i = Ascii.indexOf(b, i + 1, to, start)) {
        if (isPause(b, i, to)) {
          return i;
        }
      }
    }
    return -1;
  }

  /**
   * Whether a message at {@code b[msg, to)} is a pause line, whatever its numbers: a GC pause or a
   * stall with its duration, a JDK 13+ safepoint, or JDK 9-12's stopped-time text. For lines
   * that are damaged: a pause among them makes them malformed, not ignored.
   */
  private boolean isPause(byte[] b, int msg, int to) {
    return msg >= 0 && (gc.read(b, msg, to) == UnifiedGcLine.Shape.TIMED
        || isSafepoint(b, msg, to) || StoppedTime.find(b, msg, to) != -1);
  }

  /** {@code    749 messages dropped due to async logging}: the count of lines -Xlog:async dropped. */
  private static boolean isDropped(byte[] b, int msg, int to) {
    int i = msg;
    while (i < to && b[i] == ' ') {
      i++;
    }
    int digits = i;
    while (i < to && Ascii.isDigit(b[i])) {
      i++;
    }
    return i > digits && to - i == DROPPED_MARKER.length
        && Ascii.startsWith(b, i, to, DROPPED_MARKER);
  }

  /** {@code Safepoint "}, or the same with other spacing before the quote. */
  private static boolean isSafepoint(byte[] b, int msg, int to) {
    if (!Ascii.startsWith(b, msg, to, SAFEPOINT_WORD)) {
      return false;
    }
    int quote = Ascii.skipSpaces(b, msg + SAFEPOINT_WORD.length, to);
    return quote < to && b[quote] == '"';
  }

  /**
   * Where the message of a line starting with brackets that are no decorators starts: after the
   * first {@code "] "}; -1 without one.
   */
  private static int messageAfterBrackets(byte[] b, int from, int to) {
    int end = Ascii.indexOf(b, from, to, DECORATORS_END);
    return end < 0 ? -1 : end + DECORATORS_END.length;
  }

  /**
   * Whether the message {@code b[msg, to)}, which holds a CR at {@code cr}, is more than one line
   * (something other than CRs follows the CR) and a pause is among them.
   */
  private boolean isJoinedPause(byte[] b, int msg, int cr, int to) {
    int next = cr;
    while (next < to && b[next] == '\r') {
      next++;
    }
    if (next == to) {
      return false;
    }
    int nextMsg = b[next] == '[' ? messageAfterBrackets(b, next, to) : next;
    return isPause(b, msg, cr) || isPause(b, nextMsg, to);
  }

  /**
   * Hands on the line's clock anchor, when asked for: after the pause of an earlier line held for
   * this one, so that an anchor later than a run's first pause is never taken for its restart.
   */
  private void anchor(boolean decorated, byte[] buf, int from, int to, EventSink sink) {
    if (anchor != null && anchor.read(decorated, decorators, buf, from, to)) {
      sink.anchor(anchor.wallMillis(), anchor.uptimeMillis(),
          position == null ? 0 : position.line());
    }
  }

  @Override
  public void endOfInput(EventSink sink) {
    held.release(sink);
    cycles.release(sink);
  }

  /**
   * A JDK 9-12 group the input ends inside (the JVM's last safepoint, {@code Exit}, never logs its
   * stopped time) is no pause: its Entering line is malformed. So is the start line of a GC pause
   * whose end the input never printed, nor another pause's end after it (a log cut while the JVM
   * was in the pause), once the part read is the input's end.
   */
  @Override
  public void recountAtEnd(Recount recount) {
    entering.recountIfOpen(recount, ENTERING, SAFEPOINT_CUT);
    if (position == null || position.endOfInput()) {
      pauseStart.recountIfOpen(recount, PAUSE_START, PAUSE_CUT);
    }
  }

  /** A GC pause, held for the CPU line that may follow; or a stall. */
  private Outcome timed(byte[] buf, EventSink sink) {
    PauseEvent e = held.start(); // released in parse
    held.host(buf, decorators.hostFrom, decorators.hostTo);
    stampTimes(e).family(gc.family).totalNanos(gc.nanos)
        .heapBytes(gc.heapBefore, gc.heapAfter, gc.heapCapacity);
    held.kind(buf, gc.kindFrom, gc.kindTo);
    held.gcId = gc.gcId;
    if (gc.family == Family.GC_PAUSE) {
      generations.attach(gc.gcId, e);
      cycles.pause(gc.gcId, buf, gc.kindFrom, gc.kindTo, gc.heapBefore, gc.heapAfter,
          gc.heapCapacity, decorators, sink);
    }
    if (gc.gcId != Times.NONE && gc.gcId == exhaustedGcId && gc.family == Family.GC_PAUSE) {
      e.trouble(PauseEvent.EVACUATION_FAILED);
    }
    return Outcome.PARSED;
  }

  private Outcome jdk13(byte[] buf, int msg, int to, EventSink sink) {
    if (!safepoint.read(buf, msg + SAFEPOINT.length, to)) {
      return BAD_SAFEPOINT;
    }
    stamp(event.reset(), buf)
        .kind(buf, safepoint.kindFrom, safepoint.kindTo)
        .totalNanos(safepoint.totalNanos)
        .timeToSafepointNanos(safepoint.reachingNanos);
    sink.pause(event);
    return Outcome.PARSED;
  }

  private Outcome jdk9(byte[] buf, int marker, int to, EventSink sink) {
    boolean named = entering.isOpen();
    entering.close(); // one Entering line names one pause
    if (!stopped.read(buf, marker, to)) {
      return StoppedTime.BAD_DURATION;
    }
    stamp(event.reset(), buf)
        .kind(entering.bytes(), enteringKindFrom, named ? enteringKindTo : enteringKindFrom)
        .totalNanos(stopped.totalNanos)
        .timeToSafepointNanos(stopped.timeToSafepointNanos);
    sink.pause(event);
    return Outcome.PARSED;
  }

  /** The line's times and its hostname decorator, for a pause handed on from this line. */
  private PauseEvent stamp(PauseEvent e, byte[] line) {
    return stampTimes(e).host(line, decorators.hostFrom, decorators.hostTo);
  }

  private PauseEvent stampTimes(PauseEvent e) {
    return e.wallMillis(decorators.wallMillis).uptimeMillis(decorators.uptimeMillis);
  }

  /** Opens a JDK 9-12 group: keeps its line, whose VM operation is {@code buf[kindFrom, to)}. */
  private void enter(byte[] buf, int from, int kindFrom, int to) {
    int end = to;
    while (end > kindFrom && buf[end - 1] == ' ') {
      end--;
    }
    entering.open(position, buf, from, to);
    enteringKindFrom = kindFrom - from;
    enteringKindTo = end - from;
  }
}
