package tardy.events;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import tardy.events.input.LineReader;

/**
 * Test helper: a whole log read through the LineReader, every event kept as one string with all
 * its fields, every malformed line with its reason, so two readings can be compared whole.
 */
public final class EventLog implements EventSink {

  public final List<String> events = new ArrayList<>();
  public final ParseStats stats = new ParseStats();
  public final List<String> rejects = new ArrayList<>();

  public static EventLog read(LogFormat format, byte[] log) {
    EventLog c = new EventLog();
    read(format, log, c, c.stats, c.rejects);
    return c;
  }

  /** Reads a whole log into a sink, its accounting and its malformed lines as "N: reason". */
  public static void read(LogFormat format, byte[] log, EventSink sink, ParseStats stats, List<String> rejects) {
    try {
      new LineReader().read(new ByteArrayInputStream(log), format.newParser(), sink, stats,
          (n, outcome, buf, from, to) -> rejects.add(n + ": " + outcome.reason()), true);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void request(RequestEvent e) {
    String request = e.wellFormed()
        ? Ascii.text(e.buf(), e.methodFrom(), e.methodTo()) + " " + Ascii.text(e.buf(), e.targetFrom(), e.targetTo())
        : "(invalid request)";
    events.add("request " + request + " status=" + e.status() + " latency=" + e.latencyNanos()
        + " upstream=" + e.upstreamNanos() + "/" + e.upstreamParts() + " wall=" + e.wallMillis());
  }

  @Override
  public void pause(PauseEvent e) {
    String kind = e.hasKind() ? Ascii.text(e.kindBuf(), e.kindFrom(), e.kindTo()) : "(none)";
    events.add("pause " + kind + " total=" + e.totalNanos() + " ttsp=" + e.timeToSafepointNanos()
        + " wall=" + e.wallMillis() + " uptime=" + e.uptimeMillis());
  }
}
