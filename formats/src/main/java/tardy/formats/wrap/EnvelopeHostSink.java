package tardy.formats.wrap;

import tardy.events.EventSink;
import tardy.events.HeapCycleEvent;
import tardy.events.LinePosition;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

/**
 * Gives a wrapped line's request the host its envelope names (a syslog header's HOSTNAME) unless
 * the inner line named one itself: nginx's {@code $hostname} is the server's own word, where a
 * relay may have written the header. One per parser, pointed at each line's sink and host.
 */
final class EnvelopeHostSink implements EventSink {

  private EventSink target = EventSink.DISCARD;
  private byte[] line;
  private int hostFrom;
  private int hostTo;

  /** This sink for one line: {@code line[hostFrom, hostTo)} is its envelope's host. */
  EventSink around(EventSink target, byte[] line, int hostFrom, int hostTo) {
    this.target = target;
    this.line = line;
    this.hostFrom = hostFrom;
    this.hostTo = hostTo;
    return this;
  }

  @Override
  public void request(RequestEvent event) {
    // the event's ranges point into the line it was parsed from: the header's host is there too
    if (!event.hasHost() && event.buf() == line) {
      event.host(hostFrom, hostTo);
    }
    target.request(event);
  }

  @Override
  public void pause(PauseEvent event) {
    target.pause(event);
  }

  @Override
  public void heapCycle(HeapCycleEvent event) {
    target.heapCycle(event);
  }

  @Override
  public void anchor(long wallMillis, long uptimeMillis, long line) {
    target.anchor(wallMillis, uptimeMillis, line);
  }

  @Override
  public void reading(LinePosition position) {
    target.reading(position);
  }

  @Override
  public void zoneOffset(int offsetSeconds) {
    target.zoneOffset(offsetSeconds);
  }
}
