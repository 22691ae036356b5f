package tardy.record;

import tardy.events.EventSink;
import tardy.events.ForwardingSink;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

/** A result's sink that also records each request and pause into its host's recorder. */
final class HostSplitSink extends ForwardingSink {

  private final HostRecorders hosts;

  HostSplitSink(EventSink inner, HostRecorders hosts) {
    super(inner);
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
    hosts.pause(e);
  }
}
