package tardy.formats.nginx;

import tardy.events.LogFormat;
import tardy.events.RequestEvent;
import tardy.formats.RequestsRead;

/** Test helper: reads a whole log through the LineReader and keeps every event as a string tuple. */
final class Collecting extends RequestsRead<Collecting.Event> {

  /** One request as the tests compare it: the invalid request shows as "(invalid request)". */
  record Event(String request, int status, long latencyNanos, long upstreamNanos, int upstreamParts) {}

  static Collecting read(LogFormat format, byte[] log) {
    return RequestsRead.read(new Collecting(), format, log);
  }

  @Override
  protected Event keep(String request, RequestEvent e) {
    return new Event(request, e.status(), e.latencyNanos(), e.upstreamNanos(), e.upstreamParts());
  }
}
