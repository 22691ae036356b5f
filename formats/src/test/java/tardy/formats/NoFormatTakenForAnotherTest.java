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
 * corpus is taken for another server's format than its own: the HAProxy, Traefik, ALB and ELB
 * files are found as theirs, every other as nginx's or refused.
 */
class NoFormatTakenForAnotherTest {

  /** The server a format reads: the name of the format without its wrapper, by family. */
  private static String server(LogFormat format) {
    return server(format.name());
  }

  private static String server(String formatName) {
    String name = formatName.substring(formatName.indexOf('+') + 1);
    if (name.startsWith("httpd-")) {
      return "httpd";
    }
    if (name.startsWith("haproxy-")) {
      return "haproxy";
    }
    if (name.startsWith("jdk8") || name.startsWith("jvm")) {
      return "jvm";
    }
    if (name.startsWith("envoy") || name.equals("istio")) {
      return "envoy";
    }
    if (name.startsWith("traefik")) {
      return "traefik";
    }
    if (name.startsWith("caddy")) {
      return "caddy";
    }
    if (name.startsWith("gcp")) {
      return "gcp";
    }
    if (name.startsWith("iis")) {
      return "iis";
    }
    if (name.startsWith("aws-")) {
      return name; // ALB, Classic ELB and CloudFront write three different logs
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
    for (String[] dir : new String[][] {{"httpd-logs", "httpd"}, {"tomcat-logs", "httpd"},
        {"haproxy-logs", "haproxy"},
        {"nginx-logs", "nginx"}, {"samples/httpd-combined", "httpd"}, {"samples/httpd-common", "httpd"},
        {"samples/haproxy-http", "haproxy"}, {"samples/combined", "nginx"}, {"samples/nginx-json", "nginx"},
        {"samples/ingress-nginx", "nginx"}, {"samples/combined-upstream", "nginx"},
        {"samples/envoy", "envoy"}, {"samples/istio", "envoy"}, {"samples/envoy-json", "envoy"},
        {"samples/traefik", "traefik"}, {"samples/traefik-json", "traefik"},
        {"samples/caddy-json", "caddy"},
        {"samples/aws-alb", "aws-alb"}, {"samples/aws-elb", "aws-elb"},
        {"samples/aws-cloudfront", "aws-cloudfront"}, {"samples/iis-w3c", "iis"},
        {"samples/gcp-http", "gcp"}}) {
      for (Path log : logs(resources.resolve(dir[0]))) {
        Optional<LogFormat> found = detect(log);
        found.ifPresent(f -> assertThat(server(f)).as("%s detected as %s", log, f.name()).isIn(dir[1], "jvm"));
        checked.add(log + " " + found.map(LogFormat::name).orElse("(refused)"));
      }
    }
    // combined, common and syslog with %D, and a run whose error log is in the same file
    assertThat(checked).filteredOn(c -> c.contains("httpd-logs") && !c.endsWith("(refused)")).hasSize(4);
    // httplog, backends (two backends), the syslog copy of httplog, and a run whose stdout holds
    // HAProxy's messages on its servers beside the requests
    assertThat(checked).filteredOn(c -> c.contains("haproxy-logs/") && c.contains("haproxy-http")).hasSize(4);
  }

  /** The corpus files of a server tardy reads, by file name, and the format each must be found as. */
  private static final java.util.Map<String, String> OWN_FORMAT = java.util.Map.of(
      "haproxy-logs.log", "haproxy-http", "traefik_clf.log", "traefik", "traefik_json.log", "traefik-json",
      "aws-alb-logs.log", "aws-alb", "elb.log", "aws-elb", "caddy-logs.log", "caddy-json",
      "u_ex221107.log", "iis-w3c", "logfile_w3c_big.0", "iis-w3c", "logfile_w3c.3", "iis-w3c");

  private static String expected(Path log) {
    String own = OWN_FORMAT.get(log.getFileName().toString());
    return own == null ? "nginx" : server(own);
  }

  @Test
  void noCorpusFileIsTakenForAnotherServersFormat() throws IOException {
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
      String expected = expected(log);
      found.ifPresent(f -> assertThat(server(f)).as("%s detected as %s", log, f.name()).isIn(expected, "jvm"));
      String own = OWN_FORMAT.get(log.getFileName().toString());
      if (own != null) {
        assertThat(found.map(LogFormat::name)).as(log.toString()).contains(own);
      }
    }
    assertThat(files).isGreaterThan(30);
  }
}
