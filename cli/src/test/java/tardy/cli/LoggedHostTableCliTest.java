package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM's unified log with the hostname decorator (written by OpenJDK 17 in a host named
 * web-07.dc1 with {@code -Xlog:gc*:file=...:time,uptime,level,tags,hostname}) written as a table
 * by the command line: its pauses are in its host's partition where the path names none, as the
 * Spark job writes them; a log without the decorator keeps the partition's null.
 */
class LoggedHostTableCliTest {

  private static final Path DECORATED =
      Path.of("..", "formats", "src", "test", "resources", "jvm", "hostname", "jdk17-hostname.log");
  private static final Path PLAIN = Path.of("..", "samples", "gc-g1-jdk17.log");

  @TempDir Path dir;

  private static List<String> partitions(Path table) throws IOException {
    try (Stream<Path> parts = Files.list(table)) {
      return parts.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("host="))
          .sorted().toList();
    }
  }

  @SuppressWarnings("unchecked")
  private static String pauses(Cli.Result r) {
    assertThat(r.code()).as(r.err()).isZero();
    Map<String, Object> doc = (Map<String, Object>) JsonLines.document(r.out());
    StringBuilder s = new StringBuilder();
    for (Map<String, Object> g : (List<Map<String, Object>>) doc.get("groups")) {
      s.append(g.get("family")).append(' ').append(g.get("key")).append(' ')
          .append(g.get("count")).append(' ').append(g.get("max_ns")).append(' ')
          .append(g.get("percentiles_ns")).append('\n');
    }
    return s.toString();
  }

  @Test
  void aJvmsLoggedHostIsItsPartitionWhenThePathNamesNone() throws IOException {
    Path decorated = dir.resolve("a").resolve("app.log");
    Path plain = dir.resolve("b").resolve("app.log");
    Files.createDirectories(decorated.getParent());
    Files.createDirectories(plain.getParent());
    Files.copy(DECORATED, decorated);
    Files.copy(PLAIN, plain);
    Path table = dir.resolve("t");
    Cli.Result r = Cli.run("report", "--table", table.toString(), decorated.toString(),
        plain.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(partitions(table))
        .containsExactly("host=__HIVE_DEFAULT_PARTITION__", "host=web-07.dc1");
    assertThat(pauses(Cli.run("report", "--format", "json", "--where", "host=web-07.dc1",
        table.toString()))).isEqualTo(pauses(Cli.run("report", "--format", "json",
            decorated.toString())));
    assertThat(pauses(Cli.run("report", "--format", "json", table.toString())))
        .isEqualTo(pauses(Cli.run("report", "--format", "json", decorated.toString(),
            plain.toString())));
  }

  @Test
  void aLoggedHostIsReadFromStandardInputToo() throws IOException {
    Path table = dir.resolve("t");
    Cli.Result r = Cli.run(Files.readAllBytes(DECORATED), "report", "--table", table.toString(),
        "-");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(partitions(table)).containsExactly("host=web-07.dc1");
  }

  @Test
  void aHostThePathNamesWinsOverTheLoggedOne() throws IOException {
    Path decorated = dir.resolve("host=app-1").resolve("app.log");
    Files.createDirectories(decorated.getParent());
    Files.copy(DECORATED, decorated);
    Path table = dir.resolve("t");
    Cli.Result r = Cli.run("report", "--table", table.toString(), decorated.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(partitions(table)).containsExactly("host=app-1");
  }
}
