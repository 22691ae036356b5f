package tardy.formats.jvm;

import tardy.events.Reasons;

import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.Family;
import tardy.events.LineParser;
import tardy.events.LinePosition;
import tardy.events.LoggedOffsets;
import tardy.events.Outcome;
import tardy.events.PauseEvent;
import tardy.events.Times;

/**
 * Parses JDK 6 to 8 GC logs: the GC pauses of {@code -XX:+PrintGCDetails} / {@code -XX:+PrintGC}
 * (assembled across lines by {@link Jdk8GcEvents}) and the stopped-time lines of {@code
 * -XX:+PrintGCApplicationStoppedTime}, found anywhere in a line because another thread's output
 * may precede them. The two are families apart, never added: a stopped-time line is the whole
 * safepoint, named by the GC pause printed inside it, or a non-GC safepoint when the log prints GC
 * events and none was.
 */
final class Jdk8Parser implements LineParser {

  static final Outcome OTHER =
      Outcome.ignored("no pause on this line (GC detail, concurrent phase, banner or flags)");
  static final Outcome EVENT_OPENS =
      Outcome.ignored("GC event begins (its pause closes on a later line)");
  static final Outcome INSIDE_EVENT =
      Outcome.ignored("inside a GC event (details, tenuring, heap or concurrent lines)");
  static final Outcome EVENT_CUT = Outcome.malformed(
      "GC event cut by the end of the input (it never closed): not counted as a pause");
  static final Outcome EVENT_RESTARTED = Outcome.malformed(
      "GC event cut by a JVM restart (the JVM's header follows it, no end): not counted as a pause");
  static final Outcome EVENT_UNENDED = Outcome.malformed(
      "GC event still open when its safepoint ended (a stopped-time line came before its end):"
          + " not counted as a pause");
  static final Outcome BROKEN_EVENT = Outcome.malformed(
      "GC event closed without a readable 'N secs' (or never closed): not counted as a pause");
  static final Outcome DAMAGED =
      Outcome.malformed("stopped-time text with its start lost (damaged or interleaved line)");
  static final Outcome UNREAD_EVENT = Outcome.malformed(
      "looks like a GC event, but not one this reader can open: not counted as a pause");

  /** The kind of a stopped-time line when the log prints GC events and none was in it. */
  static final byte[] NON_GC = Ascii.bytes("non-GC safepoint");

  static final byte[] APPLICATION_TIME_MARKER = Ascii.bytes("Application time: ");
  private static final byte[] ROTATION_MARKER = Ascii.bytes(" GC log ");
  static final byte[] FLAGS = Ascii.bytes("CommandLine flags: ");
  private static final byte[] PRINT_GC = Ascii.bytes("-XX:+PrintGC ");
  private static final byte[] PRINT_GC_DETAILS = Ascii.bytes("-XX:+PrintGCDetails");

  private final StoppedTime stopped = new StoppedTime();
  private final Jdk8Stamps stamps = new Jdk8Stamps();
  private final LoggedOffsets offsets = new LoggedOffsets();
  private final PauseEvent event = new PauseEvent();
  private final HeldPause held = new HeldPause();
  private final Jdk8GcEvents gc = new Jdk8GcEvents(held);
  /** The line that opened the open event, when it was counted as {@link #EVENT_OPENS}. */
  private final OpeningLine opening = new OpeningLine();
  /** The JVM's header lines, while the input holds nothing else (a rotated file just begun). */
  private final HeaderLines headers = new HeaderLines();
  private LinePosition position;
  private ClockAnchor anchor; // null: no anchors asked for
  private WaitingAnchors waiting; // anchors printed inside a GC event, until its pause is handed on

  @Override
  public void reading(LinePosition position) {
    this.position = position;
    offsets.reading();
    held.reading(position);
    gc.reading(position);
  }

  @Override
  public void emitAnchors() {
    anchor = new ClockAnchor();
    waiting = new WaitingAnchors();
  }

  @Override
  public Outcome parse(byte[] buf, int from, int to, EventSink sink) {
    boolean stamped = anchor != null && anchor.read(buf, from, to);
    if (stamped) {
      // A stamped line is a new record: a pause of an earlier line still held for its [Times:]
      // (-XX:+PrintGC prints none, so it waits for the next pause) gets none now. Handed on
      // first, in the log's order: an anchor later than a run's first pause is no restart.
      held.release(sink);
      handOnWaiting(sink);
    }
    if (gc.isOpen() && HeaderLines.is(buf, from, to)) {
      // the JVM printing the open event died before its end: a new one starts its log here
      dropOpenEvent(EVENT_RESTARTED);
    }
    int marker = StoppedTime.find(buf, from, to);
    Jdk8GcEvents.Effect effect = gc.scan(buf, from, marker < 0 ? to : marker, sink);
    offsets.saw(gc.takeOffset(), sink);
    Outcome outcome = marker >= 0 ? stopped(buf, from, marker, to, sink, effect)
        : switch (effect) {
          case CLOSED -> Outcome.PARSED;
          case OPENED -> EVENT_OPENS;
          case INSIDE -> INSIDE_EVENT;
          case BROKEN -> BROKEN_EVENT;
          case NONE -> notAPause(buf, from, to, marker == StoppedTime.DAMAGED);
        };
    if (effect != Jdk8GcEvents.Effect.INSIDE && effect != Jdk8GcEvents.Effect.NONE) {
      // another event is open now, or none: an opening line counted as parsed (it closed a pause
      // too) has nothing to recount
      if (outcome == EVENT_OPENS) {
        opening.open(position, buf, from, to);
      } else {
        opening.close();
      }
    }
    if (stamped) {
      anchor(sink);
    }
    if (waiting != null && !held.isHeld()) {
      handOnWaiting(sink); // the pause was handed on with its [Times:], or the event broke
    }
    if (headers.tracking()) {
      headers.line(position, buf, from, to, outcome);
    }
    return outcome;
  }

  /**
   * Hands on this line's anchor now, or after the pause of a GC event that began before it and
   * is still open or held (a concurrent phase printed inside a CMS collection, a datestamped
   * reference line inside a G1 pause; in JDK 6 even inside the line that opens it).
   */
  private void anchor(EventSink sink) {
    long uptime = anchor.uptimeMillis();
    long line = position == null ? 0 : position.line();
    if (waiting.isEmpty() && !beganBefore(gc.openedAtUptime(), uptime)
        && !(held.isHeld() && beganBefore(held.event().uptimeMillis(), uptime))) {
      sink.anchor(anchor.wallMillis(), uptime, line);
    } else {
      waiting.add(anchor.wallMillis(), uptime, line, sink);
    }
  }

  private static boolean beganBefore(long pauseUptimeMillis, long anchorUptimeMillis) {
    return Times.isSet(pauseUptimeMillis) && pauseUptimeMillis < anchorUptimeMillis;
  }

  /** The anchors that waited for a pause, once no GC event is open. */
  private void handOnWaiting(EventSink sink) {
    if (waiting != null && !gc.isOpen()) {
      waiting.handOn(sink);
    }
  }

  @Override
  public void endOfInput(EventSink sink) {
    held.release(sink);
    if (waiting != null) {
      waiting.handOn(sink);
    }
  }

  /** An event the input ended inside is no pause: the line that opened it is malformed. */
  @Override
  public void recountAtEnd(Recount recount) {
    if (gc.isOpen()) {
      opening.recountIfOpen(recount, EVENT_OPENS, EVENT_CUT);
    }
    headers.recountIfOnly(recount, OTHER);
  }

  /**
   * Drops the open event, whose end will never come; the line that opened it, counted as an
   * opening, is counted again as {@code is} at once. Before any later line opens an event, so
   * the openings' first lines are those of one pass however the log was cut into parts.
   */
  private void dropOpenEvent(Outcome is) {
    if (position != null) {
      opening.recountIfOpen(position::recount, EVENT_OPENS, is);
    }
    opening.close();
    gc.abandon();
  }

  private Outcome stopped(byte[] buf, int from, int marker, int to, EventSink sink,
      Jdk8GcEvents.Effect effect) {
    if (!stopped.read(buf, marker, to)) {
      return effect == Jdk8GcEvents.Effect.CLOSED ? Outcome.PARSED : StoppedTime.BAD_DURATION;
    }
    if (effect == Jdk8GcEvents.Effect.INSIDE) {
      // The JVM prints a GC's event inside its safepoint and the stopped time once it ends, so an
      // event an earlier line opened that is still open lost its end: it is dropped here, not
      // left to take up to Jdk8GcEvents.MAX_OPEN_LINES lines and the pauses in them. Nothing the
      // parser holds then crosses this line (Jdk8PartStarts cuts after it).
      dropOpenEvent(EVENT_UNENDED);
    }
    held.release(sink); // the GC pause before this line is complete
    handOnWaiting(sink);
    stamps.scan(buf, from, marker);
    offsets.saw(stamps.offsetSeconds, sink);
    event.reset()
        .family(Family.SAFEPOINT)
        .totalNanos(stopped.totalNanos)
        .timeToSafepointNanos(stopped.timeToSafepointNanos)
        .wallMillis(stamps.wallMillis)
        .uptimeMillis(stamps.uptimeMillis);
    PauseEvent inside = gc.takeClosedSinceStopped();
    if (inside != null) {
      event.kind(inside.kindBuf(), inside.kindFrom(), inside.kindTo());
    } else if (gc.gcLogged) {
      event.kind(NON_GC, 0, NON_GC.length);
    } else {
      event.kind(NON_GC, 0, 0); // a log of stopped times alone does not tell
    }
    sink.pause(event);
    return Outcome.PARSED;
  }

  private Outcome notAPause(byte[] buf, int from, int to, boolean damaged) {
    if (Ascii.indexOf(buf, from, to, APPLICATION_TIME_MARKER) >= 0) {
      return StoppedTime.APPLICATION_TIME;
    }
    if (damaged) {
      return DAMAGED;
    }
    if (StoppedTime.headWithoutTail(buf, from, to)) {
      return StoppedTime.CUT_SHORT;
    }
    if (Ascii.startsWith(buf, from, to, FLAGS)) {
      if (Ascii.indexOf(buf, from, to, PRINT_GC) >= 0
          || Ascii.indexOf(buf, from, to, PRINT_GC_DETAILS) >= 0) {
        gc.gcLogged = true;
      }
      return OTHER;
    }
    if (Ascii.indexOf(buf, from, to, ROTATION_MARKER) >= 0 && isRotationHeader(buf, from, to)) {
      return Reasons.ROTATION_HEADER;
    }
    if (Jdk8GcEvents.looksLikeEvent(buf, from, to)) {
      return UNREAD_EVENT; // never silently: a pause may be lost here
    }
    return ForeignLines.is(buf, from, to, true) ? Reasons.ANOTHER_PROGRAM : OTHER;
  }

  /** {@code 2019-02-01 02:14:27 GC log file created /path} and its siblings. */
  static boolean isRotationHeader(byte[] buf, int from, int to) {
    return to - from > 20 && Ascii.isDigit(buf[from]) && buf[from + 4] == '-' && buf[from + 10] == ' '
        && Ascii.startsWith(buf, from + 19, to, ROTATION_MARKER);
  }
}
