package tardy.formats.wrap;

import tardy.events.EventSink;
import tardy.events.ForwardingSink;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Times;

/**
 * Gives a wrapped line's request or pause the host its envelope names (a syslog header's
 * HOSTNAME) unless the inner line named one itself: nginx's {@code $hostname} is the server's own
 * word, where a relay may have written the header. One per parser, pointed at each line's sink
 * and host.
 *
 * <p>A JVM parser hands a pause on from a later line (the CPU times UL prints after a GC pause):
 * such a pause takes the host of the line it was read from ({@link PauseEvent#line}), kept here
 * for the last {@link RecentHosts#KEPT} lines the inner parser took, so that in a collector's
 * file where two JVMs' lines interleave each pause stays its own host's.
 */
final class EnvelopeHostSink extends ForwardingSink {

  private static final byte[] NONE = new byte[0];

  private final RecentHosts recent = new RecentHosts();
  private byte[] line = NONE;
  private int hostFrom;
  private int hostTo;
  private long lineNumber = Times.NONE;

  EnvelopeHostSink() {
    super(EventSink.DISCARD);
  }

  /**
   * This sink for one line: {@code line[hostFrom, hostTo)} is its envelope's host (an empty range:
   * none), {@code lineNumber} its number ({@link Times#NONE}: unknown).
   */
  EventSink around(EventSink target, byte[] line, int hostFrom, int hostTo, long lineNumber) {
    forwardTo(target);
    this.line = line;
    this.hostFrom = hostFrom;
    this.hostTo = hostTo;
    this.lineNumber = lineNumber;
    return this;
  }

  /** This sink at the input's end: no line of its own, held pauses find theirs. */
  EventSink atEnd(EventSink target) {
    return around(target, NONE, 0, 0, Times.NONE);
  }

  /** The line was parsed: a pause read from it may be handed on later. */
  void parsed() {
    if (Times.isSet(lineNumber)) {
      recent.keep(lineNumber, line, hostFrom, hostTo);
    }
  }

  @Override
  public void request(RequestEvent event) {
    // the event's ranges point into the line it was parsed from: the header's host is there too
    if (!event.hasHost() && event.buf() == line && hostTo > hostFrom) {
      event.host(hostFrom, hostTo);
    }
    inner.request(event);
  }

  @Override
  public void pause(PauseEvent event) {
    if (!event.hasHost()) {
      long from = event.line();
      if (!Times.isSet(from) || from == lineNumber) {
        event.host(line, hostFrom, hostTo);
      } else {
        recent.name(from, event);
      }
    }
    inner.pause(event);
  }
}
