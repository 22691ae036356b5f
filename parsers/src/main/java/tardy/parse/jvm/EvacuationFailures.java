package tardy.parse.jvm;

import tardy.parse.Ascii;
import tardy.parse.EventSink;
import tardy.parse.Family;
import tardy.parse.LineParser;
import tardy.parse.LinePosition;
import tardy.parse.Outcome;
import tardy.parse.PauseEvent;
import tardy.parse.RequestEvent;

/**
 * JDK 7-8 G1 prints {@code (to-space exhausted)} inside a pause's text, after the reference
 * processing lines JDK 8 appends to the event's first line, so it is no part of the pause's
 * kind: the pause the parser hands on next is marked {@link PauseEvent#EVACUATION_FAILED}, as the
 * unified log's own {@code To-space exhausted} line marks its pause. The marker is printed on
 * the line that closes the pause, which the parser holds for its {@code [Times: …]} line, so the
 * next GC pause handed on from that line on is the one.
 */
final class EvacuationFailures implements LineParser {

  private static final byte[] MARK = Ascii.bytes("to-space exhausted");

  private final LineParser parser;
  private final Marking marking = new Marking();

  EvacuationFailures(LineParser parser) {
    this.parser = parser;
  }

  @Override
  public Outcome parse(byte[] buf, int from, int to, EventSink sink) {
    if (!marking.pending && Ascii.indexOf(buf, from, to, MARK) >= 0) {
      marking.pending = true;
    }
    marking.sink = sink;
    return parser.parse(buf, from, to, marking);
  }

  @Override
  public void reading(LinePosition position) {
    parser.reading(position);
  }

  @Override
  public void emitAnchors() {
    parser.emitAnchors();
  }

  @Override
  public void endOfInput(EventSink sink) {
    marking.sink = sink;
    parser.endOfInput(marking);
  }

  @Override
  public void recountAtEnd(Recount recount) {
    parser.recountAtEnd(recount);
  }

  /** Hands every event on, the first GC pause after a marker marked. */
  private static final class Marking implements EventSink {
    EventSink sink;
    boolean pending;

    @Override
    public void request(RequestEvent event) {
      sink.request(event);
    }

    @Override
    public void pause(PauseEvent event) {
      if (pending && event.family() == Family.GC_PAUSE) {
        event.trouble(PauseEvent.EVACUATION_FAILED);
        pending = false;
      }
      sink.pause(event);
    }

    @Override
    public void anchor(long wallMillis, long uptimeMillis, long line) {
      sink.anchor(wallMillis, uptimeMillis, line);
    }

    @Override
    public void reading(LinePosition position) {
      sink.reading(position);
    }
  }
}
