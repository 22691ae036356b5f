package tardy.formats.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tardy.formats.Formats;
import tardy.events.LogFormat;
import tardy.events.ParseStats;
import tardy.events.Sample;
import tardy.events.input.LineReader;

/**
 * The sample logs the README points users to are detected and parse to their known counts: the
 * JDK 8 log holds one stopped-time line cut short (line 13, {@code Total tim/: 0.0000246
 * seconds}), malformed.
 */
class RepositorySamplesTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource({"gc-jdk8.log, jdk8-gc, 42, 1", "safepoint-jdk17.log, jvm-unified, 5, 0"})
  void readmeSampleParses(String file, String formatName, long pauses, long malformed)
      throws IOException {
    Path path = Path.of("..", "samples", file);
    byte[] bytes = Files.readAllBytes(path);
    List<String> lines = Files.readAllLines(path, java.nio.charset.StandardCharsets.ISO_8859_1);
    LogFormat format = Formats.detect(Sample.ofText(lines)).best().orElseThrow();
    assertThat(format.name()).isEqualTo(formatName);
    ParseStats stats = new ParseStats();
    PauseCollector sink = new PauseCollector();
    new LineReader().read(new ByteArrayInputStream(bytes), format.newParser(), sink, stats, LineReader.Rejects.NONE, true);
    assertThat(sink.of(tardy.events.Family.SAFEPOINT)).hasSize((int) pauses);
    assertThat(stats.malformed()).isEqualTo(malformed);
  }
}
