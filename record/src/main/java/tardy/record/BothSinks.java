package tardy.record;

import tardy.events.EventSink;
import tardy.events.HeapCycleEvent;
import tardy.events.LinePosition;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

/** One parse feeding two sinks: every event, anchor and the line position go to both, in order. */
public final class BothSinks implements EventSink {

  private final EventSink first;
  private final EventSink second;

  public BothSinks(EventSink first, EventSink second) {
    this.first = first;
    this.second = second;
  }

  @Override
  public void reading(LinePosition position) {
    first.reading(position);
    second.reading(position);
  }

  @Override
  public void request(RequestEvent e) {
    first.request(e);
    second.request(e);
  }

  @Override
  public void pause(PauseEvent e) {
    first.pause(e);
    second.pause(e);
  }

  @Override
  public void heapCycle(HeapCycleEvent e) {
    first.heapCycle(e);
    second.heapCycle(e);
  }

  @Override
  public void zoneOffset(int offsetSeconds) {
    first.zoneOffset(offsetSeconds);
    second.zoneOffset(offsetSeconds);
  }

  @Override
  public void anchor(long wallMillis, long uptimeMillis, long line) {
    first.anchor(wallMillis, uptimeMillis, line);
    second.anchor(wallMillis, uptimeMillis, line);
  }
}
