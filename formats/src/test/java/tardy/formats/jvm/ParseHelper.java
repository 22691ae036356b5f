package tardy.formats.jvm;

import java.nio.charset.StandardCharsets;
import tardy.events.LineParser;
import tardy.events.Outcome;

/** Feeds lines, as text, to one parser and keeps what it emitted. */
final class ParseHelper {

  final LineParser parser;
  final PauseCollector sink = new PauseCollector();

  ParseHelper(LineParser parser) {
    this.parser = parser;
  }

  /** Parses the line inside a larger buffer, so offsets other than 0 are exercised too. */
  Outcome line(String text) {
    byte[] line = text.getBytes(StandardCharsets.ISO_8859_1);
    byte[] buf = new byte[line.length + 6];
    System.arraycopy(line, 0, buf, 3, line.length);
    buf[0] = buf[1] = buf[2] = 'x';
    buf[buf.length - 3] = buf[buf.length - 2] = buf[buf.length - 1] = ' ';
    return parser.parse(buf, 3, 3 + line.length, sink);
  }

  PauseCollector.Pause only() {
    return sink.only();
  }
}
