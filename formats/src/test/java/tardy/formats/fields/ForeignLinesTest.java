package tardy.formats.fields;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tardy.events.Reasons;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.ParseStats;
import tardy.events.input.LineReader;
import tardy.formats.Formats;

/**
 * What kubectl logs gives of a proxy beside its access lines (its own log, nginx's error log, the
 * controller's klog) is accounted for as another program's lines, not as damaged access lines;
 * no access line of any format is taken for one.
 */
class ForeignLinesTest {

  static final List<String> OTHERS = List.of(
      "2026/11/30 05:30:00 [error] 29#29: *1 upstream timed out (110: Connection timed out) while"
          + " reading response header from upstream, client: 10.0.0.1, server: _",
      "2026/11/30 05:30:01 [warn] 29#29: *7 a client request body is buffered to a temporary file",
      "I1130 05:30:00.123456       7 controller.go:190] \"Configuration changes detected\"",
      "W1130 05:29:59.123456       7 client_config.go:618] Neither --kubeconfig nor --master",
      "[2026-11-30 05:30:00.123][15][warning][config] gRPC config stream closed: 13,",
      "2026-11-30T05:30:00.123456Z\tinfo\txdsproxy\tconnected to upstream XDS server",
      "time=\"2026-11-30T05:30:00Z\" level=info msg=\"Configuration loaded from flags.\"",
      "2026-11-30T05:30:00Z INF Traefik version 3.0.0 built on 2024-04-29T14:25:59Z version=3.0.0",
      "AH00558: httpd: Could not reliably determine the server's fully qualified domain name");

  /** HAProxy 2.6's own lines beside its requests, on stdout and stderr (haproxy -db, Debian 12). */
  static final List<String> HAPROXY = List.of(
      "[WARNING]  (29835) : Server app/app2 is DOWN, reason: Layer4 connection problem, info:"
          + " \"Connection refused\", check duration: 0ms. 1 active and 0 backup servers left.",
      "Server app/app2 is DOWN, reason: Layer4 connection problem, info: \"Connection refused\","
          + " check duration: 0ms. 1 active and 0 backup servers left. 0 sessions active.",
      "Server app/app2 is UP, reason: Layer7 check passed, code: 200, check duration: 5ms.",
      "[NOTICE]   (29835) : haproxy version is 2.6.12-1+deb12u2",
      "Proxy web started.",
      "Stopping frontend web in 0 ms.",
      "Health check for server app/app1 failed, reason: Layer4 connection problem",
      "backend app has no server available!");

  @Test
  void haproxysOwnMessagesBesideItsRequestsAreAnotherPrograms() throws IOException {
    List<String> log = new ArrayList<>(HAPROXY);
    log.add("127.0.0.1:56108 [30/Nov/2026:06:11:39.587] web app/app1 0/0/0/4/4 200 427 - - ----"
        + " 1/1/0/0/0 0/0 \"GET / HTTP/1.1\"");
    log.add("Server app/app2 rocks"); // no state: out of the layout, as before
    ParseStats stats = parse("haproxy-http", log);
    assertThat(stats.parsed()).isEqualTo(1);
    assertThat(stats.count(Reasons.ANOTHER_PROGRAM)).isEqualTo(HAPROXY.size());
    assertThat(stats.malformed()).isEqualTo(1);
  }

  static final String INGRESS = "192.168.64.1 - - [07/Feb/2020:11:48:51 +0000] \"POST /products"
      + " HTTP/1.1\" 200 59 \"-\" \"curl/7.54.0\" 89 0.001 [default-web-8080] [] 172.17.0.5:8080"
      + " 59 0.000 200 529a007902362a5f51385a5fa7049884";

  /** What the controller prints as it starts, before its klog lines. */
  static final List<String> INGRESS_BANNER = List.of(
      "-------------------------------------------------------------------------------",
      "NGINX Ingress controller",
      "  Release:       v1.9.4",
      "  Build:         846d251814a09d8a5d8d28e2e604bfc7749bcb49",
      "  Repository:    https://github.com/kubernetes/ingress-nginx",
      "  nginx version: nginx/1.21.6",
      "-------------------------------------------------------------------------------");

  @Test
  void aControllersLinesBesideItsAccessLinesAreAnotherPrograms() throws IOException {
    List<String> log = new ArrayList<>(INGRESS_BANNER);
    log.addAll(OTHERS);
    log.add(INGRESS);
    log.add("-------------------- not a rule --------------------");
    ParseStats stats = parse("ingress-nginx", log);
    assertThat(stats.parsed()).isEqualTo(1);
    assertThat(stats.count(Reasons.ANOTHER_PROGRAM))
        .isEqualTo(INGRESS_BANNER.size() + OTHERS.size());
    // what no program's shape names stays what it was: a line out of the layout
    assertThat(stats.malformed()).isEqualTo(1);
  }

  @Test
  void aJsonAccessLogTellsThemFromDamagedLines() throws IOException {
    List<String> log = new ArrayList<>(OTHERS);
    log.add("{\"time\":\"2026-11-30T05:30:00+00:00\",\"request\":\"GET /a HTTP/1.1\",\"status\":200,"
        + "\"request_time\":0.012}");
    log.add("not json at all");
    ParseStats stats = parse("nginx-json", log);
    assertThat(stats.parsed()).isEqualTo(1);
    assertThat(stats.count(Reasons.ANOTHER_PROGRAM)).isEqualTo(OTHERS.size());
    assertThat(stats.count(JsonParser.NOT_JSON)).isEqualTo(1);
  }

  /** A real HAProxy's stdout and stderr in one file: every line accounted for as what it is. */
  @Test
  void aRealHaproxysOwnLinesAreAnotherPrograms() throws IOException {
    assertRequestsAndAnotherProgramsLines("haproxy-logs/stdout-with-server-states.log",
        "haproxy-http", "127.0.0.1:", 40);
  }

  /** Apache as its container image runs it: the access log on stdout, the error log on stderr. */
  @Test
  void aRealApachesErrorLogBesideItsAccessLogIsAnotherPrograms() throws IOException {
    assertRequestsAndAnotherProgramsLines("httpd-logs/stdout-stderr.log", "httpd-combined",
        "127.0.0.1 ", 41);
  }

  /**
   * Every line of a real server's run is a request (it starts with {@code requestStart}) or
   * another program's: none is malformed.
   */
  private static void assertRequestsAndAnotherProgramsLines(String resource, String format,
      String requestStart, long requests) throws IOException {
    List<String> lines = Files.readAllLines(Path.of("src/test/resources", resource));
    ParseStats stats = parse(format, lines);
    assertThat(stats.lines()).isEqualTo(lines.size());
    assertThat(stats.parsed()).isEqualTo(requests)
        .isEqualTo(lines.stream().filter(l -> l.startsWith(requestStart)).count());
    assertThat(stats.count(Reasons.ANOTHER_PROGRAM)).isEqualTo(lines.size() - requests);
    assertThat(stats.malformed()).isZero();
  }

  /** No line of the repository's access logs, of any format or wrapper, has such a start. */
  @Test
  void noAccessLineOfTheRepositoryIsTakenForAnotherPrograms() throws IOException {
    List<Path> logs = new ArrayList<>();
    for (String dir : List.of("samples", "nginx-logs", "httpd-logs", "haproxy-logs")) {
      try (Stream<Path> files = Files.walk(Path.of("src/test/resources", dir))) {
        files.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".gz"))
            // the two real runs with a server's own lines beside its requests
            .filter(p -> !p.endsWith("stdout-with-server-states.log"))
            .filter(p -> !p.endsWith("stdout-stderr.log"))
            .forEach(logs::add);
      }
    }
    logs.add(Path.of("..", "samples", "shop-access.log"));
    long lines = 0;
    for (Path log : logs) {
      for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
        byte[] b = line.getBytes(StandardCharsets.ISO_8859_1);
        assertThat(ForeignLines.is(b, 0, b.length)).as(log + ": " + line).isFalse();
        lines++;
      }
    }
    assertThat(lines).isGreaterThan(5_000);
  }

  private static ParseStats parse(String format, List<String> lines) throws IOException {
    ParseStats stats = new ParseStats();
    byte[] bytes = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    new LineReader().read(new java.io.ByteArrayInputStream(bytes),
        Formats.byName(format).orElseThrow().newParser(), new tardy.events.EventSink() {
          @Override
          public void request(RequestEvent e) {}

          @Override
          public void pause(PauseEvent e) {}
        }, stats, LineReader.Rejects.NONE, true);
    return stats;
  }
}
