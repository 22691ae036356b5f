package tardy.parse.nginx;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import tardy.parse.Ascii;
import tardy.parse.EventSink;
import tardy.parse.LogFormat;
import tardy.parse.ParseStats;
import tardy.parse.PauseEvent;
import tardy.parse.RequestEvent;
import tardy.parse.io.LineReader;

/** Test helper: reads a whole log through the LineReader and keeps every event as a string tuple. */
final class Collecting implements EventSink {

  /** One request as the tests compare it: the invalid request shows as "(invalid request)". */
  record Event(String request, int status, long latencyNanos, long upstreamNanos, int upstreamParts) {}

  final List<Event> events = new ArrayList<>();
  final ParseStats stats = new ParseStats();
  final List<String> rejects = new ArrayList<>();

  static Collecting read(LogFormat format, byte[] log) {
    Collecting c = new Collecting();
    try {
      new LineReader().read(new ByteArrayInputStream(log), format.newParser(), c, c.stats,
          (n, outcome, buf, from, to) -> c.rejects.add(n + ": " + outcome.reason()), true);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
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
