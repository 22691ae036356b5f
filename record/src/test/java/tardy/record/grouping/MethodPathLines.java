package tardy.record.grouping;

import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.events.RequestEvent;

/** The sample tests' lines, "METHOD path", read into requests of 1 µs. */
final class MethodPathLines {

  private MethodPathLines() {}

  /** A parser that keeps one event, as real parsers do. */
  static LineParser parser() {
    RequestEvent e = new RequestEvent();
    return (b, from, to, sink) -> {
      int space = from;
      while (b[space] != ' ') {
        space++;
      }
      sink.request(e.reset(b).request(from, space, space + 1, to).latencyNanos(1_000));
      return Outcome.PARSED;
    };
  }
}
