package tardy.formats.nginx;

import java.util.ArrayList;
import java.util.List;
import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.LogFormat;
import tardy.events.ParseStats;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

/** Test helper: reads a whole log through the LineReader and keeps every event as a string tuple. */
final class Collecting implements EventSink {

  /** One request as the tests compare it: the invalid request shows as "(invalid request)". */
  record Event(String request, int status, long latencyNanos, long upstreamNanos, int upstreamParts) {}

  final List<Event> events = new ArrayList<>();
  final ParseStats stats = new ParseStats();
  final List<String> rejects = new ArrayList<>();

  static Collecting read(LogFormat format, byte[] log) {
    Collecting c = new Collecting();
    tardy.events.EventLog.read(format, log, c, c.stats, c.rejects);
    return c;
  }

  @Override
  public void request(RequestEvent e) {
    String request = e.wellFormed()
        ? Ascii.text(e.buf(), e.methodFrom(), e.methodTo()) + " " + Ascii.text(e.buf(), e.targetFrom(), e.targetTo())
        : "(invalid request)";
    events.add(new Event(request, e.status(), e.latencyNanos(), e.upstreamNanos(), e.upstreamParts()));
  }

  @Override
  public void pause(PauseEvent event) {}
}
