package tardy.record.window;

import tardy.events.EventSink;
import tardy.events.ForwardingSink;
import tardy.events.LinePosition;
import tardy.events.Outcome;
import tardy.events.ParseStats;
import tardy.events.HeapCycleEvent;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Times;

/**
 * A sink whose events outside a {@link TimeWindow} go nowhere, for a reader of records rather
 * than lines ({@link tardy.events.RecordFormat}): the record of an event left out, counted parsed
 * when read, is counted again with the window's reason, as {@link WindowedParser} does for a line.
 */
public final class WindowedSink extends ForwardingSink {

  private final TimeWindow window;
  private final ParseStats stats;
  private LinePosition position;

  /** {@code inner} itself when there is no window (null). */
  public static EventSink of(EventSink inner, TimeWindow window, ParseStats stats) {
    return window == null ? inner : new WindowedSink(inner, window, stats);
  }

  private WindowedSink(EventSink inner, TimeWindow window, ParseStats stats) {
    super(inner);
    this.window = window;
    this.stats = stats;
  }

  @Override
  public void reading(LinePosition position) {
    this.position = position;
    inner.reading(position);
  }

  @Override
  public void request(RequestEvent e) {
    Outcome why = window.place(e);
    if (why == null) {
      inner.request(e);
    } else {
      stats.reclassifyParsed(why, position.line());
    }
  }

  @Override
  public void pause(PauseEvent e) {
    Outcome why = window.place(e);
    if (why == null) {
      inner.pause(e);
    } else {
      stats.reclassifyParsed(why, Times.isSet(e.line()) ? e.line() : position.line());
    }
  }

  @Override
  public void heapCycle(HeapCycleEvent e) {
    if (window.holds(e)) {
      inner.heapCycle(e);
    }
  }
}
