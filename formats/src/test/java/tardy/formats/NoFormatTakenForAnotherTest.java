package tardy.formats;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tardy.events.Corpus;
import tardy.events.LogFormat;
import tardy.events.Sample;

/**
 * Detection over every real log the project holds: each server's own logs are detected as that
 * server's format (or refused), never as another server's; and no file of the shared access
 * corpus is taken for httpd or HAProxy unless it is one.
 */
class NoFormatTakenForAnotherTest {

  /** The server a format reads: the name of the format without its wrapper, by family. */
  private static String server(LogFormat format) {
    String name = format.name().substring(format.name().indexOf('+') + 1);
    if (name.startsWith("httpd-")) {
      return "httpd";
    }
    if (name.startsWith("haproxy-")) {
      return "haproxy";
    }
    if (name.startsWith("jdk8") || name.startsWith("jvm")) {
      return "jvm";
    }
    return "nginx";
  }

  private static Optional<LogFormat> detect(Path file) throws IOException {
    List<String> lines = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).lines()
        .limit(Sample.MAX_LINES).toList();
    return Formats.detect(Sample.ofText(lines)).best();
  }

  private static List<Path> logs(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".md")).sorted().toList();
    }
  }

  @Test
  void eachServersLogsAreItsOwn() throws IOException {
    Path resources = Path.of("src/test/resources");
    List<String> checked = new ArrayList<>();
    for (String[] dir : new String[][] {{"httpd-logs", "httpd"}, {"haproxy-logs", "haproxy"},
        {"nginx-logs", "nginx"}, {"samples/httpd-combined", "httpd"}, {"samples/httpd-common", "httpd"},
        {"samples/haproxy-http", "haproxy"}, {"samples/combined", "nginx"}, {"samples/nginx-json", "nginx"},
        {"samples/ingress-nginx", "nginx"}, {"samples/combined-upstream", "nginx"}}) {
      for (Path log : logs(resources.resolve(dir[0]))) {
        Optional<LogFormat> found = detect(log);
        found.ifPresent(f -> assertThat(server(f)).as("%s detected as %s", log, f.name()).isIn(dir[1], "jvm"));
        checked.add(log + " " + found.map(LogFormat::name).orElse("(refused)"));
      }
    }
    assertThat(checked).filteredOn(c -> c.contains("httpd-logs") && !c.endsWith("(refused)")).hasSize(3);
    assertThat(checked).filteredOn(c -> c.contains("haproxy-logs/") && c.contains("haproxy-http")).hasSize(2);
  }

  @Test
  void noCorpusFileIsTakenForHttpdOrHaproxyUnlessItIsOne() throws IOException {
    Path access = Corpus.require("access");
    int files = 0;
    for (Path log : logs(access)) {
      if (log.getFileName().toString().equals("INDEX.tsv")) {
        continue;
      }
      files++;
      Optional<LogFormat> found = detect(log);
      if (log.endsWith("icecast2.log")) {
        // Icecast writes httpd's combined + an integer, its session's length in seconds: the
        // bytes of httpd-combined's %D, which no reading of the line can tell apart
        assertThat(found.map(LogFormat::name)).contains("httpd-combined");
        continue;
      }
      String expected = log.toString().contains("haproxy") ? "haproxy" : "nginx";
      found.ifPresent(f -> assertThat(server(f)).as("%s detected as %s", log, f.name()).isIn(expected, "jvm"));
      if (expected.equals("haproxy")) {
        assertThat(found.map(LogFormat::name)).as(log.toString()).contains("haproxy-http");
      }
    }
    assertThat(files).isGreaterThan(30);
  }
}
