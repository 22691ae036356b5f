package tardy.formats.httpd;

import java.util.List;
import java.util.Optional;
import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.Match;
import tardy.events.Sample;
import tardy.formats.fields.Fields;
import tardy.formats.fields.PlanParser;

/**
 * httpd's shipped layouts, which log no request time, recognised so that the user learns the one
 * LogFormat line that adds it instead of "no known format". httpd's {@code combined} has the
 * shape of nginx's, which nginx's advice names first; its words name both servers.
 */
final class MissingDuration {

  /** A shipped layout, its name in httpd.conf, and its format string. */
  private record Layout(String what, String nick, String format) {

    boolean fits(Sample sample) {
      LineParser parser = new PlanParser(LogFormatLine.layout(format));
      List<byte[]> lines = sample.nonBlankLines();
      int hits = 0;
      for (byte[] line : lines) {
        if (parser.parse(line, 0, line.length, EventSink.DISCARD) == Fields.NO_REQUEST_TIME) {
          hits++;
        }
      }
      return Match.ofShare(hits, lines.size()).atLeast(Match.SOLID);
    }

    String advice() {
      return "its lines are " + what + ", which has no request time, so they carry no latency; "
          + LogFormatLine.ADD_D + ": LogFormat \"" + format.replace("\"", "\\\"") + " %D\" " + nick;
    }
  }

  // vhost_combined first: common's layout also matches its lines after the vhost
  private static final List<Layout> LAYOUTS = List.of(
      new Layout("httpd's \"vhost_combined\" LogFormat (Debian's other_vhosts_access.log)",
          "vhost_combined",
          "%v:%p %h %l %u %t \"%r\" %>s %O \"%{Referer}i\" \"%{User-Agent}i\""),
      new Layout("httpd's \"common\" LogFormat", "common", "%h %l %u %t \"%r\" %>s %b"));

  private MissingDuration() {}

  static Optional<String> advice(Sample sample) {
    for (Layout layout : LAYOUTS) {
      if (layout.fits(sample)) {
        return Optional.of(layout.advice());
      }
    }
    return Optional.empty();
  }
}
