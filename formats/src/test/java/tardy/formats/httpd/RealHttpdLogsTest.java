package tardy.formats.httpd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import tardy.events.LogFormat;
import tardy.events.RequestEvent;
import tardy.events.Sample;
import tardy.formats.Formats;
import tardy.formats.RequestsRead;

/**
 * Logs written by a real Apache httpd (see src/test/httpd-log-generator): the same requests in
 * several LogFormats must give the same events, every latency must equal an independent reading
 * of the line, and httpd's shipped layouts without a duration are refused with the line to add.
 */
class RealHttpdLogsTest {

  private static final int LINES = 2004;

  /** One request as compared here. */
  record Event(String request, int status, long latencyNanos, long endMillis) {}

  /** Reads a whole log, keeping each request. */
  static final class Collect extends RequestsRead<Event> {

    static Collect read(LogFormat format, byte[] log) {
      return RequestsRead.read(new Collect(), format, log);
    }

    @Override
    protected Event keep(String request, RequestEvent e) {
      return new Event(request, e.status(), e.latencyNanos(), e.wallMillis());
    }
  }

  private static byte[] log(String name) throws IOException {
    try (InputStream in = RealHttpdLogsTest.class.getResourceAsStream("/httpd-logs/" + name)) {
      return in.readAllBytes();
    }
  }

  private static List<String> lines(String name) throws IOException {
    return new String(log(name), StandardCharsets.UTF_8).lines().toList();
  }

  /** The LogFormat line of that nickname, exactly as httpd.conf has it. */
  static String logFormat(String nick) throws IOException {
    for (String line : Files.readAllLines(Path.of("src/test/httpd-log-generator/httpd.conf"))) {
      if (line.startsWith("LogFormat ") && line.endsWith("\" " + nick)) {
        return line;
      }
    }
    throw new AssertionError("no LogFormat " + nick);
  }

  private static LogFormat pasted(String nick) throws IOException {
    return Formats.resolve(logFormat(nick));
  }

  private static List<Long> latencies(Collect c) {
    return c.events.stream().map(Event::latencyNanos).toList();
  }

  @Test
  void everyLayoutWithADurationReadsEveryLine() throws IOException {
    for (String[] pair : new String[][] {{"combined_d", "combined-d.log"}, {"common_d", "common-d.log"},
        {"timers", "timers.log"}, {"ms_first", "ms-first.log"}}) {
      Collect c = Collect.read(pasted(pair[0]), log(pair[1]));
      assertThat(c.stats.lines()).as(pair[1]).isEqualTo(LINES);
      assertThat(c.stats.parsed()).as("%s rejects: %s", pair[1], c.rejects).isEqualTo(LINES);
    }
  }

  @Test
  void theSameRequestsGiveTheSameEventsInEveryLayout() throws IOException {
    Collect combined = Collect.read(new HttpdCombinedFormat(), log("combined-d.log"));
    Collect common = Collect.read(new HttpdCommonFormat(), log("common-d.log"));
    Collect timers = Collect.read(pasted("timers"), log("timers.log"));
    // httpd writes every log at the request's end, so even the order is the same
    assertThat(common.events).isEqualTo(combined.events);
    assertThat(timers.events).isEqualTo(combined.events);
    assertThat(combined.events).filteredOn(e -> e.request().equals("(invalid request)")).hasSize(3);
    assertThat(combined.events).filteredOn(e -> e.request().equals("GET /old")).hasSize(1);
    assertThat(combined.events).filteredOn(e -> e.status() == 501).hasSize(1);
  }

  @Test
  void detectionPicksTheRightBuiltInAndNeverNginx() throws IOException {
    assertThat(detect("combined-d.log")).isEqualTo("httpd-combined");
    assertThat(detect("common-d.log")).isEqualTo("httpd-common");
    assertThat(detect("syslog-combined-d.log")).isEqualTo("syslog+httpd-combined");
    // httpd's own layouts are no built-in: they are named with --log-format
    assertThat(Formats.detect(Sample.ofText(lines("timers.log"))).best()).isEmpty();
    assertThat(Formats.detect(Sample.ofText(lines("ms-first.log"))).best()).isEmpty();
  }

  private static String detect(String name) throws IOException {
    return Formats.detect(Sample.ofText(lines(name))).best().orElseThrow().name();
  }

  @Test
  void latenciesEqualAnIndependentReading() throws IOException {
    List<Long> lastField = new ArrayList<>(); // %D, microseconds
    for (String line : lines("combined-d.log")) {
      lastField.add(Long.parseLong(line.substring(line.lastIndexOf(' ') + 1)) * 1_000);
    }
    assertThat(latencies(Collect.read(new HttpdCombinedFormat(), log("combined-d.log")))).isEqualTo(lastField);

    List<Long> micros = new ArrayList<>(); // %{us}T first, %D last: the same number
    for (String line : lines("timers.log")) {
      String[] words = line.split(" ");
      assertThat(words[0]).as(line).isEqualTo(words[words.length - 1]);
      micros.add(Long.parseLong(words[0]) * 1_000);
    }
    assertThat(latencies(Collect.read(pasted("timers"), log("timers.log")))).isEqualTo(micros);

    List<Long> millis = new ArrayList<>(); // %{ms}T first
    for (String line : lines("ms-first.log")) {
      millis.add(Long.parseLong(line.substring(0, line.indexOf(' '))) * 1_000_000);
    }
    assertThat(latencies(Collect.read(pasted("ms_first"), log("ms-first.log")))).isEqualTo(millis);
  }

  /** {@code %t} is when the request arrived: the event's time is its end, the start plus the duration. */
  @Test
  void theTimeIsTheEndTheArrivalPlusTheDuration() throws IOException {
    DateTimeFormatter clf = DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT);
    List<String> lines = lines("combined-d.log");
    List<Event> events = Collect.read(new HttpdCombinedFormat(), log("combined-d.log")).events;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      long start = OffsetDateTime.parse(line.substring(line.indexOf('[') + 1, line.indexOf(']')), clf)
          .toInstant().toEpochMilli();
      long micros = Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
      assertThat(events.get(i).endMillis()).as(line).isEqualTo(start + micros / 1_000);
    }
  }

  @Test
  void shippedLayoutsWithoutADurationAreRefusedWithTheLineToAdd() throws IOException {
    for (String[] pair : new String[][] {{"common.log", "\" common"}, {"vhost-combined.log", "\" vhost_combined"}}) {
      Formats.Detection d = Formats.detect(Sample.ofText(lines(pair[0])));
      assertThat(d.best()).as(pair[0]).isEmpty();
      assertThat(d.failure()).as(pair[0]).contains("add %D").contains("%D" + pair[1]).contains("LogFormat \"");
    }
    // what the advice says to write reads the lines it is written for
    String advice = Formats.detect(Sample.ofText(lines("common.log"))).failure();
    String line = advice.substring(advice.indexOf("LogFormat \""));
    assertThat(Formats.resolve(line).name()).isEqualTo(HttpdFormat.CUSTOM);
    assertThat(line).isEqualTo(logFormat("common").replace("\" common", " %D\" common"));
  }

  @Test
  void aLogFormatWithoutADurationIsRefusedNamingTheDirectives() throws IOException {
    assertThatThrownBy(() -> Formats.resolve(logFormat("combined")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no %D, %T or %{ms}T")
        .hasMessageContaining("LogFormat \"%h %l %u %t \"%r\" %>s %O \"%{Referer}i\" \"%{User-Agent}i\" %D\" timed");
  }
}
