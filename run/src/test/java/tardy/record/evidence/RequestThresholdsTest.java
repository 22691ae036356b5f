package tardy.record.evidence;


import tardy.analysis.findings.Finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The request findings' thresholds at their edges, on lines in the format of the nginx logs made
 * here ($request_time $upstream_response_time last): one request short of a threshold gives no
 * finding, the request that reaches it gives one.
 */
class RequestThresholdsTest {

  @TempDir
  Path dir;

  private final StringBuilder lines = new StringBuilder();

  /** {@code n} requests of {@code path}, each {@code request} s with {@code upstream} ("-": none). */
  private RequestThresholdsTest add(int n, String path, int status, double request,
      String upstream) {
    for (int i = 0; i < n; i++) {
      lines.append(String.format(Locale.ROOT, "127.0.0.1 - - [24/Nov/2026:01:53:11 +0000] \"GET"
          + " %s HTTP/1.1\" %d 3 \"-\" \"curl/7.88.1\" %.3f %s%n", path, status, request,
          upstream));
    }
    return this;
  }

  private Optional<Finding> finding(Signature signature) throws IOException {
    Path log = dir.resolve("access-" + lines.length() + ".log");
    Files.writeString(log, lines, StandardCharsets.UTF_8);
    return Logs.finding(Logs.analyze(log), signature);
  }

  @Test
  void tenClientsGivingUpAreAFindingNineAreNot() throws IOException {
    add(90, "/a", 200, 0.010, "0.010").add(9, "/a", 499, 2.0, "2.000");
    assertTrue(finding(Signature.CLIENTS_GAVE_UP).isEmpty());
    add(1, "/a", 499, 2.0, "2.000");
    Finding f = finding(Signature.CLIENTS_GAVE_UP).orElseThrow();
    assertEquals(10, f.count());
    assertEquals(0.1, f.share(), 1e-12);
  }

  @Test
  void under1PercentOfTheRequestsIsNoFinding() throws IOException {
    add(991, "/a", 200, 0.010, "0.010").add(10, "/a", 499, 2.0, "2.000");
    assertTrue(finding(Signature.CLIENTS_GAVE_UP).isEmpty(), "10 of 1001");
  }

  @Test
  void spreadWaitsAreNoCluster() throws IOException {
    for (int i = 1; i <= 10; i++) {
      add(1, "/a", 499, 0.3 * i, "-");
    }
    Finding.Requests r = finding(Signature.CLIENTS_GAVE_UP).orElseThrow().requests().get();
    assertEquals(0, r.clusterCount(), r::toString);
  }

  @Test
  void quickClicksAwayAreNoTimeout() throws IOException {
    add(20, "/a", 499, 0.050, "0.050");
    Finding.Requests r = finding(Signature.CLIENTS_GAVE_UP).orElseThrow().requests().get();
    assertEquals(0, r.clusterCount(), "a cluster under 100 ms: " + r);
  }

  @Test
  void timeOutsideTheBackendNeedsAHundredRequests() throws IOException {
    add(98, "/a", 200, 0.010, "0.010").add(1, "/a", 200, 1.0, "0.050");
    assertTrue(finding(Signature.TIME_OUTSIDE_BACKEND).isEmpty(), "99 requests");
    add(1, "/a", 200, 1.0, "0.050");
    Finding.Requests r = finding(Signature.TIME_OUTSIDE_BACKEND).orElseThrow().requests().get();
    assertEquals(100, r.withUpstream());
  }

  /** Requests without an upstream time (cached, static, refused) would make two populations. */
  @Test
  void upstreamTimesOnTooFewRequestsAreNoFinding() throws IOException {
    add(98, "/a", 200, 0.010, "0.010").add(2, "/a", 200, 1.0, "0.050").add(12, "/a", 200,
        0.001, "-");
    assertTrue(finding(Signature.TIME_OUTSIDE_BACKEND).isEmpty(), "100 of 112 with upstream");
  }

  /** A slow backend, however slow, is what the percentiles show: the inverse is no finding. */
  @Test
  void aSlowBackendIsNoFinding() throws IOException {
    add(100, "/a", 200, 0.950, "0.500").add(100, "/b", 200, 3.0, "3.000");
    assertTrue(finding(Signature.TIME_OUTSIDE_BACKEND).isEmpty(), "p99 0.95 s vs 0.5 s: < 2 x");
    assertEquals(List.of(), Logs.analyze(dir.resolve("access-" + lines.length() + ".log"))
        .findings());
  }
}
