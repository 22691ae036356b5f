package tardy.formats.nginx;

import static org.assertj.core.api.Assertions.assertThat;
import static tardy.formats.RequestHost.hostOf;

import org.junit.jupiter.api.Test;
import tardy.events.LogFormat;
import tardy.formats.Formats;

/** nginx's {@code $hostname} names the request's host on the event, by position and in JSON. */
class HostnameFieldTest {

  @Test
  void aPositionalHostnameIsTheEventsHost() {
    LogFormat f = Formats.resolve(
        "$hostname $remote_addr [$time_local] \"$request\" $status $request_time");
    assertThat(hostOf(f, "web-07.dc1 10.0.0.1 [27/Nov/2026:10:00:00 +0000] \"GET / HTTP/1.1\""
        + " 200 0.012")).isEqualTo("web-07.dc1");
    assertThat(hostOf(f, "- 10.0.0.1 [27/Nov/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 0.012"))
        .as("a dash names none").isNull();
  }

  @Test
  void aJsonKeyHoldingHostnameIsTheEventsHost() {
    LogFormat f = Formats.resolve("log_format j escape=json '{\"server\":\"$hostname\","
        + "\"request\":\"$request\",\"status\":\"$status\",\"request_time\":\"$request_time\"}';");
    assertThat(hostOf(f, "{\"status\":\"200\",\"server\":\"web-03\",\"request\":\"GET / HTTP/1.1\","
        + "\"request_time\":\"0.100\"}")).isEqualTo("web-03");
    assertThat(hostOf(f, "{\"status\":\"200\",\"request\":\"GET / HTTP/1.1\","
        + "\"request_time\":\"0.100\"}")).as("no key, no host").isNull();
  }

  @Test
  void aLogWithoutHostnameNamesNone() {
    assertThat(hostOf(Formats.resolve("combined-upstream"), "10.0.0.1 - - [27/Nov/2026:10:00:00"
        + " +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"curl\" 0.010 0.009")).isNull();
  }

  /** A table is recorded per host only where a planned format can name one: saying so is exact. */
  @Test
  void aFormatSaysWhetherItsLinesCanNameAHost() {
    assertThat(Formats.resolve("$hostname $remote_addr [$time_local] \"$request\" $status"
        + " $request_time").namesHosts()).isTrue();
    assertThat(Formats.resolve("log_format j escape=json '{\"server\":\"$hostname\","
        + "\"request\":\"$request\",\"request_time\":\"$request_time\"}';").namesHosts()).isTrue();
    assertThat(Formats.resolve("combined-upstream").namesHosts()).isFalse();
    assertThat(Formats.resolve("jvm-unified").namesHosts()).as("the hostname decorator")
        .isTrue();
    assertThat(Formats.resolve("jdk8-gc").namesHosts()).isFalse();
  }
}
