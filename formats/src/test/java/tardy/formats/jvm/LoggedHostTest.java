package tardy.formats.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tardy.events.Family;
import tardy.events.LogFormat;
import tardy.events.ParseStats;
import tardy.events.Sample;
import tardy.events.input.LineReader;
import tardy.formats.Formats;

/**
 * The host of a JVM's unified log, from its {@code hostname} decorator. The logs were written by
 * real JVMs (OpenJDK 17.0.15 and Temurin 25.0.3, in a UTS namespace named web-07.dc1) with
 * {@code -Xlog:gc*:file=...:time,uptime,level,tags,hostname}, {@code
 * -Xlog:gc*,safepoint:file=...:utctime,uptimemillis,hostname,pid,level,tags} and {@code
 * -Xlog:gc:file=...:hostname,tags}.
 */
class LoggedHostTest {

  private static final Path DIR = Path.of("src/test/resources/jvm/hostname");

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"jdk17-hostname.log", "temurin25-hostname.log",
      "jdk17-hostname-tags.log"})
  void aRealJvmsHostnameDecoratorNamesTheHost(String file) throws IOException {
    byte[] bytes = Files.readAllBytes(DIR.resolve(file));
    assertThat(LoggedHost.of(bytes, bytes.length)).contains("web-07.dc1");
  }

  /** The decorator leaves the log readable: every pause of such a log is parsed, none lost. */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"jdk17-hostname.log", "temurin25-hostname.log",
      "jdk17-hostname-tags.log"})
  void aLogWithTheHostnameDecoratorParsesAllItsPauses(String file) throws IOException {
    Path path = DIR.resolve(file);
    byte[] bytes = Files.readAllBytes(path);
    List<String> lines = Files.readAllLines(path, StandardCharsets.ISO_8859_1);
    LogFormat format = Formats.detect(Sample.ofText(lines)).best().orElseThrow();
    assertThat(format.name()).isEqualTo("jvm-unified");
    ParseStats stats = new ParseStats();
    PauseCollector sink = new PauseCollector();
    new LineReader().read(new ByteArrayInputStream(bytes), format.newParser(), sink, stats,
        LineReader.Rejects.NONE, true);
    long pauseLines = lines.stream().filter(l -> l.contains("[gc") && !l.contains("gc,start")
        && l.matches(".*GC\\(\\d+\\) Pause .*ms$")).count();
    assertThat(pauseLines).isPositive();
    assertThat(sink.of(Family.GC_PAUSE)).hasSize((int) pauseLines);
    assertThat(stats.malformed()).isZero();
  }

  @Test
  void aLogWithoutTheDecoratorNamesNone() throws IOException {
    for (String file : List.of("gc-g1-jdk17.log", "safepoint-jdk17.log")) {
      byte[] bytes = Files.readAllBytes(Path.of("..", "samples", file));
      assertThat(LoggedHost.of(bytes, bytes.length)).as(file).isEmpty();
    }
    byte[] tagsOnly = "[0.023s][gc] Using G1\n[0.024s][gc,init] CPUs: 2\n"
        .getBytes(StandardCharsets.US_ASCII);
    assertThat(LoggedHost.of(tagsOnly, tagsOnly.length)).as("a word alone is the tags").isEmpty();
  }

  @Test
  void theHostIsReadFromTheFirstDecoratedLinesOnly() {
    byte[] late = ("[0.1s][info][gc] Using G1\n".repeat(30) + "[0.2s][web-09][info][gc] x\n")
        .getBytes(StandardCharsets.US_ASCII);
    assertThat(LoggedHost.of(late, late.length)).isEmpty();
    byte[] crlf = "[2026-11-29T10:34:38.460+0000][0.170s][db-1][info][gc] Using G1\r\n"
        .getBytes(StandardCharsets.US_ASCII);
    assertThat(LoggedHost.of(crlf, crlf.length)).contains("db-1");
  }
}
