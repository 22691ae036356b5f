package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * A client that went away is said the same way whatever the log: nginx's 499, HAProxy's {@code
 * C}/{@code c} termination states, Envoy's {@code DC} flag all count in {@code client_closed}
 * (counted here from each line by a split), and only a log that wrote 499 is said to have: the
 * status codes hold no 499 it did not write, and the clients-giving-up finding of a real HAProxy
 * log drops its "(499)".
 */
class ClientAbortWordingTest {

  private static final Path HAPROXY = TardyCliTest.resource("/haproxy-logs/httplog.log");
  private static final Path ENVOY = TardyCliTest.resource("/samples/envoy/envoy-default-format.log");
  private static final Path ISTIO = TardyCliTest.resource("/samples/istio/istio-text-format.log");
  private static final Path NGINX_CLOSED =
      Path.of("..", "run", "src", "test", "resources", "findings", "access", "client-closed.log");

  private static Object report(Path log) {
    Cli.Result r = Cli.run("report", "--format", "json", log.toString());
    assertThat(r.code()).as(r.err()).isZero();
    return JsonLines.document(r.out());
  }

  private static long lines(Path log, Predicate<String> gaveUp) throws IOException {
    return Files.readAllLines(log, StandardCharsets.ISO_8859_1).stream().filter(gaveUp).count();
  }

  /** HAProxy's termination state: the field after the two cookie fields, first letter C or c. */
  private static boolean haproxyClientGone(String line) {
    String state = line.split(" ")[9];
    return state.charAt(0) == 'C' || state.charAt(0) == 'c';
  }

  /** Envoy's response flags: the field after the status in its default format. */
  private static boolean envoyDownstreamClosed(String line) {
    String afterRequest = line.substring(line.indexOf("\" ", line.indexOf("] \"")) + 2);
    return List.of(afterRequest.split(" ")[1].split(",")).contains("DC");
  }

  @Test
  void proxiesAbortsAreCountedAsClientsGoneWithoutA499() throws IOException {
    for (Object[] c : new Object[][] {{HAPROXY, (Predicate<String>) ClientAbortWordingTest::haproxyClientGone},
        {ENVOY, (Predicate<String>) ClientAbortWordingTest::envoyDownstreamClosed},
        {ISTIO, (Predicate<String>) ClientAbortWordingTest::envoyDownstreamClosed}}) {
      Path log = (Path) c[0];
      @SuppressWarnings("unchecked")
      long gone = lines(log, (Predicate<String>) c[1]);
      assertThat(gone).as("%s has aborts to count", log).isPositive();
      Object doc = report(log);
      assertThat(JsonLines.at(doc, "totals", 0, "client_closed")).as(log.toString()).isEqualTo(gone);
      assertThat(((Map<?, ?>) JsonLines.at(doc, "totals", 0, "status_codes")).containsKey("499"))
          .as(log.toString()).isFalse();
    }
  }

  @Test
  void haproxysClientsGivingUpFindingClaimsNo499() {
    Object doc = report(HAPROXY);
    Object finding = ((List<?>) JsonLines.at(doc, "findings")).stream()
        .filter(f -> "client-closed".equals(JsonLines.at(f, "signature"))).findFirst().orElseThrow();
    assertThat(JsonLines.at(finding, "title")).isEqualTo("Clients giving up");
    assertThat(JsonLines.at(finding, "logged_499")).isEqualTo(0L);
    Cli.Result table = Cli.run("report", HAPROXY.toString());
    String line = table.out().lines().filter(l -> l.contains("Clients giving up")).findFirst()
        .orElseThrow();
    assertThat(line).doesNotContain("499").contains("were closed by their client first");
  }

  @Test
  void nginxs499sAreStillSaidSo() {
    Object doc = report(NGINX_CLOSED);
    Object finding = ((List<?>) JsonLines.at(doc, "findings")).stream()
        .filter(f -> "client-closed".equals(JsonLines.at(f, "signature"))).findFirst().orElseThrow();
    assertThat(JsonLines.at(finding, "title")).isEqualTo("Clients giving up (499)");
    assertThat(((Map<?, ?>) finding).containsKey("logged_499")).isFalse();
    assertThat(Cli.run("report", NGINX_CLOSED.toString()).out()).contains(") ended 499 after");
  }
}
