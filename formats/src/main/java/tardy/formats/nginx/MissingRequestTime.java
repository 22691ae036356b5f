package tardy.formats.nginx;

import java.util.List;
import java.util.Optional;
import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.Match;
import tardy.events.Sample;
import tardy.formats.fields.Fields;
import tardy.formats.fields.PlanParser;

/**
 * nginx's usual layouts that log no {@code $request_time}, recognised so that the user learns
 * which field is missing and the one line of nginx.conf that adds it, instead of "no known format".
 */
final class MissingRequestTime {

  /** A layout without a request time, and what to write in nginx.conf instead. */
  private record Layout(String what, String definition, String change) {

    /**
     * How most of the sample's lines relate to this layout: they match it up to the missing time
     * and have exactly its quotes ({@link Fit#EXACT}), or have quotes beyond it ({@link
     * Fit#MORE_FIELDS}: nginx writes a quote inside a value as {@code \x22}, so an extra quote
     * is an extra quoted field, which the layout's last quoted field swallowed), or neither.
     */
    Fit fit(Sample sample) {
      LineParser parser = new PlanParser(LogFormatCompiler.layout(definition));
      long layoutQuotes = definition.chars().filter(c -> c == '"').count();
      List<byte[]> lines = sample.nonBlankLines();
      int exact = 0;
      int more = 0;
      for (byte[] line : lines) {
        if (!startsWithVhost(line)
            && parser.parse(line, 0, line.length, EventSink.DISCARD) == Fields.NO_REQUEST_TIME) {
          if (quotes(line) > layoutQuotes) {
            more++;
          } else {
            exact++;
          }
        }
      }
      if (Match.ofShare(exact, lines.size()).atLeast(Match.SOLID)) {
        return Fit.EXACT;
      }
      return Match.ofShare(exact + more, lines.size()).atLeast(Match.SOLID) ? Fit.MORE_FIELDS : Fit.NONE;
    }

    /**
     * Whether the line starts as httpd's vhost_combined does, {@code host:port} then the client's
     * address: no nginx layout, and httpd's advice names it. An address list ({@code a, b}) or an
     * IPv6 address ({@code ::1}) before {@code " - "} is nginx's.
     */
    private static boolean startsWithVhost(byte[] line) {
      int space = tardy.events.Ascii.indexOf(line, 0, line.length, (byte) ' ');
      if (space < 2 || space + 1 >= line.length || line[space + 1] == '-') {
        return false;
      }
      int i = space - 1;
      while (i > 0 && tardy.events.Ascii.isDigit(line[i])) {
        i--;
      }
      return i < space - 1 && line[i] == ':';
    }

    /** The quotes that delimit fields: a quote after a backslash is inside one (httpd's \"). */
    private static int quotes(byte[] line) {
      int n = 0;
      int backslashes = 0;
      for (byte b : line) {
        n += b == '"' && (backslashes & 1) == 0 ? 1 : 0;
        backslashes = b == '\\' ? backslashes + 1 : 0;
      }
      return n;
    }
  }

  private enum Fit { EXACT, MORE_FIELDS, NONE }

  private static final String COMBINED =
      "$remote_addr - $remote_user [$time_local] \"$request\" $status $body_bytes_sent"
          + " \"$http_referer\" \"$http_user_agent\"";
  private static final String MAIN = COMBINED + " \"$http_x_forwarded_for\"";

  /** Apache httpd's stock combined writes the same lines; its users need their own line. */
  private static final String HTTPD_COMBINED = " (Apache httpd's \"combined\" writes the same lines:"
      + " there, add %D to it in httpd.conf, LogFormat \"%h %l %u %t \\\"%r\\\" %>s %O"
      + " \\\"%{Referer}i\\\" \\\"%{User-Agent}i\\\" %D\" combined)";

  // main first: combined's layout also matches main's lines (its user agent takes the rest)
  private static final List<Layout> LAYOUTS = List.of(
      new Layout("nginx's usual \"main\" log_format (combined + \"$http_x_forwarded_for\")", MAIN,
          "append $request_time to it in nginx.conf: log_format main '" + MAIN + " $request_time';"),
      new Layout("nginx's predefined \"combined\" log_format", COMBINED,
          "log with this format instead, defined in nginx.conf's http block and named in access_log"
              + " (access_log /var/log/nginx/access.log timed;): log_format timed '" + COMBINED
              + " $request_time';"));

  private MissingRequestTime() {}

  static Optional<String> advice(Sample sample) {
    for (Layout layout : LAYOUTS) {
      Optional<MovedRequestTime.Suggestion> moved = MovedRequestTime.of(layout.definition, sample);
      if (moved.isPresent()) { // $request_time is there, elsewhere: nginx.conf needs no change
        MovedRequestTime.Suggestion m = moved.get();
        return Optional.of("its lines look like " + layout.what + " but carry $request_time in"
            + " another place (" + m.example() + (m.after().isEmpty() ? ", first" : ", after "
            + m.after()) + "), so they are not that layout and no built-in format reads them;"
            + " pass their log_format from nginx.conf with --log-format, which for these lines"
            + " reads: --log-format '" + m.definition() + "'");
      }
      switch (layout.fit(sample)) {
        case EXACT -> {
          return Optional.of("its lines are " + layout.what + ", which has no $request_time,"
              + " so they carry no latency" + (layout.definition == COMBINED ? HTTPD_COMBINED : "")
              + "; " + layout.change);
        }
        case MORE_FIELDS -> {
          return Optional.of("its lines are " + layout.what + " followed by more fields, which no"
              + " built-in format names; if one of them is $request_time, paste the log_format from"
              + " nginx.conf into --log-format '…'");
        }
        case NONE -> { }
      }
    }
    return Optional.empty();
  }
}
