package tardy.record.evidence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tardy.analysis.Analysis;
import tardy.analysis.Judge;
import tardy.analysis.findings.Finding;
import tardy.analysis.requirements.RequirementsLoader;

/**
 * The kernel-time finding at the share of sys in user + sys a requirements file sets ({@code
 * heap: thresholds: { sys_share: … }}), decided in analysis from what was recorded: on a log
 * whose pauses' sys shares run from 57 % to 95 %, each threshold gives exactly the pauses a string
 * search of the log's {@code GC(n) User=… Sys=…} lines finds above it (count, time, the worst
 * five), read in one part or in parts by two threads.
 */
class SysShareThresholdTest {

  private static final Path LOG = Logs.resource("sys-first-touch-17.log");

  @ParameterizedTest
  @CsvSource({"0,1", "0,2", "50,1", "57,2", "60,1", "75,2", "90,1", "94,2", "95,1", "99,2"})
  void theFindingHoldsThePausesAboveTheShare(int percent, int threads) throws Exception {
    List<GcFindingsTest.GcPause> truth = GcFindingsTest.gcPauses(LOG).stream()
        .filter(p -> p.real() >= 0 && p.sys() >= 50_000_000
            && p.sys() * 100 > (long) percent * (p.user() + p.sys()))
        .sorted(Comparator.comparingLong(GcFindingsTest.GcPause::nanos).reversed()
            .thenComparingLong(GcFindingsTest.GcPause::line))
        .toList();
    Analysis judged = Judge.judge(Logs.analyze(threads, LOG), RequirementsLoader.parse("sla.yaml",
        "operations:\n  - { name: GC, pause: '*', category: slow }\nheap:\n"
            + "  thresholds: { sys_share: " + percent + "% }\n"));
    Optional<Finding> f = Logs.finding(judged, Signature.KERNEL_TIME);
    if (truth.isEmpty()) {
      assertTrue(f.isEmpty(), () -> f.toString());
      return;
    }
    assertEquals(truth.size(), f.orElseThrow().count());
    assertEquals(truth.stream().mapToLong(GcFindingsTest.GcPause::nanos).sum(), f.get().nanos());
    assertEquals(truth.subList(0, Math.min(5, truth.size())).stream()
        .map(GcFindingsTest.GcPause::line).toList(),
        f.get().worst().stream().map(Finding.Example::line).toList());
    assertEquals(percent == 50 ? "" : "sys above " + percent + "% of user + sys",
        f.get().subject());
    assertEquals(1, judged.findings().stream()
        .filter(x -> x.signature() == Signature.KERNEL_TIME).count(), "one kernel-time finding");
  }

  /** The log's shares span the thresholds above: some pauses in, some out, at 75 %. */
  @ParameterizedTest
  @CsvSource({"75"})
  void theLogSpansTheThresholds(int percent) {
    List<GcFindingsTest.GcPause> cpu = GcFindingsTest.gcPauses(LOG).stream()
        .filter(p -> p.real() >= 0 && p.sys() >= 50_000_000).toList();
    assertTrue(cpu.stream().anyMatch(p -> p.sys() * 100 > (long) percent * (p.user() + p.sys())));
    assertFalse(cpu.stream().allMatch(p -> p.sys() * 100 > (long) percent * (p.user() + p.sys())));
  }
}
