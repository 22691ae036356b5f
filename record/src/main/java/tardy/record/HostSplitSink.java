package tardy.record;

import tardy.events.EventSink;
import tardy.events.HeapCycleEvent;
import tardy.events.LinePosition;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

/** A result's sink that also records each request into its host's recorder. */
final class HostSplitSink implements EventSink {

  private final EventSink inner;
  private final HostRecorders hosts;

  HostSplitSink(EventSink inner, HostRecorders hosts) {
    this.inner = inner;
    this.hosts = hosts;
  }

  @Override
  public void request(RequestEvent e) {
    inner.request(e);
    hosts.request(e);
  }

  @Override
  public void pause(PauseEvent e) {
    inner.pause(e);
  }

  @Override
  public void heapCycle(HeapCycleEvent e) {
    inner.heapCycle(e);
  }

  @Override
  public void reading(LinePosition position) {
    inner.reading(position);
  }

  @Override
  public void zoneOffset(int offsetSeconds) {
    inner.zoneOffset(offsetSeconds);
  }

  @Override
  public void anchor(long wallMillis, long uptimeMillis, long line) {
    inner.anchor(wallMillis, uptimeMillis, line);
  }
}
