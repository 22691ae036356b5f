package tardy.record.evidence;


import tardy.analysis.findings.Finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tardy.analysis.Analysis;

/**
 * The GC signatures (kernel time, wall time without CPU, a collector in trouble) on logs that
 * show them and on logs that do not, against the truth found by string search in the
 * unified-logging pause lines and their {@code gc,cpu} lines.
 */
class GcFindingsTest {

  /** A UL GC pause line with the CPU line of the same GC id; CPU is -1 when not logged. */
  record GcPause(long line, String kind, long nanos, long user, long sys, long real) {

    boolean kernel() {
      return real >= 0 && sys > user && sys >= 50_000_000;
    }

    boolean noCpu() {
      return real >= 0 && real >= 1.5 * (user + sys) && real - user - sys >= 50_000_000;
    }
  }

  /** Pause lines ({@code GC(n) Pause … 12.345ms}, stalls apart) and {@code GC(n) User=…}. */
  static List<GcPause> gcPauses(Path file) {
    List<GcPause> out = new ArrayList<>();
    Map<String, Integer> byId = new HashMap<>();
    long n = 0;
    try (BufferedReader r = Logs.reader(file)) {
      for (String line; (line = r.readLine()) != null; ) {
        n++;
        String id = gcId(line);
        if (id == null) {
          continue;
        }
        String rest = line.substring(line.indexOf(id) + id.length() + 1);
        if (rest.startsWith("Pause ") && rest.endsWith("ms") && line.contains("[gc ")
            || rest.startsWith("Pause ") && rest.endsWith("ms") && line.contains("[gc]")) {
          String kind = rest.substring(0, rest.lastIndexOf(' '));
          int transition = kind.indexOf("->");
          if (transition > 0) {
            kind = kind.substring(0, kind.lastIndexOf(' ', transition));
          }
          String ms = rest.substring(rest.lastIndexOf(' ') + 1, rest.length() - 2);
          byId.put(id, out.size());
          out.add(new GcPause(n, kind, new BigDecimal(ms).movePointRight(6).longValueExact(),
              -1, -1, -1));
        } else if (rest.startsWith("User=") && byId.containsKey(id)) {
          int at = byId.remove(id);
          GcPause p = out.get(at);
          out.set(at, new GcPause(p.line, p.kind, p.nanos, cpu(rest, "User="), cpu(rest, "Sys="),
              cpu(rest, "Real=")));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** {@code GC(12)} of a decorated UL line, or null. */
  private static String gcId(String line) {
    int gc = line.indexOf("] GC(");
    return gc < 0 ? null : line.substring(gc + 2, line.indexOf(')', gc) + 1);
  }

  private static long cpu(String text, String name) {
    int at = text.indexOf(name) + name.length();
    return new BigDecimal(text.substring(at, text.indexOf('s', at))).movePointRight(9)
        .longValueExact();
  }

  private static void assertFinding(Path log, Signature signature, Predicate<GcPause> shows) {
    List<GcPause> truth = gcPauses(log).stream().filter(shows)
        .sorted(Comparator.comparingLong(GcPause::nanos).reversed()
            .thenComparingLong(GcPause::line))
        .toList();
    assertFalse(truth.isEmpty(), "the log shows the signature");
    Finding f = Logs.finding(Logs.analyze(log), signature).orElseThrow();
    assertEquals(truth.size(), f.count());
    assertEquals(truth.stream().mapToLong(GcPause::nanos).sum(), f.nanos());
    List<GcPause> worst = truth.subList(0, Math.min(5, truth.size()));
    assertEquals(worst.stream().map(GcPause::line).toList(),
        f.worst().stream().map(Finding.Example::line).toList());
    assertEquals(worst.stream().map(GcPause::kind).toList(),
        f.worst().stream().map(Finding.Example::kind).toList());
  }

  private static void assertNoFinding(Path log, Signature signature, Predicate<GcPause> shows) {
    List<GcPause> all = gcPauses(log);
    assertFalse(all.isEmpty());
    assertTrue(all.stream().noneMatch(shows), "the log is a control");
    Analysis a = Logs.analyze(log);
    assertTrue(Logs.finding(a, signature).isEmpty(), a.findings()::toString);
  }

  /** Parallel GC copying survivors into pages never touched: the kernel zeroes them (JDK 17). */
  @Test
  void kernelTimeOnFirstTouch() {
    assertFinding(Logs.resource("sys-first-touch-17.log"), Signature.KERNEL_TIME,
        GcPause::kernel);
  }

  /** The seed's signature in a real JDK 8 production log: {@code sys=213} in a 9.8 s pause. */
  @Test
  void kernelTimeInAJdk8ProductionLog() {
    Path log = Logs.corpus(
        "microsoft_gctoolkit-testdata/gctoolkit-gclogs-rolling/rolling/jdk8/aaeo.log.37.current");
    Finding f = Logs.finding(Logs.analyze(log), Signature.KERNEL_TIME).orElseThrow();
    Finding.Example worst = f.worst().get(0);
    assertEquals(11247, worst.line());
    assertEquals(212_670_000_000L, worst.sysNanos(), "[Times: user=11.15 sys=212.67, real=9.84 secs]");
    assertEquals(11_150_000_000L, worst.userNanos());
    for (Finding.Example e : f.worst()) {
      assertTrue(e.sysNanos() > e.userNanos() && e.sysNanos() >= 50_000_000, e::toString);
    }
  }

  /** A JVM pinned to a core three busy loops share: the collector's threads wait to run. */
  @Test
  void wallTimeWithoutCpuWhenStarved() {
    assertFinding(Logs.resource("starved-17.log"), Signature.WALL_WITHOUT_CPU, GcPause::noCpu);
  }

  @ParameterizedTest
  @ValueSource(strings = {"g1-healthy-17.log.gz", "g1-healthy-25.log.gz"})
  void noCpuFindingsOnHealthyRuns(String name) {
    assertNoFinding(Logs.resource(name), Signature.KERNEL_TIME, GcPause::kernel);
    assertNoFinding(Logs.resource(name), Signature.WALL_WITHOUT_CPU, GcPause::noCpu);
  }

  /** JDK 8 Parallel with all of its CPU behind every pause and nothing in the kernel. */
  @Test
  void noCpuFindingsOnAJdk8LogWithoutThem() {
    Analysis a = Logs.analyze(Logs.corpus(
        "microsoft_gctoolkit-testdata/gctoolkit-gclogs/preunified/ps/details/memoryleak1.log"));
    assertTrue(Logs.finding(a, Signature.KERNEL_TIME).isEmpty(), a.findings()::toString);
    assertTrue(Logs.finding(a, Signature.WALL_WITHOUT_CPU).isEmpty(), a.findings()::toString);
  }

  /** JDK 25 names the evacuation failure in the pause (G1, 48 MB heap kept full). */
  @Test
  void evacuationFailure() {
    assertFinding(Logs.resource("g1-evacuation-failure-25.log.gz"), Signature.EVACUATION_FAILURE,
        p -> p.kind().contains("Evacuation Failure"));
  }

  @Test
  void humongousAllocations() {
    assertFinding(Logs.resource("g1-humongous-17.log.gz"), Signature.HUMONGOUS_ALLOCATION,
        p -> p.kind().contains("Humongous"));
  }

  /** Full GCs by cause: System.gc() (JDK 17 Parallel, JDK 25 G1), Metadata GC Threshold. */
  @ParameterizedTest
  @ValueSource(strings = {"full-system-gc-17.log.gz|Pause Full (System.gc())",
      "full-system-gc-25.log.gz|Pause Full (System.gc())",
      "metaspace-17.log|Pause Full (Metadata GC Threshold)"})
  void fullCollectionsByCause(String spec) {
    String[] parts = spec.split("\\|");
    Path log = Logs.resource(parts[0]);
    List<GcPause> truth = gcPauses(log).stream().filter(p -> p.kind().equals(parts[1])).toList();
    assertFalse(truth.isEmpty());
    Finding f = Logs.analyze(log).findings().stream()
        .filter(x -> x.signature() == Signature.FULL_GC && x.subject().equals(parts[1]))
        .findFirst().orElseThrow();
    assertEquals(truth.size(), f.count());
    assertEquals(truth.stream().mapToLong(GcPause::nanos).sum(), f.nanos());
  }

  /** ZGC allocation and relocation stalls (JDK 17; JDK 25 generational): each stops one thread. */
  @ParameterizedTest
  @ValueSource(strings = {"zgc-stall-17.log.gz", "zgc-stall-25.log.gz"})
  void allocationStalls(String name) throws IOException {
    Path log = Logs.resource(name);
    long stalls = 0;
    long nanos = 0;
    try (BufferedReader r = Logs.reader(log)) {
      for (String line; (line = r.readLine()) != null; ) {
        if (line.contains("Allocation Stall (") || line.contains("Relocation Stall (")) {
          stalls++;
          String ms = line.substring(line.lastIndexOf(' ') + 1, line.length() - 2);
          nanos += new BigDecimal(ms).movePointRight(6).longValueExact();
        }
      }
    }
    Finding f = Logs.finding(Logs.analyze(log), Signature.ALLOCATION_STALL).orElseThrow();
    assertEquals(stalls, f.count());
    assertEquals(nanos, f.nanos());
    assertEquals(0, f.share(), "a stall is not stopped time");
  }

  /** Shenandoah's degenerated GC in a real JDK 11 log. */
  @Test
  void degeneratedGc() {
    Analysis a = Logs.analyze(Logs.corpus("chewiebug_GCViewer/src/test/resources/openjdk/"
        + "unified-jvm-logging/Sample-ujl-shenandoah-jdk11-PauseDegeneratedGc.txt"));
    Finding f = Logs.finding(a, Signature.CONCURRENT_FAILURE).orElseThrow();
    assertTrue(f.worst().stream().allMatch(e -> e.kind().contains("Degenerated")), f::toString);
  }

  /** Healthy G1 runs: no collector trouble of any kind. */
  @ParameterizedTest
  @ValueSource(strings = {"g1-healthy-17.log.gz", "g1-healthy-25.log.gz"})
  void noCollectorTroubleOnHealthyRuns(String name) {
    Path log = Logs.resource(name);
    assertTrue(gcPauses(log).stream().noneMatch(p -> p.kind().contains("Full")
        || p.kind().contains("Humongous") || p.kind().contains("Evacuation Failure")));
    Analysis a = Logs.analyze(log);
    for (Signature s : List.of(Signature.EVACUATION_FAILURE, Signature.HUMONGOUS_ALLOCATION,
        Signature.CONCURRENT_FAILURE, Signature.FULL_GC, Signature.ALLOCATION_STALL)) {
      assertTrue(Logs.finding(a, s).isEmpty(), a.findings()::toString);
    }
  }

  /**
   * JDK 9-24 G1 prints {@code GC(n) To-space exhausted} on a line of its own before the pause
   * (JDK 17, 48 MB heap kept full): the pause of that GC id is an evacuation failure.
   */
  @Test
  void toSpaceExhaustedOnItsOwnLine() throws IOException {
    Path log = Logs.resource("g1-evacuation-failure-17.log.gz");
    java.util.Set<String> exhausted = new java.util.HashSet<>();
    Map<String, Long> pauseLineOfId = new HashMap<>();
    try (BufferedReader r = Logs.reader(log)) {
      long n = 0;
      for (String line; (line = r.readLine()) != null; ) {
        n++;
        String id = gcId(line);
        if (id == null) {
          continue;
        }
        if (line.endsWith(") To-space exhausted")) {
          exhausted.add(id);
        } else if (line.contains(") Pause ") && line.endsWith("ms")) {
          pauseLineOfId.put(id, n);
        }
      }
    }
    java.util.Set<Long> lines = new java.util.HashSet<>();
    exhausted.forEach(id -> lines.add(pauseLineOfId.get(id)));
    assertFalse(lines.contains(null), "every exhausted GC has its pause line");
    assertFinding(log, Signature.EVACUATION_FAILURE, p -> lines.contains(p.line()));
  }

  /**
   * JDK 8 CMS prints {@code (concurrent mode failure)} inside the event, on its last line, after a
   * concurrent phase printed inside it: two such events in a real log, hand-checked (the event
   * opens on lines 150 and 189 and closes with 1.0489746 and 2.9732381 secs).
   */
  @Test
  void cmsConcurrentModeFailureInsideTheEvent() {
    Analysis a = Logs.analyze(Logs.corpus(
        "yshahun_gc-log-parser/src/test/resources/gc-8-cms-03-details.log"));
    Finding f = Logs.finding(a, Signature.CONCURRENT_FAILURE).orElseThrow();
    assertEquals(2, f.count());
    assertEquals(1_048_974_600L + 2_973_238_100L, f.nanos());
    assertEquals(List.of(189L, 150L), f.worst().stream().map(Finding.Example::line).toList());
    assertEquals(List.of("GC (Allocation Failure)", "GC (Allocation Failure)"),
        f.worst().stream().map(Finding.Example::kind).toList());
  }

  /** A JDK 8 CMS log whose events never fail: no concurrent-failure finding. */
  @Test
  void noConcurrentFailureOnACmsLogWithoutOne() {
    Analysis a = Logs.analyze(Logs.corpus("nekop_gclogs/java8/cms-gc.log"));
    assertTrue(Logs.finding(a, Signature.CONCURRENT_FAILURE).isEmpty(), a.findings()::toString);
    assertTrue(Logs.finding(a, Signature.EVACUATION_FAILURE).isEmpty(), a.findings()::toString);
  }
}
