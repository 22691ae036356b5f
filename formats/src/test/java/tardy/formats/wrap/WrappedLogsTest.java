package tardy.formats.wrap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tardy.events.EventLog;
import tardy.formats.Formats;
import tardy.events.LogFormat;
import tardy.events.Sample;

/**
 * Real logs, nginx's and the JVM's, read inside each wrapper: the same events as the plain log,
 * every line accounted for, and the wrapper found by detection.
 */
public class WrappedLogsTest {

  static byte[] resource(String path) throws IOException {
    try (InputStream in = WrappedLogsTest.class.getResourceAsStream(path)) {
      return in.readAllBytes();
    }
  }

  static List<String> lines(byte[] log) {
    return new String(log, StandardCharsets.UTF_8).lines().toList();
  }

  static LogFormat detected(byte[] log) {
    List<String> lines = lines(log);
    Sample sample = Sample.ofText(lines.subList(0, Math.min(lines.size(), Sample.MAX_LINES)));
    return Formats.choose(sample).best().orElseThrow(() -> new AssertionError("nothing detected"));
  }

  /** Every real log the repository keeps: nginx's formats and JVM logs of JDK 17 and 25. */
  static Stream<String> plainLogs() {
    return Stream.of("nginx-logs/combined.log", "nginx-logs/combined-upstream.log", "nginx-logs/json.log",
        "nginx-logs/ingress.log", "nginx-logs/ingress-legacy.log", "nginx-logs/main-rt.log",
        "jvm-logs/jdk17-z-gc-and-safepoint.log", "jvm-logs/jdk25-g1-gc-and-safepoint.log",
        "jvm-logs/jdk17-g1-all-clocks.log");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("plainLogs")
  void everyWrapperGivesThePlainLogsEvents(String name) throws IOException {
    byte[] plain = resource("/" + name);
    LogFormat format = detected(plain);
    EventLog expected = EventLog.read(format, plain);
    assertThat(expected.events).isNotEmpty();
    List<String> lines = lines(plain);
    String[][] wrapped = {
        {"cri", ContainerLogWriter.cri(lines, 16 * 1024, "stdout")},
        {"docker", ContainerLogWriter.docker(lines, 16 * 1024, "stdout")},
        {"syslog", syslog3164(lines)},
    };
    for (String[] w : wrapped) {
      byte[] log = w[1].getBytes(StandardCharsets.UTF_8);
      LogFormat found = detected(log);
      assertThat(found.name()).as(w[0]).isEqualTo(w[0] + "+" + format.name());
      EventLog read = EventLog.read(found, log);
      assertThat(read.events).as(w[0]).isEqualTo(expected.events);
      assertThat(read.stats.lines()).isEqualTo(expected.stats.lines());
      assertThat(read.stats.parsed()).isEqualTo(expected.stats.parsed());
      assertThat(read.stats.ignored()).isEqualTo(expected.stats.ignored());
      assertThat(read.rejects).as(w[0]).isEqualTo(expected.rejects);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("plainLogs")
  void linesSplitByTheRuntimeAreJoined(String name) throws IOException {
    List<String> lines = lines(resource("/" + name));
    lines = lines.subList(0, Math.min(lines.size(), 500)); // enough for thousands of parts
    byte[] plain = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    LogFormat format = detected(plain);
    EventLog expected = EventLog.read(format, plain);
    for (String wrapper : List.of("cri", "docker")) {
      // 40-byte parts: nearly every line split, the way 16 KiB splits a long line
      String text = wrapper.equals("cri") ? ContainerLogWriter.cri(lines, 40, "stdout")
          : ContainerLogWriter.docker(lines, 40, "stdout");
      byte[] log = text.getBytes(StandardCharsets.UTF_8);
      long physical = text.lines().count();
      long parts = physical - lines.size();
      assertThat(parts).as("lines were split").isGreaterThan(lines.size());
      LogFormat found = detected(log);
      assertThat(found.name()).isEqualTo(wrapper + "+" + format.name());
      assertThat(found.linesIndependent(Sample.ofText(lines(log)))).as("joined lines are read in order").isFalse();
      EventLog read = EventLog.read(found, log);
      assertThat(read.events).as(wrapper).isEqualTo(expected.events);
      assertThat(read.stats.lines()).isEqualTo(physical);
      assertThat(read.stats.parsed()).isEqualTo(expected.stats.parsed());
      assertThat(read.stats.ignored()).isEqualTo(expected.stats.ignored() + parts);
      assertThat(read.stats.malformed()).isEqualTo(expected.stats.malformed());
    }
  }

  /** A BSD syslog header as rsyslog writes it to a file, around each line. */
  public static String syslog3164(List<String> lines) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < lines.size(); i++) {
      out.append("Mar  1 12:00:").append(String.format(java.util.Locale.ROOT, "%02d", i % 60))
          .append(" web-1 app[4242]: ").append(lines.get(i)).append('\n');
    }
    return out.toString();
  }

  @Test
  void nginxSendingToSyslogGivesTheEventsOfItsFile() throws IOException {
    // the same requests, logged by one nginx to a file and (RFC 3164) to a syslog socket
    byte[] viaSyslog = resource("/nginx-logs/syslog-combined.log");
    LogFormat format = detected(viaSyslog);
    assertThat(format.name()).isEqualTo("syslog+combined");
    EventLog wrapped = EventLog.read(format, viaSyslog);
    EventLog file = EventLog.read(Formats.byName("combined").orElseThrow(), resource("/nginx-logs/combined.log"));
    assertThat(wrapped.stats.parsed()).isEqualTo(2004).isEqualTo(wrapped.stats.lines());
    assertThat(wrapped.events).containsExactlyInAnyOrderElementsOf(file.events);
  }

  @Test
  void aJvmLogSentAsRfc5424MessagesGivesTheEventsOfTheLog() throws IOException {
    // logger --rfc5424 with its [timeQuality …] structured data around each line of a real log
    byte[] viaSyslog = resource("/nginx-logs/syslog-jvm-rfc5424.log");
    byte[] plain = resource("/jvm-logs/jdk17-z-gc-and-safepoint.log");
    LogFormat plainFormat = detected(plain);
    LogFormat format = detected(viaSyslog);
    assertThat(format.name()).isEqualTo("syslog+" + plainFormat.name());
    EventLog wrapped = EventLog.read(format, viaSyslog);
    EventLog file = EventLog.read(plainFormat, plain);
    assertThat(wrapped.events).isNotEmpty().isEqualTo(file.events);
    assertThat(wrapped.stats.lines()).isEqualTo(400);
    assertThat(wrapped.stats.parsed()).isEqualTo(file.stats.parsed());
  }

  @Test
  void corpusCriLinesOfIngressNginx() throws IOException {
    Path log = tardy.events.Corpus.require("access").resolve("crowdsecurity_hub/.tests/cri-logs/cri-logs.log");
    byte[] bytes = Files.readAllBytes(log);
    LogFormat format = detected(bytes);
    assertThat(format.name()).isEqualTo("cri+ingress-nginx");
    EventLog read = EventLog.read(format, bytes);
    // line 2 is a P part on stderr that no F line of stderr ends: held, counted, never an event
    assertThat(read.stats.lines()).isEqualTo(3);
    assertThat(read.stats.parsed()).isEqualTo(2);
    assertThat(read.stats.count(CriWrapper.PARTIAL)).isEqualTo(1);
    assertThat(read.events).containsExactly(
        "request GET / status=200 latency=0 upstream=0/1 wall=1643385845000",
        "request GET / status=200 latency=0 upstream=0/1 wall=1643385845000");
  }

  @Test
  void corpusDockerJsonFileLinesOfIngressNginx() throws IOException {
    Path log = tardy.events.Corpus.require("access").resolve("crowdsecurity_hub/.tests/docker-logs/docker-logs.log");
    byte[] bytes = Files.readAllBytes(log);
    LogFormat format = detected(bytes);
    assertThat(format.name()).isEqualTo("docker+ingress-nginx");
    EventLog read = EventLog.read(format, bytes);
    assertThat(read.stats.lines()).isEqualTo(3);
    assertThat(read.stats.parsed()).isEqualTo(3);
    // independently: request_time is the 2nd field after the user agent's closing quote
    assertThat(read.events).containsExactly(
        "request GET / status=200 latency=1000000 upstream=0/1 wall=1629798733000",
        "request GET /favicon.ico status=200 latency=0 upstream=0/1 wall=1629798733000",
        "request GET / status=200 latency=0 upstream=0/1 wall=1629798734000");
  }
}
