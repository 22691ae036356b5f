package tardy.run;

import tardy.record.BothSinks;
import tardy.events.EventSink;
import tardy.events.ForwardingLineParser;
import tardy.events.LineParser;
import tardy.events.LinePosition;
import tardy.events.Outcome;

/**
 * A parser whose every event (and clock anchor) also goes to a second sink, in the order the
 * inner parser hands them on: one read of a JVM log feeds its own result and the pause index.
 * It sits under any time window, so the index sees the whole log.
 */
final class AlsoTo extends ForwardingLineParser {

  private final EventSink also;
  private EventSink sink; // the sink of the last call, and both it and also
  private EventSink both;

  AlsoTo(LineParser inner, EventSink also) {
    super(inner);
    this.also = also;
  }

  @Override
  public void reading(LinePosition position) {
    also.reading(position);
    inner.reading(position);
  }

  @Override
  public Outcome parse(byte[] buf, int from, int to, EventSink sink) {
    return inner.parse(buf, from, to, both(sink));
  }

  @Override
  public void endOfInput(EventSink sink) {
    inner.endOfInput(both(sink));
  }

  /** The same sink on every line of a read: made once. */
  private EventSink both(EventSink sink) {
    if (sink != this.sink) {
      this.sink = sink;
      this.both = new BothSinks(sink, also);
    }
    return both;
  }
}
