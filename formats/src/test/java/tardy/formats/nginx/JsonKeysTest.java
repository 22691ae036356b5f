package tardy.formats.nginx;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.formats.Formats;
import tardy.formats.caddy.CaddyJsonFormat;
import tardy.formats.fields.JsonParser;
import tardy.formats.nginx.Lines.Parsed;

/**
 * Dotted JSON keys: members of a nested object in Caddy's log (its plan says so), whole top-level
 * keys in a user's layout (ECS-style names such as {@code "http.request.method"}).
 */
class JsonKeysTest {

  private final LineParser caddy = new CaddyJsonFormat().newParser();

  /** A real line: Caddy 2.6.2's file server under curl 7.88.1 (samples/caddy-json). */
  private static final String CADDY = "{\"level\":\"info\",\"ts\":1796036434.352643,\"logger\":"
      + "\"http.log.access.log0\",\"msg\":\"handled request\",\"request\":{\"remote_ip\":\"127.0.0.1\","
      + "\"remote_port\":\"60530\",\"proto\":\"HTTP/1.1\",\"method\":\"GET\",\"host\":\"127.0.0.1:8089\","
      + "\"uri\":\"/api/items/1?x=1\",\"headers\":{\"User-Agent\":[\"curl/7.88.1\"],\"Accept\":[\"*/*\"]}},"
      + "\"user_id\":\"\",\"duration\":0.000230322,\"size\":8,\"status\":200,\"resp_headers\":{\"Etag\":"
      + "[\"\\\"tpbakw8\\\"\"],\"Content-Type\":[],\"Server\":[\"Caddy\"]}}";

  @Test
  void caddysRequestIsReadFromItsNestedObject() {
    Parsed p = Lines.parse(caddy, CADDY);
    assertThat(p.outcome()).isEqualTo(Outcome.PARSED);
    assertThat(p.method()).isEqualTo("GET");
    assertThat(p.target()).isEqualTo("/api/items/1?x=1");
    assertThat(p.status()).isEqualTo(200);
    assertThat(p.latencyNanos()).isEqualTo(230_322);
    assertThat(p.wallMillis()).isEqualTo(1_796_036_434_353L); // .352643 s to the nearest ms
    // the nested members in another order, and the request object last
    String reordered = "{\"status\":404,\"duration\":1.5,\"ts\":1796036434.5,\"request\":"
        + "{\"uri\":\"/missing/1\",\"headers\":{\"X\":[\"{\\\"\"]},\"method\":\"POST\"}}";
    Parsed q = Lines.parse(caddy, reordered);
    assertThat(q.method()).isEqualTo("POST");
    assertThat(q.target()).isEqualTo("/missing/1");
    assertThat(q.latencyNanos()).isEqualTo(1_500_000_000L);
  }

  @Test
  void caddysOtherLoggersAreItsOwnLogNotRequests() {
    // a real line of Caddy's reverse proxy logger beside the access entries (crowdsecurity/hub)
    Outcome other = Lines.parse(caddy, "{\"level\":\"debug\",\"ts\":1742400753.0547564,\"logger\":"
        + "\"http.handlers.reverse_proxy\",\"msg\":\"selected upstream\",\"dial\":\"immich_server:2283\","
        + "\"total_upstreams\":1}").outcome();
    assertThat(other.kind()).isEqualTo(Outcome.Kind.IGNORED);
    assertThat(other.reason()).isEqualTo(
        "a JSON line without a \"request\" object: caddy's own log, not a request");
    // nginx's JSON with the same top-level names is no Caddy request either
    assertThat(Lines.parse(caddy, "{\"method\":\"GET\",\"path\":\"/health\",\"status\":\"200\","
        + "\"duration\":\"0.000\"}").outcome()).isEqualTo(other);
    // a request that is no object, or a damaged one, is no JSON line of Caddy's
    assertThat(Lines.parse(caddy, "{\"request\":\"GET / HTTP/1.1\",\"duration\":0.1}").outcome())
        .isEqualTo(other);
    assertThat(Lines.parse(caddy, "{\"request\":{\"method\":\"GET\",\"uri\":\"/\",\"duration\":0.1}")
        .outcome()).isEqualTo(JsonParser.NOT_JSON);
  }

  @Test
  void aUsersDottedKeysAreWholeTopLevelKeys() {
    LineParser ecs = Formats.resolve("escape=json '{\"@timestamp\":\"$time_iso8601\","
        + "\"http.request.method\":\"$request_method\",\"url.original\":\"$request_uri\","
        + "\"http.response.status_code\":\"$status\",\"event.duration\":\"$request_time\"}'")
        .newParser();
    Parsed p = Lines.parse(ecs, "{\"@timestamp\":\"2026-11-30T11:00:34+00:00\","
        + "\"http.request.method\":\"PUT\",\"url.original\":\"/p/7\","
        + "\"http.response.status_code\":\"201\",\"event.duration\":\"0.042\"}");
    assertThat(p.outcome()).isEqualTo(Outcome.PARSED);
    assertThat(p.method()).isEqualTo("PUT");
    assertThat(p.target()).isEqualTo("/p/7");
    assertThat(p.status()).isEqualTo(201);
    assertThat(p.latencyNanos()).isEqualTo(42_000_000L);
  }
}
