package tardy.analysis.requirements;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import tardy.analysis.heap.HeapThresholds;

/** The requirements file's {@code heap:} section: budgets, thresholds and their errors. */
class HeapBudgetsLoaderTest {

  @Test
  void heapBudgetsAloneMakeARequirementsFile() throws Exception {
    Requirements r = RequirementsLoaderTest.load("""
        heap:
          throughput: { min: 95% }
          allocation_rate: { max: 1GB/s }
        """);
    assertThat(r.operations()).isEmpty();
    assertThat(r.heap().throughputMin()).contains(0.95);
    assertThat(r.heap().allocationMaxBytesPerSecond()).contains(1e9);
    assertThat(r.heap().thresholds()).isEqualTo(HeapThresholds.DEFAULTS);
  }

  @Test
  void ratesAreSiOrBinaryAsWritten() throws Exception {
    assertThat(RateText.bytesPerSecond("512MiB/s")).isEqualTo(512.0 * 1024 * 1024);
    assertThat(RateText.bytesPerSecond("1.5 GB/s")).isEqualTo(1.5e9);
    assertThat(RateText.bytesPerSecond("300KB/s")).isEqualTo(300_000.0);
    assertThat(RateText.bytesPerSecond("2TiB/s")).isEqualTo(2.0 * (1L << 40));
  }

  @Test
  void thresholdsOverrideTheFindingsDefaults() throws Exception {
    Requirements r = RequirementsLoaderTest.load("""
        operations:
          - { name: Young, pause: Pause Young*, category: instant }
        heap:
          thresholds: { long_pause: 200ms, pauseless_long_pause: 10ms, low_throughput: 97.5% }
        """);
    assertThat(r.heap().judged()).isFalse();
    assertThat(r.heap().throughputMin()).isEqualTo(Optional.empty());
    assertThat(r.heap().thresholds()).isEqualTo(new HeapThresholds(200_000_000L, 10_000_000L, 97.5));
  }

  /** Kernel time's share of sys in user + sys, a whole percentage, the others at their default. */
  @Test
  void theSysShareIsAThreshold() throws Exception {
    Requirements r = RequirementsLoaderTest.load("""
        operations:
          - { name: Young, pause: Pause Young*, category: instant }
        heap:
          thresholds: { sys_share: 30% }
        """);
    HeapThresholds d = HeapThresholds.DEFAULTS;
    assertThat(d.sysSharePercent()).isEqualTo(50);
    assertThat(r.heap().thresholds()).isEqualTo(new HeapThresholds(d.longPauseNanos(),
        d.pauselessLongPauseNanos(), d.lowThroughputPercent(), 30));
    assertThat(RequirementsLoaderTest.load("""
        operations:
          - { name: Young, pause: Pause Young*, category: instant }
        heap:
          thresholds: { sys_share: 0%, long_pause: 1s }
        """).heap().thresholds().sysSharePercent()).isZero();
  }

  @Test
  void aSysShareOutsideWholePercentsFromZeroTo99IsRefused() {
    for (String bad : new String[] {"100%", "50.5%", "-1%", "50", "half"}) {
      assertThat(RequirementsLoaderTest.problems("""
          operations:
            - { name: Young, pause: Pause Young*, category: instant }
          heap:
            thresholds: { sys_share: %s }
          """.formatted(bad))).as(bad).containsExactly("sla.yaml:4:28: sys_share: '" + bad
          + "' is not a whole percentage from 0% to 99% (a GC pause's sys CPU above it of user"
          + " + sys is kernel time): write e.g. 50%");
    }
  }

  @Test
  void everyMistakeIsReportedAtItsPlace() {
    assertThat(RequirementsLoaderTest.problems("""
        operations:
          - { name: Young, pause: Pause Young*, category: instant }
        heap:
          throughput: { min: 0% }
          allocation_rate: { max: 1GB, min: 1MB/s }
          thresholds: { long_pause: soon, low_throughput: 90 }
          live_set: { max: 1GB }
        """)).containsExactly(
        "sla.yaml:4:22: throughput min: '0%' is not a percentage above 0% and at most 100%:"
            + " write e.g. 95%",
        "sla.yaml:5:32: unknown key 'min' in allocation_rate (known: max)",
        "sla.yaml:6:29: long_pause: 'soon' is not a duration: write a number and a unit (ns, us,"
            + " ms, s, m, h), e.g. 250ms or 1.5s",
        "sla.yaml:6:51: low_throughput: '90' is not a percentage above 0% and at most 100%:"
            + " write e.g. 95%",
        "sla.yaml:7:3: unknown key 'live_set' in heap (known: throughput, allocation_rate,"
            + " thresholds)");
  }

  @Test
  void aBudgetWithoutItsLimitIsAnError() {
    assertThat(RequirementsLoaderTest.problems("""
        heap:
          throughput: {}
          allocation_rate: { max: fast }
        """)).containsExactly(
        "sla.yaml:1:1: missing 'operations': the list of operations and their categories",
        "sla.yaml:2:15: throughput needs 'min': write e.g. throughput: { min: 95% }",
        "sla.yaml:3:27: allocation_rate max: 'fast' is not a rate of bytes above 0: write e.g."
            + " 1GB/s or 512MiB/s (B, KB, MB, GB, TB: powers of 1000; KiB, MiB, GiB, TiB: of 1024)");
  }
}
