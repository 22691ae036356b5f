package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Real Tomcat 9 and Tomcat 10 access logs (common and combined + %D, written by
 * formats/src/test/tomcat-log-generator/run.sh, the same seeded requests against a servlet that
 * sleeps as each asks): Tomcat 10 writes %D in microseconds, as httpd does, Tomcat 9 in
 * milliseconds, in lines no reading can tell from httpd's. Tomcat 10's log reads true; Tomcat 9's
 * reads a thousand times too short, and the report says so, with the --log-format that reads it
 * true.
 */
class TomcatLogsCliTest {

  private static final Path LOGS = Path.of("..", "formats", "src", "test", "resources", "tomcat-logs");

  /** The last field of every line. */
  private static List<Long> lastFields(Path log) throws IOException {
    return Files.readAllLines(log).stream()
        .map(line -> Long.parseLong(line.substring(line.lastIndexOf(' ') + 1))).toList();
  }

  private static Object report(String... args) {
    Cli.Result r = Cli.run(args);
    assertThat(r.code()).as(r.err()).isZero();
    return JsonLines.document(r.out());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> total(Object doc) {
    return (Map<String, Object>) JsonLines.at(doc, "totals", 0);
  }

  private static List<?> notes(Object doc) {
    return (List<?>) JsonLines.at(doc, "notes");
  }

  @Test
  void tomcat10sMicrosecondsReadTrueAndNothingIsSaid() throws IOException {
    for (String layout : new String[] {"common", "combined"}) {
      Path log = LOGS.resolve("tomcat10-" + layout + "-d.log");
      Object doc = report("report", "--format", "json", log.toString());
      assertThat(JsonLines.at(doc, "inputs", 0, "format")).isEqualTo("httpd-" + layout);
      RealProxyLogsCliTest.assertNumbers(total(doc),
          lastFields(log).stream().map(us -> us * 1_000).toList(), log.toString());
      assertThat(notes(doc)).noneMatch(n -> n.toString().contains("Tomcat"));
    }
  }

  @Test
  void tomcat9sMillisecondsAreSaidAndTheNamedLayoutReadsThemTrue() throws IOException {
    for (String layout : new String[] {"common", "combined"}) {
      Path log = LOGS.resolve("tomcat9-" + layout + "-d.log");
      Object guessed = report("report", "--format", "json", log.toString());
      String note = notes(guessed).stream().map(Object::toString)
          .filter(n -> n.contains("Tomcat 9")).findFirst().orElseThrow();
      String named = note.substring(note.indexOf("--log-format '") + 14, note.lastIndexOf('\''));
      Object read = report("report", "--format", "json", "--log-format", named, log.toString());
      RealProxyLogsCliTest.assertNumbers(total(read),
          lastFields(log).stream().map(ms -> ms * 1_000_000).toList(), log.toString());
      assertThat(notes(read)).noneMatch(n -> n.toString().contains("Tomcat"));
    }
  }

  /**
   * Both Tomcats served the same requests, each sleeping as long as it asked: line by line,
   * Tomcat 9's milliseconds are Tomcat 10's microseconds over a thousand, within the run's
   * jitter, so the units the note names are the servers' own.
   */
  @Test
  void bothTomcatsLoggedTheSameSleepsInTheirOwnUnits() throws IOException {
    List<Long> millis = lastFields(LOGS.resolve("tomcat9-common-d.log"));
    List<Long> micros = lastFields(LOGS.resolve("tomcat10-common-d.log"));
    assertThat(millis).hasSameSizeAs(micros).hasSizeGreaterThan(50);
    int close = 0;
    for (int i = 0; i < millis.size(); i++) {
      if (Math.abs(millis.get(i) - micros.get(i) / 1_000) <= 10) {
        close++;
      }
    }
    assertThat(close).as("lines within 10 ms of each other").isGreaterThanOrEqualTo(millis.size() - 2);
  }
}
