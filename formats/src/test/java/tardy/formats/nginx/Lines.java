package tardy.formats.nginx;

import java.nio.charset.StandardCharsets;
import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

/** Test helper: parses one line and keeps a copy of what the parser emitted. */
final class Lines {

  /** A copy of one event; method and target null when the request was not well formed. */
  record Parsed(Outcome outcome, String method, String target, int status, long latencyNanos,
      long upstreamNanos, int upstreamParts, long wallMillis) {}

  private Lines() {}

  static Parsed parse(LineParser parser, String line) {
    return parse(parser, line.getBytes(StandardCharsets.UTF_8));
  }

  static Parsed parse(LineParser parser, byte[] line) {
    Parsed[] out = new Parsed[1];
    EventSink sink = new EventSink() {
      @Override
      public void request(RequestEvent e) {
        out[0] = new Parsed(Outcome.PARSED,
            e.wellFormed() ? Ascii.text(e.buf(), e.methodFrom(), e.methodTo()) : null,
            e.wellFormed() ? Ascii.text(e.buf(), e.targetFrom(), e.targetTo()) : null,
            e.status(), e.latencyNanos(), e.upstreamNanos(), e.upstreamParts(), e.wallMillis());
      }

      @Override
      public void pause(PauseEvent e) {}
    };
    // parse inside a larger buffer, so offsets are exercised too
    byte[] padded = new byte[line.length + 6];
    System.arraycopy(line, 0, padded, 3, line.length);
    Outcome outcome = parser.parse(padded, 3, 3 + line.length, sink);
    if (outcome.isParsed() != (out[0] != null)) {
      throw new AssertionError("an event must be emitted exactly for parsed lines: " + outcome);
    }
    return out[0] != null ? out[0] : new Parsed(outcome, null, null, 0, 0, 0, 0, 0);
  }
}
