package tardy.record.evidence;


import tardy.analysis.findings.Finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tardy.analysis.Analysis;

/**
 * The safepoint signatures (time to safepoint, non-GC safepoints, stopped share per minute) on
 * logs that show them and on logs that do not, against the truth found by string search.
 */
class SafepointFindingsTest {

  private static final Comparator<Logs.Safepoint> WORST_FIRST = Comparator
      .comparingLong(Logs.Safepoint::totalNanos).reversed()
      .thenComparingLong(Logs.Safepoint::line);

  /** JDK 17 and 25 with a thread in a counted loop without a poll (-XX:-UseCountedLoopSafepoints). */
  @ParameterizedTest
  @ValueSource(strings = {"ttsp-counted-loop-17.log", "ttsp-counted-loop-25.log"})
  void timeToSafepointOnACountedLoop(String name) {
    assertTimeToSafepoint(Logs.resource(name));
  }

  /** JDK 8 stopped-time lines with "Stopping threads took" (a real production log). */
  @Test
  void timeToSafepointOnJdk8StoppedLines() {
    assertTimeToSafepoint(
        Logs.corpus("microsoft_gctoolkit-testdata/gctoolkit-gclogs-rolling/rolling/jdk8/aaeo.log.37.current"));
  }

  /** JDK 21 safepoint lines (with Cleanup, wall-clock decorator only) of a real ZGC run. */
  @Test
  void timeToSafepointOnJdk21Lines() {
    assertTimeToSafepoint(Logs.corpus("lalaorya_gctrace/logs/safepoint2022-07-19_15-30-16.log"));
  }

  private static void assertTimeToSafepoint(Path log) {
    List<Logs.Safepoint> truth = Logs.safepoints(log).stream()
        .filter(Logs.Safepoint::ttspDominates).sorted(WORST_FIRST).toList();
    assertFalse(truth.isEmpty(), "the log shows the signature");
    Finding f = Logs.finding(Logs.analyze(log), Signature.TIME_TO_SAFEPOINT).orElseThrow();
    assertEquals(truth.size(), f.count());
    assertEquals(truth.stream().mapToLong(Logs.Safepoint::totalNanos).sum(), f.nanos());
    List<Logs.Safepoint> worst = truth.subList(0, Math.min(5, truth.size()));
    assertEquals(worst.stream().map(Logs.Safepoint::line).toList(),
        f.worst().stream().map(Finding.Example::line).toList());
    assertEquals(worst.stream().map(Logs.Safepoint::ttspNanos).toList(),
        f.worst().stream().map(Finding.Example::timeToSafepointNanos).toList());
  }

  /**
   * Healthy G1 runs (JDK 17, 25) and a JDK 8 log whose threads stop in microseconds: no pause
   * took long to reach its safepoint, so no finding.
   */
  @ParameterizedTest
  @ValueSource(strings = {"g1-healthy-17.log.gz", "g1-healthy-25.log.gz", "threaddump-17.log"})
  void noTimeToSafepointWhereThreadsStopAtOnce(String name) {
    assertNoTimeToSafepoint(Logs.resource(name));
  }

  @Test
  void noTimeToSafepointOnAJdk8LogWithQuickStops() {
    assertNoTimeToSafepoint(Logs.corpus("mgm3746_garbagecat/src/test/resources/data/dataset104.txt"));
  }

  private static void assertNoTimeToSafepoint(Path log) {
    List<Logs.Safepoint> all = Logs.safepoints(log);
    assertFalse(all.isEmpty());
    assertTrue(all.stream().noneMatch(Logs.Safepoint::ttspDominates), "the log is a control");
    Analysis a = Logs.analyze(log);
    assertTrue(Logs.finding(a, Signature.TIME_TO_SAFEPOINT).isEmpty(), a.findings()::toString);
  }

  /** jcmd Thread.print against a JVM eight times: PrintThreads and FindDeadlocks safepoints. */
  @ParameterizedTest
  @ValueSource(strings = {"threaddump-17.log", "threaddump-25.log"})
  void nonGcSafepointsOfThreadDumps(String name) {
    Path log = Logs.resource(name);
    List<Logs.Safepoint> all = Logs.safepoints(log);
    List<Logs.Safepoint> nonGc = all.stream().filter(s -> !isGc(s.operation())).toList();
    long stopped = all.stream().mapToLong(Logs.Safepoint::totalNanos).sum();
    long nonGcNanos = nonGc.stream().mapToLong(Logs.Safepoint::totalNanos).sum();
    Finding f = Logs.finding(Logs.analyze(log), Signature.NON_GC_SAFEPOINTS).orElseThrow();
    assertEquals(nonGc.size(), f.count());
    assertEquals(nonGcNanos, f.nanos());
    assertEquals((double) nonGcNanos / stopped, f.share(), 1e-12);
    Map<String, Long> byOperation = nonGc.stream().collect(Collectors.groupingBy(
        Logs.Safepoint::operation, TreeMap::new, Collectors.summingLong(Logs.Safepoint::totalNanos)));
    assertTrue(byOperation.containsKey("PrintThreads"), byOperation::toString);
    for (Finding.Operation op : f.operations()) {
      assertEquals(byOperation.get(op.name()), op.nanos(), op.name());
    }
    assertEquals("PrintThreads", f.operations().get(0).name(), "the thread dumps stop longest");
  }

  /** The healthy runs stop only for collections. */
  @ParameterizedTest
  @ValueSource(strings = {"g1-healthy-17.log.gz", "g1-healthy-25.log.gz"})
  void noNonGcFindingWhereOnlyCollectionsStop(String name) {
    Path log = Logs.resource(name);
    long stopped = Logs.safepoints(log).stream().mapToLong(Logs.Safepoint::totalNanos).sum();
    long nonGc = Logs.safepoints(log).stream().filter(s -> !isGc(s.operation()))
        .mapToLong(Logs.Safepoint::totalNanos).sum();
    assertTrue(nonGc * 100 < 5 * stopped, "the log is a control");
    assertTrue(Logs.finding(Logs.analyze(log), Signature.NON_GC_SAFEPOINTS).isEmpty());
  }

  /** The worst minute of the counted-loop runs: seconds of a minute stopped. */
  @ParameterizedTest
  @ValueSource(strings = {"ttsp-counted-loop-17.log", "ttsp-counted-loop-25.log"})
  void stoppedShareOfTheWorstMinute(String name) {
    Path log = Logs.resource(name);
    Map<Long, Long> perMinute = new TreeMap<>();
    for (Logs.Safepoint s : Logs.safepoints(log)) {
      perMinute.merge(Math.floorDiv(s.uptimeMillis(), 60_000), s.totalNanos(), Long::sum);
    }
    long worst = perMinute.values().stream().mapToLong(Long::longValue).max().orElseThrow();
    Analysis a = Logs.analyze(log);
    Finding f = Logs.finding(a, Signature.STOPPED_SHARE).orElseThrow();
    Finding.WorstMinute m = f.worstMinute().orElseThrow();
    assertEquals(worst, m.nanos());
    assertEquals(perMinute.size(), m.minutes());
    assertEquals(worst / 60e9, f.share(), 1e-12);
  }

  @ParameterizedTest
  @ValueSource(strings = {"g1-healthy-17.log.gz", "threaddump-25.log"})
  void noStoppedShareFindingWhenNoMinuteStopsLong(String name) {
    Path log = Logs.resource(name);
    long stopped = Logs.safepoints(log).stream().mapToLong(Logs.Safepoint::totalNanos).sum();
    assertTrue(stopped < 3_000_000_000L, "the log is a control: under 5% of any minute");
    assertTrue(Logs.finding(Logs.analyze(log), Signature.STOPPED_SHARE).isEmpty());
  }

  /** Causes come in the order of the stopped time they explain, the stopped share last. */
  @Test
  void mostStoppedTimeFirst() {
    for (Path[] logs : new Path[][] {{Logs.resource("ttsp-counted-loop-17.log")},
        {Logs.resource("threaddump-25.log"), Logs.resource("ttsp-counted-loop-25.log")}}) {
      List<Finding> findings = Logs.analyze(logs).findings();
      assertTrue(findings.size() >= 2, findings::toString);
      for (int i = 1; i < findings.size(); i++) {
        Finding before = findings.get(i - 1);
        Finding after = findings.get(i);
        assertTrue(after.signature() == Signature.STOPPED_SHARE
            || before.nanos() >= after.nanos(), findings::toString);
        assertTrue(before.signature() != Signature.STOPPED_SHARE, findings::toString);
      }
    }
  }

  /** The same findings, line numbers included, whatever the threads and however the log is cut. */
  @Test
  void sameFindingsWhateverTheThreads() {
    Path[] logs = {Logs.resource("threaddump-17.log"), Logs.resource("ttsp-counted-loop-17.log"),
        Logs.resource("threaddump-25.log")};
    List<Finding> one = Logs.analyze(1, logs).findings();
    assertFalse(one.isEmpty());
    for (int threads : new int[] {2, 3, 7}) {
      assertEquals(one, Logs.analyze(threads, logs).findings(), threads + " threads");
    }
  }

  private static boolean isGc(String op) {
    return op.startsWith("G1") || op.startsWith("Parallel") || op.startsWith("Serial")
        || op.startsWith("Gen") || op.startsWith("Z") || op.startsWith("Shenandoah")
        || op.startsWith("CollectFor") || op.startsWith("CMS");
  }
}
