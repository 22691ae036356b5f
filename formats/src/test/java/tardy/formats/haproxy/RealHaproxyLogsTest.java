package tardy.formats.haproxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import tardy.events.EventSink;
import tardy.events.LogFormat;
import tardy.events.Outcome;
import tardy.events.RequestEvent;
import tardy.events.Sample;
import tardy.formats.Formats;
import tardy.formats.RequestsRead;

/**
 * Logs written by a real HAProxy (see src/test/haproxy-log-generator), read against an
 * independent split of each line: Ta is the latency, the termination state's client letters
 * are the request's own flag, {@code -1} is a step that did not happen.
 */
class RealHaproxyLogsTest {

  private static final int LINES = 2024;

  record Event(String request, int status, long latencyNanos, long endMillis, boolean aborted) {}

  static final class Collect extends RequestsRead<Event> {

    static Collect read(LogFormat format, byte[] log) {
      return RequestsRead.read(new Collect(), format, log);
    }

    @Override
    protected Event keep(String request, RequestEvent e) {
      return new Event(request, e.status(), e.latencyNanos(), e.wallMillis(), e.clientAborted());
    }
  }

  private static byte[] log(String name) throws IOException {
    try (InputStream in = RealHaproxyLogsTest.class.getResourceAsStream("/haproxy-logs/" + name)) {
      return in.readAllBytes();
    }
  }

  private static List<String> lines(String name) throws IOException {
    return new String(log(name), StandardCharsets.UTF_8).lines().toList();
  }

  @Test
  void everyLineIsReadAndTaIsTheLatency() throws IOException {
    List<String> lines = lines("httplog.log");
    Collect c = Collect.read(new HaproxyHttpFormat(), log("httplog.log"));
    assertThat(c.stats.lines()).isEqualTo(LINES);
    assertThat(c.stats.parsed()).as("rejects: %s", c.rejects).isEqualTo(LINES);
    DateTimeFormatter tr = DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss.SSS", Locale.ROOT);
    int aborted = 0;
    int timedOut = 0;
    for (int i = 0; i < lines.size(); i++) {
      String[] f = lines.get(i).split(" ");
      String[] timers = f[4].split("/");
      long ta = Long.parseLong(timers[4]);
      long start = LocalDateTime.parse(f[1].substring(1, f[1].length() - 1), tr).toInstant(ZoneOffset.UTC).toEpochMilli();
      boolean clientGone = f[9].charAt(0) == 'C' || f[9].charAt(0) == 'c';
      Event e = c.events.get(i);
      assertThat(e.latencyNanos()).as(lines.get(i)).isEqualTo(ta * 1_000_000);
      assertThat(e.status()).as(lines.get(i)).isEqualTo(Integer.parseInt(f[5]));
      assertThat(e.endMillis()).as(lines.get(i)).isEqualTo(start + ta);
      assertThat(e.aborted()).as(lines.get(i)).isEqualTo(clientGone);
      aborted += clientGone ? 1 : 0;
      timedOut += f[9].startsWith("sH") ? 1 : 0;
      if (f[9].startsWith("sH")) {
        assertThat(timers[3]).as("the server never answered").isEqualTo("-1");
      }
    }
    assertThat(aborted).as("abort.py's clients").isEqualTo(20);
    assertThat(timedOut).as("the server timeout").isGreaterThan(50);
    // HAProxy refuses three of drive.py's junk lines (<BADREQ>, HTTP/0.9 too) and passes on the
    // lower-case method, which names no operation
    assertThat(c.events).filteredOn(e -> e.request().equals("(invalid request)")).hasSize(4);
  }

  @Test
  void syslogCarriesTheSameEvents() throws IOException {
    assertThat(detect("httplog.log")).isEqualTo("haproxy-http");
    assertThat(detect("syslog-httplog.log")).isEqualTo("syslog+haproxy-http");
    Collect file = Collect.read(new HaproxyHttpFormat(), log("httplog.log"));
    Collect syslog = Collect.read(Formats.resolve("syslog+haproxy-http"), log("syslog-httplog.log"));
    assertThat(syslog.stats.parsed()).as("rejects: %s", syslog.rejects).isEqualTo(LINES);
    assertThat(syslog.events).isEqualTo(file.events);
  }

  private static String detect(String name) throws IOException {
    return Formats.detect(Sample.ofText(lines(name))).best().orElseThrow().name();
  }

  /** HAProxy's documented example lines, and -1 where a step did not happen. */
  @Test
  void minusOneIsAStepThatDidNotHappen() {
    HaproxyHttpFormat format = new HaproxyHttpFormat();
    Collect c = new Collect();
    String noStatus = "10.0.1.2:33317 [06/Feb/2009:12:14:14.655] http-in static/srv1 -1/-1/-1/-1/8 -1 0 - - CR-- 1/1/1/1/0 0/0 \"<BADREQ>\"";
    String noTotal = "10.0.1.2:33317 [06/Feb/2009:12:14:14.655] http-in static/srv1 -1/-1/-1/-1/-1 400 0 - - CR-- 1/1/1/1/0 0/0 \"<BADREQ>\"";
    String captures = "10.0.1.2:33317 [06/Feb/2009:12:14:14.655] http-in static/srv1 10/0/30/69/109 200 2750 - - ---- 1/1/1/1/0 0/0 {1wt.eu} {} \"GET /index.html HTTP/1.1\"";
    assertThat(parse(format, noStatus, c)).isEqualTo(Outcome.PARSED);
    assertThat(c.events.get(0).status()).isZero();
    assertThat(c.events.get(0).aborted()).isTrue();
    assertThat(parse(format, noTotal, c).reason()).isEqualTo("request time is \"-1\" or empty (haproxy logged none)");
    assertThat(parse(format, captures, c)).isEqualTo(Outcome.PARSED);
    assertThat(c.events.get(1)).isEqualTo(new Event("GET /index.html", 200, 109_000_000L,
        LocalDateTime.of(2009, 2, 6, 12, 14, 14, 655_000_000).toInstant(ZoneOffset.UTC).toEpochMilli() + 109, false));
  }

  private static Outcome parse(LogFormat format, String line, EventSink sink) {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    return format.newParser().parse(b, 0, b.length, sink);
  }

  @Test
  void theCorpusLinesAreReadAndItsTlsErrorsAreNotRequests() throws IOException {
    Path corpus = tardy.events.Corpus.require("access").resolve("crowdsecurity_hub/.tests/haproxy-logs/haproxy-logs.log");
    Collect c = Collect.read(new HaproxyHttpFormat(), Files.readAllBytes(corpus));
    assertThat(c.stats.parsed()).isEqualTo(2);
    assertThat(c.events.get(0)).extracting(Event::latencyNanos, Event::status).containsExactly(173_000_000L, 200);
    assertThat(c.stats.lines() - c.stats.parsed()).isEqualTo(3);
  }
}
