package tardy.analysis.findings;


import tardy.record.evidence.Logs;
import tardy.record.evidence.Signature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tardy.analysis.Analysis;
import tardy.record.histogram.NanosHistogram;
import tardy.events.Corpus;
import tardy.events.input.InputException;

/**
 * The access logs' findings on nginx logs made here (findings/access/recipe/make-logs.sh): each
 * signature where nginx shows it, none where it does not. The truth is read from the lines with
 * plain string splits (the last two fields are $request_time $upstream_response_time).
 */
class RequestFindingsTest {

  /** One request as the log prints it. */
  private record Line(String path, int status, long requestNanos, long upstreamNanos) {}

  private static List<Line> lines(Path log) throws IOException {
    List<Line> out = new ArrayList<>();
    for (String l : Files.readAllLines(log, StandardCharsets.UTF_8)) {
      String[] f = l.split(" ");
      out.add(new Line(f[6], Integer.parseInt(f[8]), seconds(f[f.length - 2]),
          seconds(f[f.length - 1])));
    }
    return out;
  }

  private static long seconds(String s) {
    return new java.math.BigDecimal(s).movePointRight(9).longValueExact();
  }

  /** Nearest rank, as the JSON schema defines a percentile. */
  private static long percentile(List<Long> values, double p) {
    List<Long> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    return sorted.get((int) Math.ceil(p / 100 * sorted.size()) - 1);
  }

  /** The most values within a factor {@code width} of one another, by a plain sort. */
  private static long mostWithin(List<Long> values, double width) {
    List<Long> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    long most = 0;
    for (int i = 0; i < sorted.size(); i++) {
      int j = i;
      while (j < sorted.size() && sorted.get(j) <= width * sorted.get(i)) {
        j++;
      }
      most = Math.max(most, j - i);
    }
    return most;
  }

  /** Within HdrHistogram's precision: the value's bucket holds the truth. */
  private static void assertNear(long truth, long actual, String what) {
    assertTrue(actual >= truth && actual <= NanosHistogram.highestEquivalentValue(truth),
        what + ": " + actual + " for " + truth);
  }

  private static List<Finding> requestFindings(Analysis a) {
    return a.findings().stream().filter(f -> f.signature().aboutRequests()).toList();
  }

  /** The log's one request finding, of this signature and operation (none for the others). */
  private static Finding theOnlyFinding(Path log, Signature signature, String operation) {
    List<Finding> found = requestFindings(Logs.analyze(log));
    assertEquals(1, found.size(), found::toString);
    Finding f = found.get(0);
    assertEquals(signature, f.signature());
    assertEquals(operation, f.subject());
    return f;
  }

  @Test
  void slowClientsOfLargeAnswersShowAsTimeOutsideTheBackend() throws IOException {
    Path log = Logs.resource("access/outside-backend.log");
    Finding f = theOnlyFinding(log, Signature.TIME_OUTSIDE_BACKEND, "GET /big/{id}");
    List<Line> big = lines(log).stream().filter(l -> l.path().startsWith("/big/")).toList();
    Finding.Requests r = f.requests().orElseThrow();
    assertEquals(big.size(), r.requests());
    assertEquals(big.size(), r.withUpstream());
    assertEquals(big.size(), f.count());
    assertNear(percentile(big.stream().map(Line::requestNanos).toList(), 99), r.requestP99Nanos(),
        "p99 request");
    assertNear(percentile(big.stream().map(Line::upstreamNanos).toList(), 99),
        r.upstreamP99Nanos(), "p99 upstream");
    long request = big.stream().mapToLong(Line::requestNanos).sum();
    long upstream = big.stream().mapToLong(Line::upstreamNanos).sum();
    assertEquals(request - upstream, f.nanos(), "request time outside the backend");
    assertEquals((double) (request - upstream) / request, f.share(), 1e-12);
  }

  @Test
  void clientsThatTimeOutShowAsA499Cluster() throws IOException {
    Path log = Logs.resource("access/client-closed.log");
    Finding f = theOnlyFinding(log, Signature.CLIENTS_GAVE_UP, "GET /slow/{id}");
    List<Line> slow = lines(log).stream().filter(l -> l.path().startsWith("/slow/")).toList();
    List<Long> waits = slow.stream().filter(l -> l.status() == 499).map(Line::requestNanos)
        .toList();
    assertEquals(20, waits.size(), "the recipe's clients with a 1 s timeout");
    Finding.Requests r = f.requests().orElseThrow();
    assertEquals(slow.size(), r.requests());
    assertEquals(waits.size(), r.clientClosed());
    assertEquals(waits.stream().mapToLong(Long::longValue).sum(), f.nanos());
    assertNear(percentile(waits, 50), r.waitedP50Nanos(), "median wait");
    assertNear(Collections.max(waits), r.waitedMaxNanos(), "longest wait");
    // the clients gave up after their 1 s timeout (from their start, nginx's clock starts a
    // little later): most waits within 10% of one another, up to 1 s; bucket edges aside, as
    // many as a sort finds within 9% to 11%
    assertTrue(r.clusterCount() >= mostWithin(waits, 1.09)
        && r.clusterCount() <= mostWithin(waits, 1.11), r + " " + waits);
    assertTrue(r.clusterCount() * 2 >= waits.size(), r::toString);
    assertNear(Collections.max(waits), r.clusterToNanos(), "cluster end");
  }

  /** Large answers to fast clients, a slow backend, slow requests that end: nothing to find. */
  @Test
  void aHealthyLogAndASlowBackendHaveNoFinding() throws IOException {
    Path log = Logs.resource("access/healthy.log");
    Analysis a = Logs.analyze(log);
    assertTrue(requestFindings(a).isEmpty(), a.findings()::toString);
    assertTrue(lines(log).stream().anyMatch(l -> l.path().startsWith("/busy/")
        && l.upstreamNanos() >= 200_000_000), "the recipe's slow backend is in the log");
  }

  @Test
  void theFindingsDoNotDependOnThreadsOrParts() {
    for (String name : List.of("outside-backend.log", "client-closed.log", "healthy.log")) {
      Path log = Logs.resource("access/" + name);
      List<Finding> one = Logs.analyze(1, log).findings();
      assertEquals(one, Logs.analyze(3, log).findings(), name);
      assertEquals(one, Logs.analyze(4, log).findings(), name);
    }
  }

  /** The corpus' real access logs: none shows the evidence, so no finding is invented. */
  @Test
  void noFindingOnTheCorpusAccessLogs() throws IOException {
    Path root = Corpus.require("access");
    List<Path> logs;
    try (Stream<String> rows = Files.lines(root.resolve("INDEX.tsv"))) {
      logs = rows.skip(1).map(r -> r.split("\t")).filter(r -> r[5].equals("yes"))
          .map(r -> root.resolve(r[0])).filter(Files::exists).toList();
    }
    int read = 0;
    for (Path log : logs) {
      Analysis a;
      try {
        a = Logs.analyze(log);
      } catch (InputException e) {
        continue; // a format that needs --log-format (or none tardy reads): refused with its reason
      }
      read++;
      assertTrue(requestFindings(a).isEmpty(), log + ": " + a.findings());
    }
    assertTrue(read >= 5, read + " of " + logs); // ingress-nginx, Docker, CRI, combined, JSON
  }

  /** Waits spread below a second and a tight group at 10 s: the group is the cluster. */
  @Test
  void theClusterIsTheDensestGroupOfWaits() {
    NanosHistogram h = new NanosHistogram();
    for (int i = 1; i <= 30; i++) {
      h.record(i * 30_000_000L); // 30 ms … 900 ms, one each
    }
    for (int i = 0; i < 40; i++) {
      h.record(10_000_000_000L + i * 2_000_000L); // 10.000 s … 10.078 s
    }
    RequestFindings.Cluster c = RequestFindings.Cluster.densest(h);
    assertEquals(40, c.count());
    assertTrue(c.fromNanos() <= 10_000_000_000L
        && NanosHistogram.highestEquivalentValue(c.fromNanos()) >= 10_000_000_000L, c::toString);
    assertTrue(c.toNanos() >= 10_078_000_000L && c.toNanos() < 10_100_000_000L, c::toString);
  }
}
