package tardy.parse.jvm;

import java.util.ArrayList;
import java.util.List;
import tardy.parse.Ascii;
import tardy.parse.EventSink;
import tardy.parse.PauseEvent;
import tardy.parse.RequestEvent;

/** A test sink that copies every pause it gets. */
final class PauseCollector implements EventSink {

  /** A copied pause; kind is "" when the log names none. */
  record Pause(String kind, long totalNanos, long ttspNanos, long wallMillis, long uptimeMillis) {}

  final List<Pause> pauses = new ArrayList<>();

  @Override
  public void request(RequestEvent event) {
    throw new AssertionError("a JVM format emitted a request");
  }

  @Override
  public void pause(PauseEvent e) {
    pauses.add(
        new Pause(
            Ascii.text(e.kindBuf(), e.kindFrom(), e.kindTo()),
            e.totalNanos(),
            e.timeToSafepointNanos(),
            e.wallMillis(),
            e.uptimeMillis()));
  }

  Pause only() {
    if (pauses.size() != 1) {
      throw new AssertionError("expected one pause, got " + pauses);
    }
    return pauses.get(0);
  }
}
