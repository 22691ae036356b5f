package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Envoy, Istio, Traefik, Caddy, AWS ALB, Classic ELB, CloudFront, IIS and Google Cloud logs (the format samples: real lines
 * from the shared corpus, and lines written after each server's documented format, see
 * samples/PROVENANCE.md) read end to end by {@code tardy report --format json}, detected without
 * options: every line accounted for, and the count, min, max and every percentile of the total
 * within HdrHistogram's precision of the nearest rank of a plain sort of the durations read here
 * with a split or a pattern, without tardy; the clients that went away counted, whatever their
 * status.
 */
class MeshAndCloudLogsCliTest {

  private static final Path SAMPLES = Path.of("..", "formats", "src", "test", "resources", "samples");

  /**
   * A sample, the format tardy must name, each line's duration in ns (null: the line carries none),
   * and how many of its requests' clients went away.
   */
  record Log(String file, String format, Function<String, Long> nanos, long clientClosed) {
    @Override
    public String toString() {
      return file;
    }
  }

  static Stream<Arguments> logs() {
    return Stream.of(
        new Log("envoy/envoy-default-format.log", "envoy", MeshAndCloudLogsCliTest::envoyDuration, 2),
        new Log("istio/istio-text-format.log", "istio", MeshAndCloudLogsCliTest::istioDuration, 1),
        new Log("envoy-json/istio-json-encoding.log", "envoy-json",
            line -> number(line, "\"duration\":(\\d+)", 1_000_000), 1),
        new Log("traefik/crowdsec-traefik-clf.log", "traefik", line -> number(line, " (\\d+)ms$", 1_000_000), 0),
        new Log("traefik-json/crowdsec-traefik-json.log", "traefik-json",
            line -> number(line, "\"Duration\":(\\d+)", 1), 0),
        new Log("caddy-json/caddy-2.6.2-file-server.log", "caddy-json",
            MeshAndCloudLogsCliTest::caddyDuration, 0),
        new Log("caddy-json/caddy-2.6.2-reverse-proxy.log", "caddy-json",
            MeshAndCloudLogsCliTest::caddyDuration, 0),
        new Log("caddy-json/crowdsec-caddy.log", "caddy-json",
            MeshAndCloudLogsCliTest::caddyDuration, 0),
        new Log("aws-alb/crowdsec-aws-alb.log", "aws-alb", MeshAndCloudLogsCliTest::albDuration, 0),
        new Log("aws-elb/matomo-elb.log", "aws-elb", MeshAndCloudLogsCliTest::elbDuration, 0),
        new Log("aws-cloudfront/cloudfront-standard.log", "aws-cloudfront",
            MeshAndCloudLogsCliTest::cloudFrontDuration, 1),
        new Log("iis-w3c/netdata-iis-10.log", "iis-w3c", MeshAndCloudLogsCliTest::iisDuration, 0),
        new Log("iis-w3c/lnav-iis-8.5.log", "iis-w3c", MeshAndCloudLogsCliTest::iisDuration, 0),
        new Log("iis-w3c/lnav-advanced-logging.log", "iis-w3c", MeshAndCloudLogsCliTest::iisDuration, 0),
        new Log("gcp-http/shop-load-balancer-and-cloud-run.log", "gcp-http",
            MeshAndCloudLogsCliTest::gcpDuration, 1))
        .map(Arguments::of);
  }

  /** The value of the pattern's group, times a unit; null when the line has none. */
  private static Long number(String line, String pattern, long unit) {
    Matcher m = Pattern.compile(pattern).matcher(line);
    return m.find() ? Long.parseLong(m.group(1)) * unit : null;
  }

  /** Envoy's default: the fifth word after the quoted request is %DURATION%, ms. */
  private static Long envoyDuration(String line) {
    int request = line.indexOf("] \"");
    if (request < 0) {
      return null;
    }
    String[] words = line.substring(line.indexOf("\" ", request + 3) + 2).split(" ");
    return Long.parseLong(words[4]) * 1_000_000;
  }

  /** Istio's: the third number after the quoted upstream failure reason is %DURATION%, ms. */
  private static Long istioDuration(String line) {
    return number(line, "^\\[\\S+\\] \"[^\"]*\" \\d+ \\S+ \\S+ \\S+ \"[^\"]*\" \\d+ \\d+ (\\d+) ", 1_000_000);
  }

  /** Space-separated fields, a quoted one whole. */
  private static List<String> fields(String line) {
    List<String> fields = new ArrayList<>();
    int i = 0;
    while (i < line.length()) {
      if (line.charAt(i) == '"') {
        int close = line.indexOf('"', i + 1);
        fields.add(line.substring(i + 1, close));
        i = close + 2;
      } else {
        int space = line.indexOf(' ', i);
        int end = space < 0 ? line.length() : space;
        fields.add(line.substring(i, end));
        i = end + 1;
      }
    }
    return fields;
  }

  private static long seconds(String s) {
    return new java.math.BigDecimal(s).movePointRight(9).longValueExact();
  }

  /**
   * ALB: the three processing times summed; when one is -1, the answer's time minus the request's
   * creation time.
   */
  private static Long albDuration(String line) {
    List<String> f = fields(line);
    if (f.get(5).equals("-1") || f.get(6).equals("-1") || f.get(7).equals("-1")) {
      long end = Instant.parse(f.get(1)).toEpochMilli();
      long start = Instant.parse(f.get(21)).toEpochMilli();
      return (end - start) * 1_000_000;
    }
    return seconds(f.get(5)) + seconds(f.get(6)) + seconds(f.get(7));
  }

  /** Caddy: the top-level "duration", seconds with up to nine decimals. */
  private static Long caddyDuration(String line) {
    Matcher m = Pattern.compile("\"duration\":([0-9.]+)").matcher(line);
    return m.find() ? seconds(m.group(1)) : null;
  }

  private static Long elbDuration(String line) {
    if (line.startsWith("#")) {
      return null;
    }
    List<String> f = fields(line);
    return seconds(f.get(4)) + seconds(f.get(5)) + seconds(f.get(6));
  }

  /** Google Cloud: httpRequest's "latency", seconds followed by s; none for a cache hit. */
  private static Long gcpDuration(String line) {
    Matcher m = Pattern.compile("\"latency\":\"([0-9.]+)s\"").matcher(line);
    return m.find() ? seconds(m.group(1)) : null;
  }

  /** IIS: every sample's header names time-taken (or TimeTakenMS) last, milliseconds. */
  private static Long iisDuration(String line) {
    if (line.startsWith("#")) {
      return null;
    }
    String[] words = line.split(" ");
    return Long.parseLong(words[words.length - 1]) * 1_000_000;
  }

  private static Long cloudFrontDuration(String line) {
    return line.startsWith("#") ? null : seconds(line.split("\t")[18]);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("logs")
  void detectedEveryLineAccountedAndTheNumbersExact(Log log) throws IOException {
    Path file = SAMPLES.resolve(log.file);
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    Cli.Result r = Cli.run("report", "--format", "json", "--threads", "2", file.toString());
    assertThat(r.code()).as(r.err()).isZero();
    Object doc = JsonLines.document(r.out());
    assertThat(JsonLines.at(doc, "inputs", 0, "format")).isEqualTo(log.format);

    List<Long> durations = new ArrayList<>();
    for (String line : lines) {
      Long nanos = line.isBlank() ? null : log.nanos.apply(line);
      if (nanos != null) {
        durations.add(nanos);
      }
    }
    assertThat(JsonLines.at(doc, "inputs", 0, "lines")).isEqualTo((long) lines.size());
    assertThat(JsonLines.at(doc, "inputs", 0, "parsed")).isEqualTo((long) durations.size());
    long ignored = (Long) JsonLines.at(doc, "inputs", 0, "ignored");
    long malformed = (Long) JsonLines.at(doc, "inputs", 0, "malformed");
    assertThat(ignored + malformed).isEqualTo(lines.size() - durations.size());

    Map<String, Object> total = castMap(JsonLines.at(doc, "totals", 0));
    RealProxyLogsCliTest.assertNumbers(total, durations, log.file);
    long closed = 0;
    for (Object g : (List<?>) JsonLines.at(doc, "groups")) {
      Object c = castMap(g).get("client_closed");
      closed += c == null ? 0 : (Long) c;
    }
    assertThat(closed).as("clients that went away").isEqualTo(log.clientClosed);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> castMap(Object o) {
    return (Map<String, Object>) o;
  }

  /** ALB's logs as S3 holds them, gzip files: read as the plain file is, to the same numbers. */
  @org.junit.jupiter.api.Test
  void albLogsGzippedAsS3DeliversThemReadAlike(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
    Path plain = SAMPLES.resolve("aws-alb/crowdsec-aws-alb.log");
    Path gz = dir.resolve("123456789012_elasticloadbalancing_us-east-2_app.my-lb.50dc6c495c0c9188_20230426T1225Z_10.0.0.1_x.log.gz");
    try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
      out.write(Files.readAllBytes(plain));
    }
    Cli.Result a = Cli.run("report", "--format", "json", plain.toString());
    Cli.Result b = Cli.run("report", "--format", "json", gz.toString());
    assertThat(b.code()).as(b.err()).isZero();
    Object docA = JsonLines.document(a.out());
    Object docB = JsonLines.document(b.out());
    assertThat(JsonLines.at(docB, "inputs", 0, "format")).isEqualTo("aws-alb");
    // the slowest requests name the file each run read; all else about them agrees
    assertThat(JsonLines.at(docA, "totals", 0, "slowest", 0, "source")).isEqualTo(plain.toString());
    assertThat(JsonLines.at(docB, "totals", 0, "slowest", 0, "source")).isEqualTo(gz.toString());
    assertThat(JsonLines.withoutSlowest(JsonLines.at(docB, "totals"), "source"))
        .isEqualTo(JsonLines.withoutSlowest(JsonLines.at(docA, "totals"), "source"));
    assertThat(JsonLines.withoutSlowest(JsonLines.at(docB, "groups"), "source"))
        .isEqualTo(JsonLines.withoutSlowest(JsonLines.at(docA, "groups"), "source"));
  }
}
