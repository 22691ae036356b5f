package tardy.formats.w3c;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.Match;
import tardy.events.Outcome;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Sample;
import tardy.formats.Formats;

/**
 * The W3C rules IIS's samples do not all show, on lines written after Microsoft's field reference:
 * a header sets the columns until the next, a line before any has the default ones, a line with
 * other columns than its header is malformed saying so, quoted fields are whole.
 */
class W3cParserTest {

  /** One request as read: its operation, status, latency and end. */
  record Read(String request, int status, long latencyNanos, long wallMillis, int wallResolution) {}

  private final List<Read> reads = new ArrayList<>();
  private final EventSink sink = new EventSink() {
    @Override
    public void request(RequestEvent e) {
      String request = Ascii.text(e.buf(), e.methodFrom(), e.methodTo()) + " "
          + Ascii.text(e.buf(), e.targetFrom(), e.targetTo());
      reads.add(new Read(request, e.status(), e.latencyNanos(), e.wallMillis(), e.wallResolutionMillis()));
    }

    @Override
    public void pause(PauseEvent e) {}
  };

  private final LineParser iis = Formats.resolve("iis-w3c").newParser();

  private Outcome parse(String line) {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    return iis.parse(b, 0, b.length, sink);
  }

  private static long millis(String iso) {
    return Instant.parse(iso).toEpochMilli();
  }

  private static final String DEFAULT_LINE =
      "2022-11-07 14:29:06 127.0.0.1 GET /us - 80 - 127.0.0.1 Go-http-client/1.1 - 404 0 2 130";

  @Test
  void aHeaderSetsTheColumnsOfTheLinesAfterItUntilTheNext() {
    assertThat(parse(DEFAULT_LINE).isParsed()).as("IIS's default fields before any header").isTrue();
    assertThat(parse("#Software: Microsoft Internet Information Services 10.0")).isEqualTo(W3cParser.DIRECTIVE);
    assertThat(parse("#Fields: time-taken sc-status cs-uri-stem cs-method date time s-computername"))
        .isEqualTo(W3cParser.DIRECTIVE);
    assertThat(parse("15 200 /api/orders POST 2022-11-07 14:30:00 WEB01").isParsed()).isTrue();
    Outcome old = parse(DEFAULT_LINE);
    assertThat(old.isParsed()).isFalse();
    assertThat(old.toString()).contains("not the 7 fields its #Fields header names");

    parse("#Fields: date time cs-method cs-uri-stem sc-status");
    Outcome noLatency = parse("2022-11-07 14:31:00 GET /a 200");
    assertThat(noLatency.kind()).isEqualTo(Outcome.Kind.MALFORMED);
    assertThat(noLatency.toString()).contains("names no time-taken");

    parse("#fields: date time cs-method cs-uri-stem sc-status time-taken"); // any case, as IIS reads it
    assertThat(parse("2022-11-07 14:32:00 GET /b 304 0").isParsed()).isTrue();

    assertThat(reads).containsExactly(
        new Read("GET /us", 404, 130_000_000L, millis("2022-11-07T14:29:06Z"), 1000),
        new Read("POST /api/orders", 200, 15_000_000L, millis("2022-11-07T14:30:00Z"), 1000),
        new Read("GET /b", 304, 0L, millis("2022-11-07T14:32:00Z"), 1000));
  }

  /** IIS writes CRLF line ends on Windows: the header's last column and the values read alike. */
  @Test
  void crlfLineEndsAreNoPartOfTheLastColumn() {
    parse("#Fields: date time cs-method cs-uri-stem sc-status time-taken  \r");
    assertThat(parse("2022-11-07 14:29:06 GET /crlf 200 42\r").isParsed()).isTrue();
    assertThat(reads).containsExactly(
        new Read("GET /crlf", 200, 42_000_000L, millis("2022-11-07T14:29:06Z"), 1000));
  }

  @Test
  void aLineWithOtherColumnsThanTheDefaultOnesSaysNoHeaderCameBefore() {
    Outcome fewer = parse(DEFAULT_LINE.substring(0, DEFAULT_LINE.lastIndexOf(' ')));
    assertThat(fewer.kind()).isEqualTo(Outcome.Kind.MALFORMED);
    assertThat(fewer.toString()).contains("not the 15 fields of IIS's default fields (no #Fields header came before it)");
    assertThat(parse(DEFAULT_LINE + " 7").kind()).isEqualTo(Outcome.Kind.MALFORMED);
    // as many fields, the numbers where IIS has them, but no method and path where it has them
    Outcome app = parse("2022-11-07 14:29:06 10.0.0.1 INFO Orders - 80 - 10.0.0.2 worker-3 - 200 0 0 17");
    assertThat(app.kind()).isEqualTo(Outcome.Kind.MALFORMED);
    assertThat(app.reason()).isEqualTo("its method and path are not where IIS's default fields have them"
        + " (no #Fields header came before it)");
    parse("#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip"
        + " cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken");
    assertThat(parse(DEFAULT_LINE.replace("GET /us", "get *")).isParsed())
        .as("named by a header, a line's junk request is still a request").isTrue();
    assertThat(reads).hasSize(1);
  }

  @Test
  void aQuotedFieldIsWholeSpacesAndDoubledQuotesAndAll() {
    parse("#Fields: date time cs(User-Agent) cs-method cs-uri-stem sc-status time-taken");
    assertThat(parse("2014-11-18 00:00:01 \"Mozilla/5.0 (X11; \"\"a\"\" b)\" GET /q 200 12").isParsed()).isTrue();
    assertThat(parse("2014-11-18 00:00:01 \"\" GET /empty 200 3").isParsed()).isTrue();
    // a quote that closes nothing leaves the field to the next space: the columns then miscount
    assertThat(parse("2014-11-18 00:00:01 \"Mozilla/5.0 (X11 GET /q 200 12").kind()).isEqualTo(Outcome.Kind.MALFORMED);
    assertThat(reads).extracting(Read::request).containsExactly("GET /q", "GET /empty");
  }

  @Test
  void localTimesAreTheLinesOnlyWithoutUtcOnesAndKeepTheirMilliseconds() {
    parse("#Fields: date-local time-local cs-method cs-uri-stem sc-status TimeTakenMS");
    parse("2012-08-15 17:00:00.363 GET /a 200 109");
    parse("#Fields: date time date-local time-local cs-method cs-uri-stem sc-status time-taken");
    parse("2012-08-15 15:00:00 2012-08-15 17:00:00.363 GET /b 200 5");
    assertThat(reads).containsExactly(
        new Read("GET /a", 200, 109_000_000L, millis("2012-08-15T17:00:00.363Z"), 1),
        new Read("GET /b", 200, 5_000_000L, millis("2012-08-15T15:00:00Z"), 1000));
  }

  @Test
  void cloudFrontReadsAHeaderOfItsOwnOrderAndTabs() {
    LineParser cloudFront = Formats.resolve("aws-cloudfront").newParser();
    String header = "#Fields: time-taken date time cs-method cs-uri-stem sc-status";
    byte[] h = header.getBytes(StandardCharsets.UTF_8);
    assertThat(cloudFront.parse(h, 0, h.length, sink)).isEqualTo(W3cParser.DIRECTIVE);
    byte[] line = "0.250\t2024-05-06\t10:00:03\tGET\t/v.mp4\t000".getBytes(StandardCharsets.UTF_8);
    assertThat(cloudFront.parse(line, 0, line.length, sink).isParsed()).isTrue();
    assertThat(reads).containsExactly(new Read("GET /v.mp4", 0, 250_000_000L, millis("2024-05-06T10:00:03Z"), 1000));
  }

  @Test
  void detectionReadsRecordsInTheirHeadersColumns() {
    Sample custom = Sample.ofText(List.of("#Software: Microsoft Internet Information Services 10.0",
        "#Fields: date time cs-method cs-uri-stem sc-status time-taken",
        "2022-11-07 14:29:06 GET / 200 31", "2022-11-07 14:29:07 GET /a 200 2"));
    assertThat(Formats.resolve("iis-w3c").detect(custom)).isEqualTo(Match.FULL);
    assertThat(Formats.detect(custom).best()).hasValueSatisfying(f -> assertThat(f.name()).isEqualTo("iis-w3c"));
    Sample headless = Sample.ofText(List.of(DEFAULT_LINE, DEFAULT_LINE));
    assertThat(Formats.detect(headless).best()).hasValueSatisfying(f -> assertThat(f.name()).isEqualTo("iis-w3c"));
  }
}
