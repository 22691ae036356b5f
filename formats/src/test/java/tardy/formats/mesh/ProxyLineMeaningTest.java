package tardy.formats.mesh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.LogFormat;
import tardy.events.Outcome;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Sample;
import tardy.formats.Formats;

/**
 * What one line of Envoy, Traefik, ALB and CloudFront means: the client that went away whatever
 * the status, no status where the server sent none, the end of a request logged with its start,
 * ALB's -1 times, CloudFront's headers; and the user's Envoy format strings. Lines follow each
 * server's documented format (see samples/PROVENANCE.md for the pages).
 */
class ProxyLineMeaningTest {

  /** One request as read: its operation, status, latency, end and whether its client went away. */
  record Read(String request, int status, long latencyNanos, long wallMillis, boolean aborted) {}

  /** Whether each line's server timed out, as the format reads it. */
  private static List<Boolean> timedOut(String format, String... lines) {
    List<Boolean> out = new ArrayList<>();
    LineParser parser = Formats.resolve(format).newParser();
    for (String line : lines) {
      byte[] b = line.getBytes(StandardCharsets.UTF_8);
      parser.parse(b, 0, b.length, new EventSink() {
        @Override
        public void request(RequestEvent e) {
          out.add(e.serverTimedOut());
        }

        @Override
        public void pause(PauseEvent e) {}
      });
    }
    return out;
  }

  /** HAProxy's sH/sD and Envoy's UT are the request's own flag, not a status. */
  @Test
  void aServerTimeoutIsTheEventsOwnFlag() {
    assertThat(timedOut("haproxy-http",
        "127.0.0.1:1 [29/Nov/2026:05:40:05.560] web app/app1 0/0/0/-1/150 504 194 - - sH-- 4/4/3/3/0 0/0 \"GET /slow HTTP/1.1\"",
        "127.0.0.1:2 [29/Nov/2026:05:40:05.560] web app/app1 0/0/0/29/29 200 138 - - ---- 4/4/3/3/0 0/0 \"GET /fast HTTP/1.1\"",
        "127.0.0.1:3 [29/Nov/2026:05:40:05.560] web app/app1 0/0/0/29/40 200 138 - - CD-- 4/4/3/3/0 0/0 \"GET /fast HTTP/1.1\""))
        .containsExactly(true, false, false);
    assertThat(timedOut("envoy",
        "[2024-05-06T10:00:01.002Z] \"GET /r HTTP/1.1\" 504 UT 0 24 15001 - \"-\" \"-\" \"-\" \"a\" \"-\"",
        "[2024-05-06T10:00:01.002Z] \"GET /r HTTP/1.1\" 503 UF,URX 0 24 1 - \"-\" \"-\" \"-\" \"a\" \"-\""))
        .containsExactly(true, false);
  }

  private static final class Sink implements EventSink {
    final List<Read> reads = new ArrayList<>();

    @Override
    public void request(RequestEvent e) {
      String request = e.wellFormed()
          ? Ascii.text(e.buf(), e.methodFrom(), e.methodTo()) + " " + Ascii.text(e.buf(), e.targetFrom(), e.targetTo())
          : "(invalid request)";
      reads.add(new Read(request, e.status(), e.latencyNanos(), e.wallMillis(), e.clientAborted()));
    }

    @Override
    public void pause(PauseEvent e) {}
  }

  private static Outcome parse(LineParser parser, String line, Sink sink) {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    return parser.parse(b, 0, b.length, sink);
  }

  private static Read one(String format, String line) {
    Sink sink = new Sink();
    Outcome outcome = parse(Formats.resolve(format).newParser(), line, sink);
    assertThat(outcome.isParsed()).as("%s: %s", outcome, line).isTrue();
    return sink.reads.get(0);
  }

  private static long millis(String iso) {
    return Instant.parse(iso).toEpochMilli();
  }

  @Test
  void envoysDownstreamCloseIsAClientAbortWithoutStatusAndItsEndIsStartPlusDuration() {
    Read r = one("envoy", "[2024-05-06T10:00:01.420Z] \"GET /api/v1/reports/daily HTTP/1.1\" 0 DC 0 0 2871 -"
        + " \"10.0.0.9\" \"curl/8.5.0\" \"2d7f4e90\" \"shop.example\" \"10.1.0.14:8080\"");
    assertThat(r).isEqualTo(new Read("GET /api/v1/reports/daily", 0, 2_871_000_000L,
        millis("2024-05-06T10:00:01.420Z") + 2871, true));
    Read listed = one("envoy", "[2024-05-06T10:00:03.500Z] \"DELETE /o/1 HTTP/1.1\" 0 UC,DC 0 0 612 -"
        + " \"-\" \"-\" \"-\" \"shop.example\" \"10.1.0.13:8080\"");
    assertThat(listed.aborted()).isTrue();
    Read timeout = one("envoy", "[2024-05-06T10:00:01.002Z] \"GET /r HTTP/1.1\" 504 UT 0 24 15001 -"
        + " \"-\" \"-\" \"-\" \"shop.example\" \"10.1.0.14:8080\"");
    assertThat(timeout.aborted()).isFalse();
    assertThat(timeout.status()).isEqualTo(504);
    // a flag that only contains the letters is not DC
    assertThat(one("envoy", "[2024-05-06T10:00:01.002Z] \"GET /r HTTP/1.1\" 503 UDC 0 24 1 -"
        + " \"-\" \"-\" \"-\" \"shop.example\" \"-\"").aborted()).isFalse();
  }

  @Test
  void envoyJsonReadsBareNumbersAndNullAsNoValue() {
    Read r = one("envoy-json", "{\"start_time\":\"2024-05-06T10:00:01.800Z\",\"method\":\"GET\",\"path\":\"/p\","
        + "\"response_code\":0,\"response_flags\":\"DC\",\"bytes_sent\":null,\"duration\":2310}");
    assertThat(r).isEqualTo(new Read("GET /p", 0, 2_310_000_000L, millis("2024-05-06T10:00:01.800Z") + 2310, true));
  }

  @Test
  void aUsersEnvoyFormatStringIsEnvoysAndOneWithoutDurationIsRefused() {
    LogFormat custom = Formats.resolve("%START_TIME% %REQ(:METHOD)% %REQ(:PATH)% %RESPONSE_CODE% %DURATION%");
    assertThat(custom.name()).isEqualTo("envoy-custom");
    Sink sink = new Sink();
    assertThat(parse(custom.newParser(), "2024-05-06T10:00:00.012Z GET /a 200 7", sink).isParsed()).isTrue();
    assertThat(sink.reads.get(0).latencyNanos()).isEqualTo(7_000_000L);
    assertThatThrownBy(() -> Formats.resolve("[%START_TIME%] %RESPONSE_CODE% %BYTES_SENT%"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("%DURATION%");
    // httpd's own directives stay httpd's
    assertThat(Formats.resolve("%h %t \"%r\" %>s %D").name()).isEqualTo("httpd-custom");
  }

  @Test
  void traefikClfReadsItsMillisecondsAndADashStatusIsNone() {
    Read r = one("traefik", "172.17.1.1 - - [28/Sep/2022:13:38:04 +0000] \"GET /m HTTP/1.1\" - - \"-\" \"-\" 45640 \"-\" \"-\" 17ms");
    assertThat(r).isEqualTo(new Read("GET /m", 0, 17_000_000L, millis("2022-09-28T13:38:04Z") + 17, false));
  }

  @Test
  void traefikJsonWithoutDurationIsRefusedNamingTheField() {
    String line = "{\"RouterName\":\"web@docker\",\"DownstreamStatus\":200,\"RequestMethod\":\"GET\","
        + "\"RequestPath\":\"/\",\"StartUTC\":\"2024-05-06T10:00:00.1Z\"}";
    assertThat(Formats.detect(Sample.ofText(List.of(line))).best()).isEmpty();
    assertThat(Formats.detect(Sample.ofText(List.of(line))).failure()).contains("Duration");
  }

  private static final String ALB_FAILED = "https 2024-05-06T10:01:00.250000Z app/web/50dc6c495c0c9188"
      + " 192.168.131.39:2817 10.0.0.1:80 -1 -1 -1 504 - 34 366 \"GET https://shop.example:443/slow?x=1 HTTP/1.1\""
      + " \"curl/8.5.0\" ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2 arn:aws:elasticloadbalancing:eu-west-1:1:targetgroup/t/1"
      + " \"Root=1-58337262-36d228ad5d99923122bbe354\" \"shop.example\" \"-\" 0 2024-05-06T10:00:00.241000Z"
      + " \"forward\" \"-\" \"-\" \"10.0.0.1:80\" \"-\" \"-\" \"-\"";

  @Test
  void albWithoutTargetTimesTakesTheEndMinusTheRequestsCreationAndGroupsByPath() {
    Read r = one("aws-alb", ALB_FAILED);
    assertThat(r).isEqualTo(new Read("GET /slow?x=1", 504, 60_009_000_000L, millis("2024-05-06T10:01:00.250Z"), false));
    Read summed = one("aws-alb", ALB_FAILED.replace(" -1 -1 -1 504 ", " 0.000086 0.001048 0.001337 200 "));
    assertThat(summed.latencyNanos()).isEqualTo(2_471_000L);
  }

  @Test
  void classicElbWithoutTimesIsIgnoredWithItsReason() {
    Sink sink = new Sink();
    Outcome outcome = parse(Formats.resolve("aws-elb").newParser(), "2015-05-13T23:39:43.945958Z my-lb"
        + " 1.2.3.4:2817 - -1 -1 -1 503 0 0 0 \"GET http://www.example.com:80/ HTTP/1.1\" \"curl\" - -", sink);
    assertThat(outcome.isParsed()).isFalse();
    assertThat(outcome.toString()).contains("-1");
  }

  @Test
  void cloudFrontHeadersAreDirectivesAndALineOfOtherColumnsThanItsHeaderIsRefused() {
    LineParser parser = Formats.resolve("aws-cloudfront").newParser();
    Sink sink = new Sink();
    assertThat(parse(parser, "#Version: 1.0", sink).isParsed()).isFalse();
    String record = String.join("\t", "2024-05-06", "10:00:03", "FRA56-P1", "0", "192.0.2.13", "GET", "d1.cloudfront.net",
        "/video.mp4", "000", "-", "Mozilla", "-", "-", "Error", "dE6a==", "www.example.com", "https", "180",
        "1.416", "-");
    assertThat(parse(parser, record, sink).isParsed()).isTrue();
    assertThat(sink.reads.get(0)).isEqualTo(new Read("GET /video.mp4", 0, 1_416_000_000L,
        millis("2024-05-06T10:00:03Z"), true));
    Outcome header = parse(parser, "#Fields: date time cs-method cs-uri-stem sc-status time-taken", sink);
    assertThat(header.isParsed()).isFalse();
    Outcome after = parse(parser, record, sink);
    assertThat(after.isParsed()).isFalse();
    assertThat(after.toString()).contains("not the 6 fields its #Fields header names");
  }

  /**
   * HAProxy's httplog written as a log-format string reads the real HAProxy sample as the
   * built-in format does, event for event; a custom layout with %HM/%HU and %Tt too.
   */
  @Test
  void haproxyLogFormatStringsReadAsTheBuiltInHttplog() throws java.io.IOException {
    LogFormat custom = Formats.resolve("log-format \"%ci:%cp [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %CC %CS"
        + " %tsc %ac/%fc/%bc/%sc/%rc %sq/%bq %hr %hs %{+Q}r\"");
    assertThat(custom.name()).isEqualTo("haproxy-custom");
    LogFormat builtIn = Formats.resolve("haproxy-http");
    Sink mine = new Sink();
    Sink theirs = new Sink();
    LineParser a = custom.newParser();
    LineParser b = builtIn.newParser();
    int lines = 0;
    for (String line : java.nio.file.Files.readAllLines(
        java.nio.file.Path.of("src/test/resources/samples/haproxy-http/haproxy-2.6-proxy.log"))) {
      assertThat(parse(a, line, mine).toString()).isEqualTo(parse(b, line, theirs).toString());
      lines++;
    }
    assertThat(lines).isGreaterThan(100);
    assertThat(mine.reads).isEqualTo(theirs.reads).isNotEmpty();

    LogFormat split = Formats.resolve("%ci [%t] %HM %HU %ST %Tt %tsc");
    Sink sink = new Sink();
    assertThat(parse(split.newParser(), "10.0.0.1 [06/May/2024:10:00:00.120] GET /a?b=1 200 31 CD--", sink).isParsed()).isTrue();
    assertThat(sink.reads.get(0)).isEqualTo(new Read("GET /a?b=1", 200, 31_000_000L, millis("2024-05-06T10:00:00.151Z"), true));
    assertThatThrownBy(() -> Formats.resolve("log-format %ci [%tr] %ST %B"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("%Ta");
  }
}
