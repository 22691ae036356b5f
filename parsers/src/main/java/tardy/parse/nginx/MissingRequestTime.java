package tardy.parse.nginx;

import java.util.List;
import java.util.Optional;
import tardy.parse.EventSink;
import tardy.parse.LineParser;
import tardy.parse.Match;
import tardy.parse.PauseEvent;
import tardy.parse.RequestEvent;
import tardy.parse.Sample;

/**
 * nginx's usual layouts that log no {@code $request_time}, recognised so that the user learns
 * which field is missing and the one line of nginx.conf that adds it, instead of "no known format".
 */
final class MissingRequestTime {

  /** A layout without a request time, and what to write in nginx.conf instead. */
  private record Layout(String what, String definition, String change) {

    /** Whether most of the sample's lines have this layout: they match it up to the missing time. */
    boolean fits(Sample sample) {
      LineParser parser = new PlanParser(LogFormatCompiler.layout(definition));
      List<byte[]> lines = sample.nonBlankLines();
      int hits = 0;
      for (byte[] line : lines) {
        if (parser.parse(line, 0, line.length, IGNORE) == Fields.NO_REQUEST_TIME) {
          hits++;
        }
      }
      return Match.ofShare(hits, lines.size()).atLeast(Match.SOLID);
    }
  }

  private static final String COMBINED =
      "$remote_addr - $remote_user [$time_local] \"$request\" $status $body_bytes_sent"
          + " \"$http_referer\" \"$http_user_agent\"";
  private static final String MAIN = COMBINED + " \"$http_x_forwarded_for\"";

  // main first: combined's layout also matches main's lines (its user agent takes the rest)
  private static final List<Layout> LAYOUTS = List.of(
      new Layout("nginx's usual \"main\" log_format (combined + \"$http_x_forwarded_for\")", MAIN,
          "append $request_time to it in nginx.conf: log_format main '" + MAIN + " $request_time';"),
      new Layout("nginx's predefined \"combined\" log_format", COMBINED,
          "log with this format instead, defined in nginx.conf's http block and named in access_log"
              + " (access_log /var/log/nginx/access.log timed;): log_format timed '" + COMBINED
              + " $request_time';"));

  private static final EventSink IGNORE = new EventSink() {
    @Override
    public void request(RequestEvent event) {}

    @Override
    public void pause(PauseEvent event) {}
  };

  private MissingRequestTime() {}

  static Optional<String> advice(Sample sample) {
    for (Layout layout : LAYOUTS) {
      if (layout.fits(sample)) {
        return Optional.of("its lines are " + layout.what + ", which has no $request_time,"
            + " so they carry no latency; " + layout.change);
      }
    }
    return Optional.empty();
  }
}
