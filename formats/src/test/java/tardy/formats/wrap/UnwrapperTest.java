package tardy.formats.wrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tardy.events.EventLog;
import tardy.formats.Formats;
import tardy.events.LogFormat;
import tardy.events.Outcome;
import tardy.events.Sample;
import tardy.events.input.LineReader;

/** The envelopes' edge cases, line by line, and how a wrapper is named and combined. */
class UnwrapperTest {

  private static final String LINE =
      "10.0.0.1 - - [01/Mar/2024:12:00:00 +0000] \"GET /a?x=<b>&y HTTP/1.1\" 200 5 \"-\" \"curl/8 \\\"q\\\"\" 0.042";
  private static final String EVENT = "request GET /a?x=<b>&y status=200 latency=42000000 upstream=" + tardy.events.Times.NONE + "/0 wall=1709294400000";

  private static String unwrapped(Wrapper wrapper, String line) {
    Unwrapper u = wrapper.newUnwrapper();
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    Outcome o = u.unwrap(b, 0, b.length);
    return o != null ? o.toString() : new String(u.buf(), u.from(), u.to() - u.from(), StandardCharsets.UTF_8);
  }

  private static EventLog read(String format, String log) {
    return EventLog.read(Formats.resolve(format), log.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void criPrefixes() {
    Wrapper cri = new CriWrapper();
    assertThat(unwrapped(cri, "2024-01-01T00:00:00.000000000Z stdout F hello world")).isEqualTo("hello world");
    assertThat(unwrapped(cri, "2024-01-01T00:00:00.5+02:00 stderr F x")).isEqualTo("x");
    assertThat(unwrapped(cri, "2024-01-01T00:00:00Z stdout F")).isEmpty();
    assertThat(unwrapped(cri, "2024-01-01T00:00:00Z stdout P part")).isEqualTo(CriWrapper.PARTIAL.toString());
    for (String bad : List.of("hello", "2024-01-01T00:00:00Z stdin F x", "2024-01-01T00:00:00Z stdout X x",
        "2024-01-01 00:00:00Z stdout F x", "2024-01-01T00:00:00Z stdout FF x", "2024-01-01T00:00:00Z stdout ")) {
      assertThat(unwrapped(cri, bad)).as(bad).isEqualTo(CriWrapper.NOT_CRI.toString());
    }
  }

  @Test
  void criPartsJoinPerStreamAndEveryLineIsCounted() {
    String half = LINE.substring(0, 30);
    String log = "2024-01-01T00:00:00Z stdout P " + half + "\n"
        + "2024-01-01T00:00:00Z stderr F 2024/01/01 00:00:00 [error] 7#7: *1 upstream timed out\n"
        + "2024-01-01T00:00:00Z stdout F " + LINE.substring(30) + "\n"
        + "2024-01-01T00:00:01Z stdout F " + LINE + "\n"
        + "2024-01-01T00:00:02Z stdout F not an access line\n"
        + "garbage without a prefix\n"
        + "2024-01-01T00:00:03Z stdout F \n";
    EventLog read = read("cri+combined", log);
    assertThat(read.events).containsExactly(EVENT, EVENT);
    assertThat(read.stats.lines()).isEqualTo(7);
    assertThat(read.stats.parsed()).isEqualTo(2);
    assertThat(read.stats.count(CriWrapper.PARTIAL)).isEqualTo(1);
    assertThat(read.stats.count(WrappedFormat.STDERR_OTHER)).isEqualTo(1);
    assertThat(read.stats.count(Outcome.EMPTY_LINE)).isEqualTo(1);
    assertThat(read.rejects).containsExactly("5: line does not match the log_format",
        "6: " + CriWrapper.NOT_CRI.reason());
  }

  @Test
  void aJoinedLineLongerThanALineMayBeIsDroppedWhole() {
    StringBuilder log = new StringBuilder();
    String part = "x".repeat(100_000);
    int parts = Joiner.MAX_JOINED_BYTES / part.length() + 2;
    for (int i = 0; i < parts; i++) {
      log.append("2024-01-01T00:00:00Z stdout P ").append(part).append('\n');
    }
    log.append("2024-01-01T00:00:00Z stdout F end\n");
    log.append("2024-01-01T00:00:01Z stdout F ").append(LINE).append('\n');
    EventLog read = read("cri+combined", log.toString());
    assertThat(read.stats.lines()).isEqualTo(parts + 2);
    assertThat(read.stats.count(CriWrapper.PARTIAL)).isEqualTo(parts);
    assertThat(read.stats.count(Joiner.TOO_LONG)).isEqualTo(1);
    assertThat(read.events).containsExactly(EVENT);
  }

  @Test
  void dockerUnescapesWhatGoEscapes() {
    Wrapper docker = new DockerJsonWrapper();
    assertThat(unwrapped(docker, "{\"log\":\"a\\u003cb\\u003e \\u0026 \\\"q\\\" \\\\ \\/ \\t\\u00e9\\ud83d\\ude00\\n\",\"stream\":\"stdout\",\"time\":\"2024-01-01T00:00:00Z\"}"))
        .isEqualTo("a<b> & \"q\" \\ / \té\uD83D\uDE00");
    assertThat(unwrapped(docker, "{\"log\":\"a\\qb\\n\",\"stream\":\"stdout\",\"time\":\"t\"}"))
        .isEqualTo(DockerJsonWrapper.BAD_ESCAPE.toString());
    assertThat(unwrapped(docker, "{\"log\":\"a\\u00zz\\n\",\"stream\":\"stdout\",\"time\":\"t\"}"))
        .isEqualTo(DockerJsonWrapper.BAD_ESCAPE.toString());
    assertThat(unwrapped(docker, "{\"log\":\"no newline: a part\",\"stream\":\"stdout\",\"time\":\"t\"}"))
        .isEqualTo(DockerJsonWrapper.PARTIAL.toString());
    // an escaped backslash before n is text, not a newline
    assertThat(unwrapped(docker, "{\"log\":\"ends in \\\\n\",\"stream\":\"stdout\",\"time\":\"t\"}"))
        .isEqualTo(DockerJsonWrapper.PARTIAL.toString());
    for (String bad : List.of("{\"stream\":\"stdout\"}", "{\"log\":\"unterminated", "{\"log\":\"x\\n\",\"stream\":\"stdout\"",
        "{\"log\" : \"x\\n\"}", "plain text")) {
      assertThat(unwrapped(docker, bad)).as(bad).isEqualTo(DockerJsonWrapper.NOT_DOCKER.toString());
    }
  }

  @Test
  void dockerRoundTripsAnyText() {
    Random random = new Random(7);
    for (int round = 0; round < 2000; round++) {
      StringBuilder text = new StringBuilder();
      for (int i = random.nextInt(60); i > 0; i--) {
        int kind = random.nextInt(4);
        text.appendCodePoint(kind == 0 ? random.nextInt(0x20, 0x7f) : kind == 1 ? "\"\\<>&\t\r\u2028".charAt(random.nextInt(8))
            : kind == 2 ? random.nextInt(0xa0, 0xd7ff) : random.nextInt(0x10000, 0x10ffff));
      }
      String wrapped = ContainerLogWriter.docker(List.of(text.toString()), 1 << 20, "stdout").strip();
      assertThat(unwrapped(new DockerJsonWrapper(), wrapped)).isEqualTo(text.toString());
    }
  }

  @Test
  void dockerPartsJoinAndStderrIsTheProgramsOwn() {
    String a = LINE.substring(0, 50).replace("\"", "\\\"");
    String b = LINE.substring(50).replace("\\", "\\\\").replace("\"", "\\\"");
    String log = "{\"log\":\"" + a + "\",\"stream\":\"stdout\",\"time\":\"2024-01-01T00:00:00Z\"}\n"
        + "{\"log\":\"nginx: [warn] the \\\"user\\\" directive\\n\",\"stream\":\"stderr\",\"attrs\":{\"tag\":\"x\"},\"time\":\"2024-01-01T00:00:00Z\"}\n"
        + "{\"log\":\"" + b + "\\n\",\"stream\":\"stdout\",\"time\":\"2024-01-01T00:00:00Z\"}\n";
    EventLog read = read("docker+combined", log);
    assertThat(read.events).containsExactly(EVENT);
    assertThat(read.stats.count(DockerJsonWrapper.PARTIAL)).isEqualTo(1);
    assertThat(read.stats.count(WrappedFormat.STDERR_OTHER)).isEqualTo(1);
    assertThat(read.stats.lines()).isEqualTo(3);
  }

  @Test
  void syslogHeaders() {
    Wrapper syslog = new SyslogWrapper();
    for (String line : List.of(
        "<190>Nov 23 21:28:09 vm nginx: MSG",
        "Nov  3 01:02:03 web-1 nginx[123]: MSG",
        "2024-03-01T12:00:00.123456+01:00 web-1 nginx: MSG",
        "<13>1 2026-11-23T21:28:52.869954+00:00 vm java - - [timeQuality tzKnown=\"1\" isSynced=\"0\"] MSG",
        "<165>1 2003-10-11T22:14:15.003Z host app 42 ID47 - MSG",
        "<165>1 - host app - - [a@1 x=\"] y\\\" z\"][b@2] MSG",
        "<165>1 2003-10-11T22:14:15Z host app - - - \uFEFFMSG")) {
      assertThat(unwrapped(syslog, line)).as(line).isEqualTo("MSG");
    }
    assertThat(unwrapped(syslog, "<165>1 2003-10-11T22:14:15Z host app - - -")).isEmpty();
    for (String bad : List.of("10.0.0.1 - - [01/Mar/2024:12:00:00 +0000] \"GET / HTTP/1.1\"", "Nov 23 21:28:09 vm no tag here",
        "<165>1 2003-10-11T22:14:15Z host app - - [unclosed", "<165>1 2003-10-11T22:14:15Z host", "[0.005s][info][gc] GC(0) Pause")) {
      assertThat(unwrapped(syslog, bad)).as(bad).isEqualTo(SyslogWrapper.NOT_SYSLOG.toString());
    }
  }

  @Test
  void namesCombineAWrapperWithAnyFormatOrDefinition() {
    assertThat(Formats.resolve("cri+combined").name()).isEqualTo("cri+combined");
    assertThat(Formats.resolve(" syslog+jvm-unified ").name()).isEqualTo("syslog+jvm-unified");
    LogFormat custom = Formats.resolve("docker+$remote_addr [$time_local] \"$request\" $status $request_time");
    assertThat(custom.name()).isEqualTo("docker+nginx-custom");
    assertThat(EventLog.read(custom, ("{\"log\":\"1.2.3.4 [01/Mar/2024:12:00:00 +0000] \\\"GET /x HTTP/1.1\\\" 200 0.5\\n\","
        + "\"stream\":\"stdout\",\"time\":\"2024-01-01T00:00:00Z\"}").getBytes(StandardCharsets.UTF_8)).stats.parsed()).isEqualTo(1);
    assertThatThrownBy(() -> Formats.resolve("cri+cri+combined")).hasMessageContaining("one wrapper at most");
    assertThatThrownBy(() -> Formats.resolve("k8s+combined")).hasMessageContaining("unknown log format")
        .hasMessageContaining("cri+, docker+, syslog+");
  }

  @Test
  void aNamedFormatIsReadInsideTheWrapperTheLinesHave() {
    LogFormat combined = Formats.byName("combined").orElseThrow();
    Sample cri = Sample.ofText(List.of("2024-01-01T00:00:00Z stdout F " + LINE));
    assertThat(Formats.fit(combined, cri).name()).isEqualTo("cri+combined");
    assertThat(Formats.fit(combined, Sample.ofText(List.of(LINE)))).isSameAs(combined);
    LogFormat docker = Formats.resolve("docker+combined");
    assertThat(Formats.fit(docker, cri)).isSameAs(docker);
  }

  @Test
  void syslogKeepsTheInnerFormatsChunking() {
    Sample sample = Sample.ofText(List.of("Nov  3 01:02:03 web-1 nginx: " + LINE));
    assertThat(Formats.resolve("syslog+combined").linesIndependent(sample)).isTrue();
    assertThat(Formats.resolve("cri+combined").linesIndependent(sample)).isFalse();
    assertThat(Formats.resolve("docker+combined").linesIndependent(sample)).isFalse();
  }

  @Test
  void mangledWrappedLinesNeverThrowAndAreAllCounted() throws Exception {
    List<String> lines = new ArrayList<>();
    lines.add(LINE);
    lines.addAll(WrappedLogsTest.lines(WrappedLogsTest.resource("/jvm-logs/jdk17-z-gc-and-safepoint.log")).subList(0, 50));
    String[] logs = {ContainerLogWriter.cri(lines, 60, "stdout"), ContainerLogWriter.docker(lines, 60, "stderr"),
        WrappedLogsTest.syslog3164(lines), new String(WrappedLogsTest.resource("/nginx-logs/syslog-jvm-rfc5424.log"), StandardCharsets.UTF_8)};
    Random random = new Random(11);
    byte[] specials = {'"', ' ', '\\', 'u', 'n', 'P', 'F', '[', ']', ':', '<', '>', '-', 0, (byte) 0xff};
    for (String name : List.of("cri+combined", "docker+jvm-unified", "syslog+combined", "syslog+jvm-unified")) {
      LogFormat format = Formats.resolve(name);
      for (String log : logs) {
        for (int round = 0; round < 50; round++) {
          byte[] b = log.getBytes(StandardCharsets.UTF_8);
          for (int edits = 1 + random.nextInt(20); edits > 0; edits--) {
            b[random.nextInt(b.length)] = specials[random.nextInt(specials.length)];
          }
          long newlines = new String(b, StandardCharsets.ISO_8859_1).chars().filter(c -> c == '\n').count();
          EventLog read = EventLog.read(format, b);
          assertThat(read.stats.lines()).isEqualTo(newlines);
          assertThat(read.stats.count(LineReader.PARSER_FAILED)).as(name).isZero();
        }
      }
    }
  }
}
