package tardy.formats.wrap;

import static org.assertj.core.api.Assertions.assertThat;
import static tardy.formats.RequestHost.hostOf;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.LogFormat;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.formats.Formats;

/**
 * A syslog header's HOSTNAME names the host of the request or JVM pause inside it, unless the
 * inner line names its own ({@code $hostname}); RFC 5424's nil {@code -} names none.
 */
class SyslogHostTest {

  private static final String COMBINED = "10.0.0.1 - - [27/Nov/2026:10:00:00 +0000]"
      + " \"GET /a HTTP/1.1\" 200 5 \"-\" \"curl\" 0.012";

  @Test
  void theHeadersHostnameIsTheRequestsHost() {
    LogFormat f = Formats.resolve("syslog+combined");
    assertThat(hostOf(f, "<134>Nov 29 10:00:00 web-03 nginx: " + COMBINED)).isEqualTo("web-03");
    assertThat(hostOf(f, "Nov 29 10:00:00 web-04 nginx[12]: " + COMBINED)).isEqualTo("web-04");
    assertThat(hostOf(f, "2026-11-29T10:00:00+00:00 web-05 nginx: " + COMBINED))
        .as("rsyslog's RFC 3339 time").isEqualTo("web-05");
    assertThat(hostOf(f, "<190>1 2026-11-29T10:00:00.1Z web-06.dc1 nginx - - - " + COMBINED))
        .isEqualTo("web-06.dc1");
    assertThat(hostOf(f, "<190>1 2026-11-29T10:00:00.1Z web-07 nginx 12 - [a b=\"]\"] "
        + COMBINED)).isEqualTo("web-07");
    assertThat(hostOf(f, "<190>1 2026-11-29T10:00:00.1Z - nginx - - - " + COMBINED))
        .as("the nil value names none").isNull();
  }

  @Test
  void theInnerLinesOwnHostnameWins() {
    LogFormat f = Formats.resolve("syslog+$hostname $remote_addr [$time_local] \"$request\""
        + " $status $request_time");
    String inner = " 10.0.0.1 [27/Nov/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 0.012";
    assertThat(hostOf(f, "<134>Nov 29 10:00:00 relay-1 nginx: web-09" + inner))
        .isEqualTo("web-09");
    assertThat(hostOf(f, "<134>Nov 29 10:00:00 relay-1 nginx: -" + inner))
        .as("an inner line naming none: the header's").isEqualTo("relay-1");
  }

  @Test
  void aSyslogWrappedFormatOfRequestsNamesHosts() {
    assertThat(Formats.resolve("syslog+combined").namesHosts()).isTrue();
    assertThat(Formats.resolve("syslog+haproxy-http").namesHosts()).isTrue();
    assertThat(Formats.resolve("cri+combined").namesHosts()).isFalse();
    assertThat(Formats.resolve("syslog+jvm-unified").namesHosts())
        .as("a collector's file of many JVMs' pauses").isTrue();
    assertThat(Formats.resolve("jvm-unified").namesHosts()).as("the hostname decorator")
        .isTrue();
    assertThat(Formats.resolve("jdk8-gc").namesHosts()).as("no decorators").isFalse();
  }

  /**
   * Two JVMs' lines interleaved: a GC pause the parser holds until the next line (its CPU line
   * may follow) is handed on during the other JVM's line, and at the end of the input, yet keeps
   * the host of the line it was read from; a safepoint is its own line's.
   */
  @Test
  void aPauseIsTheHostOfTheLineItWasReadFrom() {
    String[] lines = {
        "<13>Nov 29 10:00:00 jvm-a java: [2026-11-29T10:00:00.100+0000][1.000s][info][gc] GC(0)"
            + " Pause Young (Normal) (G1 Evacuation Pause) 39M->7M(64M) 1.500ms",
        "<13>1 2026-11-29T10:00:00Z jvm-b java - - - [2026-11-29T10:00:00.200+0000][2.000s]"
            + "[info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 39M->7M(64M) 2.500ms",
        "<13>Nov 29 10:00:00 jvm-a java: [2026-11-29T10:00:00.300+0000][1.200s][info][safepoint]"
            + " Safepoint \"Cleanup\", Time since last: 1000 ns, Reaching safepoint: 3000 ns,"
            + " At safepoint: 6500 ns, Leaving safepoint: 500 ns, Total: 10000 ns,"
            + " Threads: 0 runnable, 10 total",
        "<13>Nov 29 10:00:01 jvm-a java: [2026-11-29T10:00:01.100+0000][2.000s][info][gc] GC(1)"
            + " Pause Young (Normal) (G1 Evacuation Pause) 39M->7M(64M) 3.500ms"};
    java.util.List<String> seen = pauseHosts(lines);
    assertThat(seen).containsExactly("1500000@jvm-a", "2500000@jvm-b", "10000@jvm-a",
        "3500000@jvm-a");
  }

  /**
   * Two JVMs whose lines a relay forwarded (its name in every header) print the {@code hostname}
   * decorator: each line's own decorator wins over the relay's header, as nginx's {@code
   * $hostname} does, also for a GC pause held until the other JVM's line; a line without the
   * decorator takes the header's. Lines written by JDK 17 and 25 through {@code logger}.
   */
  @Test
  void theJvmsHostnameDecoratorWinsOverTheRelaysHeader() {
    String young = " GC(3) Pause Young (Normal) (G1 Evacuation Pause) 6M->3M(16M) ";
    assertThat(pauseHosts(
        "<13>1 2026-11-29T22:06:21.444373+00:00 relay-01 java - - [timeQuality tzKnown=\"1\""
            + " isSynced=\"0\"] [2026-11-29T22:06:11.294+0000][2.017s][db-03][info][gc]" + young
            + "4.250ms",
        "<13>Nov 29 22:06:26 relay-01 java: [2026-11-29T22:06:11.308+0000][2.023s][web-01][info]"
            + "[safepoint] Safepoint \"Cleanup\", Time since last: 1000116923 ns, Reaching"
            + " safepoint: 17206156 ns, Cleanup: 53871 ns, At safepoint: 22812 ns, Total: 17282839"
            + " ns",
        "<13>Nov 29 22:06:26 relay-01 java: [2026-11-29T22:06:11.309+0000][2.024s][web-01][info]"
            + "[gc]" + young + "1.500ms",
        "<13>Nov 29 22:06:26 relay-01 java: [2026-11-29T22:06:11.310+0000][2.025s][info][gc]"
            + young + "2.500ms"))
        .containsExactly("4250000@db-03", "17282839@web-01", "1500000@web-01", "2500000@relay-01");
  }

  /** The host of each pause the lines give, in the order handed on; null: none. */
  private static java.util.List<String> pauseHosts(String... lines) {
    java.util.List<String> seen = new java.util.ArrayList<>();
    EventSink sink = new EventSink() {
      @Override
      public void request(RequestEvent e) {}

      @Override
      public void pause(PauseEvent e) {
        seen.add(e.totalNanos() + "@" + (e.hasHost()
            ? Ascii.text(e.hostBuf(), e.hostFrom(), e.hostTo()) : null));
      }
    };
    tardy.events.LineParser parser = Formats.resolve("syslog+jvm-unified").newParser();
    long[] number = {0};
    parser.reading(new tardy.events.LinePosition() {
      @Override
      public long line() {
        return number[0];
      }

      @Override
      public boolean startOfInput() {
        return number[0] == 1;
      }
    });
    for (String line : lines) {
      number[0]++;
      byte[] b = line.getBytes(StandardCharsets.UTF_8);
      assertThat(parser.parse(b, 0, b.length, sink).isParsed()).as(line).isTrue();
    }
    parser.endOfInput(sink);
    return seen;
  }
}
