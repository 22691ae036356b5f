package tardy.formats.gcp;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.ForwardingLineParser;
import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.events.Sample;
import tardy.formats.fields.Dialect;
import tardy.formats.fields.FieldPlan;
import tardy.formats.fields.Fields;
import tardy.formats.fields.JsonParser;
import tardy.formats.fields.PlanBuilder;
import tardy.formats.fields.PlanFormat;
import tardy.formats.fields.Role;
import tardy.formats.fields.Unit;

/**
 * Google Cloud's request logs as Cloud Logging exports them, a LogEntry a line
 * (https://cloud.google.com/logging/docs/reference/v2/rest/v2/LogEntry): the external and internal
 * Application Load Balancers' and Cloud Run's requests (any entry with an {@code httpRequest}
 * object), which holds the method, the URL, the status and the {@code latency}, seconds followed by
 * {@code s}, from when the request was received until the answer was sent. The entry's {@code
 * timestamp} is its time, read as the request's end; {@code trace} its id. A load balancer's
 * {@code jsonPayload.statusDetails} says whether the client went away or the backend timed out.
 */
public final class GcpHttpFormat extends PlanFormat {

  /** A status of 0: no answer was sent. */
  static final Dialect GOOGLE = new Dialect("google cloud", "LogEntry", "", "-", 0, false, "0");

  /**
   * Google logs no latency for an answer from Cloud CDN's cache: such a request took no time of
   * the backend's, and none is made up for it.
   */
  static final Outcome NO_LATENCY = Outcome.ignored("its httpRequest has no latency (Google logs"
      + " none for an answer from Cloud CDN's cache)");

  private static FieldPlan json() { // built at the format's first use
    return new PlanBuilder(GOOGLE)
        // httpRequest first: an entry without it is not a request (nestedKeys)
        .literal("{\"httpRequest.requestMethod\":\"").field("httpRequest.requestMethod", Role.METHOD)
        .literal("\",\"httpRequest.requestUrl\":\"").field("httpRequest.requestUrl", Role.URL)
        .literal("\",\"httpRequest.status\":").field("httpRequest.status", Role.STATUS)
        .literal(",\"httpRequest.responseSize\":\"").field("httpRequest.responseSize", Role.BYTES)
        .literal("\",\"httpRequest.latency\":\"")
        .field("httpRequest.latency", Role.REQUEST_TIME, Unit.SECONDS_SUFFIXED)
        .literal("\",\"jsonPayload.statusDetails\":\"").field("jsonPayload.statusDetails", Role.STATUS_DETAILS)
        .literal("\",\"timestamp\":\"").field("timestamp", Role.TIME_ISO8601)
        .literal("\",\"trace\":\"").field("trace", Role.REQUEST_ID)
        .literal("\"}")
        .nestedKeys()
        .build(false);
  }

  public GcpHttpFormat() {
    super("gcp-http", "Google Cloud request log, LogEntry JSON (httpRequest.latency, s)",
        GcpHttpFormat::json, null);
  }

  private static final byte[] HTTP_REQUEST = Ascii.bytes("\"httpRequest\"");

  /**
   * Entries as {@code gcloud logging read --format=json} writes them, one JSON array over many
   * lines, the first being {@code [}: say how to make them one a line.
   */
  @Override
  public Optional<String> advice(Sample sample) {
    List<byte[]> lines = sample.nonBlankLines();
    if (lines.isEmpty() || !new String(lines.get(0), StandardCharsets.UTF_8).strip().equals("[")) {
      return Optional.empty();
    }
    for (byte[] line : lines) {
      if (Ascii.indexOf(line, 0, line.length, HTTP_REQUEST) >= 0) {
        return Optional.of("its entries are one JSON array over many lines, as gcloud logging read"
            + " --format=json writes them; tardy reads one entry a line, as a Cloud Storage sink"
            + " writes them: jq -c '.[]' FILE | tardy report -");
      }
    }
    return Optional.empty();
  }

  /** An application's entry (Cloud Run's stdout) or a service's, in the same export. */
  static final Outcome OTHER_ENTRY = Outcome.ignored("a LogEntry without httpRequest: an"
      + " application's or a service's entry, not a request");

  @Override
  public LineParser newParser() {
    JsonParser json = (JsonParser) super.newParser();
    return new ForwardingLineParser(json) {
      @Override
      public Outcome parse(byte[] b, int from, int to, EventSink sink) {
        Outcome outcome = json.parse(b, from, to, sink);
        return outcome == Fields.NO_REQUEST_TIME ? NO_LATENCY
            : outcome == json.otherEntry() ? OTHER_ENTRY : outcome;
      }
    };
  }
}
