package tardy.formats.nginx;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.events.Times;
import tardy.formats.nginx.Lines.Parsed;
import tardy.formats.fields.Fields;

class CombinedFormatTest {

  private final LineParser combined = new CombinedFormat().newParser();
  private final LineParser upstream = new CombinedUpstreamFormat().newParser();

  private static String line(String client, String user, String time, String request, String tail) {
    return client + " - " + user + " [" + time + "] \"" + request + "\" 200 612 \"-\" \"curl/8.0\" " + tail;
  }

  @Test
  void requestTimeBecomesExactNanosAndFieldsAreRead() {
    Parsed p = Lines.parse(combined, line("10.0.0.1", "-", "10/Oct/2000:13:55:36 -0700", "GET /a/b?x=1 HTTP/1.1", "0.123"));
    assertThat(p.outcome()).isEqualTo(Outcome.PARSED);
    assertThat(p.latencyNanos()).isEqualTo(123_000_000L);
    assertThat(p.status()).isEqualTo(200);
    assertThat(p.method()).isEqualTo("GET");
    assertThat(p.target()).isEqualTo("/a/b?x=1");
    assertThat(p.upstreamNanos()).isEqualTo(Times.NONE);
    assertThat(p.wallMillis()).isEqualTo(971_211_336_000L);
  }

  @Test
  void timeLocalHonoursEveryOffset() {
    // the same instant written in four zones
    String[] same = {"24/Apr/2020:11:49:54 +0000", "24/Apr/2020:13:49:54 +0200", "24/Apr/2020:15:19:54 +0330", "24/Apr/2020:04:49:54 -0700"};
    for (String t : same) {
      assertThat(Lines.parse(combined, line("1.2.3.4", "-", t, "GET / HTTP/1.1", "0.001")).wallMillis())
          .as(t).isEqualTo(1_587_728_994_000L);
    }
    assertThat(Lines.parse(combined, line("1.2.3.4", "-", "29/Feb/2024:23:59:59 +0000", "GET / HTTP/1.1", "0.001")).wallMillis())
        .isEqualTo(1_709_251_199_000L);
  }

  @Test
  void ipv6ClientsAndUserNamesWithSpacesAreSkippedByPosition() {
    Parsed p = Lines.parse(combined, line("2a02:cf40::", "john doe", "07/Feb/2020:11:49:50 +0000", "GET /x HTTP/2.0", "1.500"));
    assertThat(p.latencyNanos()).isEqualTo(1_500_000_000L);
    assertThat(p.target()).isEqualTo("/x");
  }

  @Test
  void escapedQuoteInsideUserAgentDoesNotEndTheField() {
    String l = "1.2.3.4 - - [07/Feb/2020:11:49:50 +0000] \"GET /x HTTP/1.1\" 200 1 \"-\" \"evil \\\" 0.999 \\\"ua\" 0.042";
    assertThat(Lines.parse(combined, l).latencyNanos()).isEqualTo(42_000_000L);
  }

  @Test
  void nginxHexEscapesAndRawNonUtf8BytesStayAsLogged() {
    Parsed p = Lines.parse(combined, line("1.2.3.4", "-", "07/Feb/2020:11:49:50 +0000", "GET /caf\\xC3\\xA9 HTTP/1.1", "0.010"));
    assertThat(p.target()).isEqualTo("/caf\\xC3\\xA9");
    byte[] big5 = line("1.2.3.4", "-", "07/Feb/2020:11:49:50 +0000", "GET /?q=@@ HTTP/1.1", "0.010").getBytes(StandardCharsets.ISO_8859_1);
    int at = new String(big5, StandardCharsets.ISO_8859_1).indexOf("@@");
    big5[at] = (byte) 0xA4;
    big5[at + 1] = (byte) 0xA4;
    Parsed raw = Lines.parse(combined, big5);
    assertThat(raw.outcome()).isEqualTo(Outcome.PARSED);
    assertThat(raw.target()).startsWith("/?q=");
  }

  @Test
  void http09RequestHasMethodAndTarget() {
    Parsed p = Lines.parse(combined, line("1.2.3.4", "-", "07/Feb/2020:11:49:50 +0000", "GET /old", "0.003"));
    assertThat(p.method()).isEqualTo("GET");
    assertThat(p.target()).isEqualTo("/old");
  }

  @Test
  void invalidRequestLinesStillParseWithoutAnOperation() {
    for (String junk : new String[] {"\\x16\\x03\\x01\\x02\\x00", "PATCHp /products/42 HTTP/1.1", "geti /products/42 HTTP/1.1",
        "GET /a b c HTTP/1.1", "", "-", "lv|'|'|MARK|'|'|[endof]", "GET / HTTP/1.1 extra"}) {
      Parsed p = Lines.parse(combined, line("1.2.3.4", "-", "07/Feb/2020:11:49:50 +0000", junk, "0.000").replace("\" 200 ", "\" 400 "));
      assertThat(p.outcome()).as(junk).isEqualTo(Outcome.PARSED);
      assertThat(p.status()).isEqualTo(400);
      assertThat(p.latencyNanos()).isZero();
      assertThat(p.method()).as(junk).isNull();
    }
  }

  @Test
  void targetWithoutLeadingSlashIsKept() {
    assertThat(Lines.parse(combined, line("1.2.3.4", "-", "06/Sep/2015:05:58:05 +0900", "POST foo/bar?x=1 HTTP/1.1", "0.057")).target())
        .isEqualTo("foo/bar?x=1");
  }

  @Test
  void dashRequestTimeIsItsOwnReasonAndNeverZero() {
    assertThat(Lines.parse(combined, line("1.2.3.4", "-", "07/Feb/2020:11:49:50 +0000", "GET / HTTP/1.1", "-")).outcome())
        .isEqualTo(Fields.DASH_REQUEST_TIME);
  }

  @Test
  void lineWithoutRequestTimeIsMalformed() {
    String plainCombined = "1.2.3.4 - - [07/Feb/2020:11:49:50 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"curl\"";
    assertThat(Lines.parse(combined, plainCombined).outcome().kind()).isEqualTo(Outcome.Kind.MALFORMED);
  }

  @Test
  void integerRequestTimeIsRefusedNotGuessed() {
    assertThat(Lines.parse(combined, line("1.2.3.4", "-", "07/Feb/2020:11:49:50 +0000", "GET / HTTP/1.1", "174")).outcome())
        .isEqualTo(Fields.BAD_REQUEST_TIME);
  }

  @Test
  void badTimestampOrStatusIsMalformed() {
    assertThat(Lines.parse(combined, line("1.2.3.4", "-", "07/Fbr/2020:11:49:50 +0000", "GET / HTTP/1.1", "0.1")).outcome())
        .isEqualTo(Fields.BAD_TIME);
    assertThat(Lines.parse(combined, line("1.2.3.4", "-", "07/Feb/2020:11:49:50 +0000", "GET / HTTP/1.1", "0.1").replace(" 200 ", " 2x0 ")).outcome())
        .isEqualTo(Fields.BAD_STATUS);
  }

  @Test
  void upstreamRetriesAreSummedWithTheirCount() {
    Parsed p = Lines.parse(upstream, line("1.2.3.4", "-", "07/Feb/2020:11:49:50 +0000", "GET / HTTP/1.1", "0.020 0.012, 0.003"));
    assertThat(p.latencyNanos()).isEqualTo(20_000_000L);
    assertThat(p.upstreamNanos()).isEqualTo(15_000_000L);
    assertThat(p.upstreamParts()).isEqualTo(2);
  }

  @Test
  void internalRedirectColonListsAreSummed() {
    Parsed p = Lines.parse(upstream, line("1.2.3.4", "-", "07/Feb/2020:11:49:50 +0000", "GET / HTTP/1.1", "0.007 0.001 : 0.000, 0.005"));
    assertThat(p.upstreamNanos()).isEqualTo(6_000_000L);
    assertThat(p.upstreamParts()).isEqualTo(3);
  }

  @Test
  void dashMembersAreNotCountedAndAllDashIsNoValue() {
    Parsed partly = Lines.parse(upstream, line("1.2.3.4", "-", "07/Feb/2020:11:49:50 +0000", "GET / HTTP/1.1", "0.200 0.100, -"));
    assertThat(partly.upstreamNanos()).isEqualTo(100_000_000L);
    assertThat(partly.upstreamParts()).isEqualTo(1);
    Parsed none = Lines.parse(upstream, line("1.2.3.4", "-", "07/Feb/2020:11:49:50 +0000", "GET / HTTP/1.1", "0.000 -"));
    assertThat(none.upstreamNanos()).isEqualTo(Times.NONE);
    assertThat(none.upstreamParts()).isZero();
  }

  @Test
  void upstreamSumMayExceedRequestTimeAsNginxLogsIt() {
    Parsed p = Lines.parse(upstream, line("1.2.3.4", "-", "27/Oct/2021:06:00:14 +0200", "GET /ws HTTP/1.1", "0.000 1.000, 0.250, 2.000, 0.750"));
    assertThat(p.latencyNanos()).isZero();
    assertThat(p.upstreamNanos()).isEqualTo(4_000_000_000L);
    assertThat(p.upstreamParts()).isEqualTo(4);
  }

  @Test
  void combinedRejectsCombinedUpstreamLinesAndViceVersa() {
    String both = line("1.2.3.4", "-", "07/Feb/2020:11:49:50 +0000", "GET / HTTP/1.1", "0.020 0.012");
    assertThat(Lines.parse(combined, both).outcome().isParsed()).isFalse();
    assertThat(Lines.parse(upstream, line("1.2.3.4", "-", "07/Feb/2020:11:49:50 +0000", "GET / HTTP/1.1", "0.020")).outcome().isParsed()).isFalse();
  }

  @Test
  void carriageReturnAtTheEndIsIgnored() {
    assertThat(Lines.parse(combined, line("1.2.3.4", "-", "07/Feb/2020:11:49:50 +0000", "GET / HTTP/1.1", "0.020\r")).latencyNanos())
        .isEqualTo(20_000_000L);
  }

  @Test
  void upstreamListsInSpaceSeparatedFieldsStayWhole() {
    LineParser ingress = new CombinedFormat().fromDefinition(
        "$request_time $upstream_addr $upstream_response_length $upstream_response_time $upstream_status $req_id").orElseThrow().newParser();
    Parsed p = Lines.parse(ingress, "0.001 172.17.0.6:8080, 172.17.0.7:8080 61, 100 0.100, 0.004 200, 203 8351");
    assertThat(p.upstreamNanos()).isEqualTo(104_000_000L);
    assertThat(p.upstreamParts()).isEqualTo(2);
    Parsed redirect = Lines.parse(ingress, "0.009 a : b 1 : 2 0.001 : 0.007 404 : 200 8351");
    assertThat(redirect.upstreamNanos()).isEqualTo(8_000_000L);
  }

  @Test
  void unreadableUpstreamFieldMeansTheLineIsNotThisFormat() {
    String other = line("1.2.3.4", "-", "27/Oct/2021:06:00:14 +0200", "GET / HTTP/1.1", "0.000 \"1.000, 0.250\" . TLSv1.3 www.example.com");
    assertThat(Lines.parse(upstream, other).outcome().kind()).isEqualTo(Outcome.Kind.MALFORMED);
  }

  @Test
  void quotedFieldsBetweenTheUserAgentAndTheEndFieldsAreSkippedWhole() {
    // nginx's own "main" format adds "$http_x_forwarded_for"; the end fields are read from the end
    String main = line("1.2.3.4", "-", "27/Oct/2021:06:00:14 +0200", "GET /a HTTP/1.1",
        "\"203.0.113.7, 10.0.0.1\" 0.250");
    Parsed p = Lines.parse(combined, main);
    assertThat(p.outcome()).isEqualTo(Outcome.PARSED);
    assertThat(p.latencyNanos()).isEqualTo(250_000_000L);
    Parsed u = Lines.parse(upstream, main + " 0.100, 0.020 : 0.003");
    assertThat(u.latencyNanos()).isEqualTo(250_000_000L);
    assertThat(u.upstreamNanos()).isEqualTo(123_000_000L);
    assertThat(u.upstreamParts()).isEqualTo(3);
    String escaped = line("1.2.3.4", "-", "27/Oct/2021:06:00:14 +0200", "GET /a HTTP/1.1", "0.004")
        .replace("curl/8.0", "x\\\" 9.999");
    assertThat(Lines.parse(combined, escaped).latencyNanos()).isEqualTo(4_000_000L);
  }
}
