package tardy.formats.nginx;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.events.Times;
import tardy.formats.nginx.Lines.Parsed;
import tardy.formats.fields.Fields;
import tardy.formats.fields.JsonParser;

class NginxJsonFormatTest {

  private final LineParser json = new NginxJsonFormat().newParser();

  @Test
  void keysAreFoundByNameInAnyOrder() {
    Parsed p = Lines.parse(json,
        "{\"status\": 404, \"extra\": {\"request_time\": \"9.999\", \"a\": [1, \"}\"]}, \"request_time\":0.123,"
            + "\"request\":\"GET /x?y=1 HTTP/1.1\",\"time_iso8601\":\"2015-09-06T05:58:05+09:00\"}");
    assertThat(p.outcome()).isEqualTo(Outcome.PARSED);
    assertThat(p.latencyNanos()).isEqualTo(123_000_000L);
    assertThat(p.status()).isEqualTo(404);
    assertThat(p.target()).isEqualTo("/x?y=1");
    assertThat(p.wallMillis()).isEqualTo(1_441_486_685_000L);
  }

  @Test
  void quotedAndBareNumbersReadAlike() {
    String q = "{\"request_time\":\"0.500\",\"status\":\"200\",\"upstream_response_time\":\"0.012, 0.003\"}";
    String b = "{\"request_time\":0.500,\"status\":200,\"upstream_response_time\":\"0.012, 0.003\"}";
    assertThat(Lines.parse(json, q)).isEqualTo(Lines.parse(json, b));
    assertThat(Lines.parse(json, q).upstreamNanos()).isEqualTo(15_000_000L);
    assertThat(Lines.parse(json, q).upstreamParts()).isEqualTo(2);
  }

  @Test
  void dashOrEmptyIsNoValue() {
    assertThat(Lines.parse(json, "{\"request_time\":\"-\",\"status\":400}").outcome()).isEqualTo(Fields.DASH_REQUEST_TIME);
    assertThat(Lines.parse(json, "{\"request_time\":\"\",\"status\":400}").outcome()).isEqualTo(Fields.DASH_REQUEST_TIME);
    assertThat(Lines.parse(json, "{\"request_time\":0.1,\"upstream_response_time\":\"\"}").upstreamNanos()).isEqualTo(Times.NONE);
    assertThat(Lines.parse(json, "{\"request_time\":0.1,\"upstream_response_time\":\"-\"}").upstreamNanos()).isEqualTo(Times.NONE);
  }

  @Test
  void escapeJsonEscapesStayInsideTheirString() {
    Parsed p = Lines.parse(json, "{\"http_user_agent\":\"a \\\"q\\\" \\\\\",\"request\":\"\\u0016\\u0003\\u0001\",\"status\":400,\"request_time\":0.000}");
    assertThat(p.outcome()).isEqualTo(Outcome.PARSED);
    assertThat(p.method()).isNull();
    assertThat(p.status()).isEqualTo(400);
    Parsed quoted = Lines.parse(json, "{\"request\":\"GET /a\\\"b HTTP/1.1\",\"request_time\":0.001}");
    assertThat(quoted.target()).isEqualTo("/a\\\"b");
  }

  @Test
  void methodAndUriKeysMakeTheRequestWhenThereIsNoRequestKey() {
    Parsed p = Lines.parse(json, "{\"request_method\":\"PUT\",\"request_uri\":\"/p/1\",\"request_time\":0.010}");
    assertThat(p.method()).isEqualTo("PUT");
    assertThat(p.target()).isEqualTo("/p/1");
  }

  @Test
  void otherJsonLogsAreNotMisread() {
    // Caddy and Traefik have durations under other names and units
    assertThat(Lines.parse(json, "{\"level\":\"info\",\"ts\":1646861401.52,\"status\":200,\"duration\":0.00093}").outcome())
        .isEqualTo(Fields.NO_REQUEST_TIME);
    assertThat(Lines.parse(json, "{\"request_time\":0.1").outcome()).isEqualTo(JsonParser.NOT_JSON);
    assertThat(Lines.parse(json, "not json").outcome()).isEqualTo(JsonParser.NOT_JSON);
  }
}
