package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check} with heap budgets on real logs: the throughput and allocation rate judged are the
 * ones a plain pass over the pause lines gives, a run under its budget fails with exit 1, and
 * logs that show neither figure fail with NO DATA, never pass.
 */
class HeapBudgetsCliTest {

  private static final Path G1 = Path.of("..", "samples", "gc-g1-jdk17.log");
  private static final Path ZGC = Path.of("..", "samples", "gc-zgc-jdk25.log");

  /** A unified pause line: its uptime (s), heap before and after (M), duration (ms). */
  private static final Pattern PAUSE = Pattern.compile(
      "\\]\\[(\\d+\\.\\d+)s\\]\\[info\\]\\[gc +\\] GC\\(\\d+\\) Pause .* (\\d+)M->(\\d+)M\\(\\d+M\\)"
          + " (\\d+\\.\\d+)ms$");

  private record Pause(long endMicros, long durationMicros, long beforeM, long afterM) {}

  private static List<Pause> pauses() throws IOException {
    List<Pause> out = new ArrayList<>();
    for (String line : Files.readAllLines(G1)) {
      Matcher m = PAUSE.matcher(line);
      if (m.find()) {
        out.add(new Pause(micros(m.group(1), 6), micros(m.group(4), 3),
            Long.parseLong(m.group(2)), Long.parseLong(m.group(3))));
      }
    }
    return out;
  }

  private static long micros(String decimal, int scale) {
    return new BigDecimal(decimal).movePointRight(scale).longValueExact();
  }

  /**
   * The share of [first end, last end] no pause covers, each pause the stretch before its stamp
   * (a millisecond stamp: a remark stamped in the same millisecond as the young pause before it
   * overlaps it, and the time they share counts once).
   */
  private static double throughput(List<Pause> ps) {
    long lo = ps.get(0).endMicros();
    long hi = ps.get(ps.size() - 1).endMicros();
    List<long[]> stretches = new ArrayList<>();
    for (Pause p : ps) {
      stretches.add(new long[] {Math.max(lo, p.endMicros() - p.durationMicros()), p.endMicros()});
    }
    stretches.sort((a, b) -> Long.compare(a[0], b[0]));
    long stopped = 0;
    long coveredTo = Long.MIN_VALUE;
    for (long[] s : stretches) {
      long from = Math.max(s[0], coveredTo);
      stopped += Math.max(0, s[1] - from);
      coveredTo = Math.max(coveredTo, s[1]);
    }
    return 1 - (double) stopped / (hi - lo);
  }

  /** Bytes allocated between pauses (before less the previous after) over the time between. */
  private static double allocationRate(List<Pause> ps) {
    long megabytes = 0;
    for (int i = 1; i < ps.size(); i++) {
      megabytes += Math.max(0, ps.get(i).beforeM() - ps.get(i - 1).afterM());
    }
    long micros = ps.get(ps.size() - 1).endMicros() - ps.get(0).endMicros();
    return megabytes * (double) (1 << 20) * 1e6 / micros;
  }

  @Test
  void theFiguresJudgedAreThoseOfAPlainPassOverThePauseLines(@TempDir Path dir) throws IOException {
    List<Pause> ps = pauses();
    assertThat(ps).hasSize(19);
    double throughput = throughput(ps);
    double rate = allocationRate(ps);
    Path sla = Files.writeString(dir.resolve("heap.yaml"), "heap:\n  throughput: { min: 50% }\n"
        + "  allocation_rate: { max: 10GiB/s }\n");
    Cli.Result r = Cli.run("check", "--requirements", sla.toString(), "--format", "json",
        G1.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.OK);
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> budgets = (List<Map<String, Object>>)
        ((Map<String, Object>) JsonLines.document(r.out())).get("heap_budgets");
    assertThat(budgets).hasSize(2);
    assertThat(budgets.get(0)).containsEntry("budget", "throughput").containsEntry("run", 1L)
        .containsEntry("min", 0.5).containsEntry("verdict", "pass");
    assertThat(((Number) budgets.get(0).get("actual")).doubleValue()).isCloseTo(throughput,
        within(1e-9));
    assertThat(budgets.get(1)).containsEntry("budget", "allocation_rate")
        .containsEntry("verdict", "pass");
    assertThat(((Number) budgets.get(1).get("actual")).doubleValue()).isCloseTo(rate,
        within(rate * 1e-9));
  }

  @Test
  void aRunBelowItsThroughputOrAboveItsRateFailsTheCheck(@TempDir Path dir) throws IOException {
    List<Pause> ps = pauses();
    double throughput = throughput(ps); // 80.5 %: a budget a hair above it fails
    String min = new BigDecimal(throughput * 100 + 0.01).setScale(2,
        java.math.RoundingMode.HALF_EVEN).toPlainString();
    Path sla = Files.writeString(dir.resolve("heap.yaml"), "heap:\n  throughput: { min: " + min
        + "% }\n  allocation_rate: { max: 2GiB/s }\n");
    Cli.Result r = Cli.run("check", "--requirements", sla.toString(), G1.toString());
    assertThat(r.code()).as(r.out()).isEqualTo(ExitCodes.BUDGET_FAILED);
    assertThat(r.out()).contains("Heap budgets\n", "throughput", "FAIL", "allocation_rate",
        "PASS").endsWith("FAIL: 1 of 2 failed: throughput\n");
    String passing = new BigDecimal(throughput * 100 - 0.01).setScale(2,
        java.math.RoundingMode.HALF_EVEN).toPlainString();
    Files.writeString(sla, "heap:\n  throughput: { min: " + passing + "% }\n");
    assertThat(Cli.run("check", "--requirements", sla.toString(), G1.toString()).code())
        .isEqualTo(ExitCodes.OK);
    Files.writeString(sla, "heap:\n  allocation_rate: { max: 1GB/s }\n"); // 1.09 GiB/s measured
    Cli.Result rate = Cli.run("check", "--requirements", sla.toString(), G1.toString());
    assertThat(rate.code()).isEqualTo(ExitCodes.BUDGET_FAILED);
    assertThat(rate.out()).endsWith("FAIL: 1 of 1 failed: allocation_rate\n");
  }

  /** A ZGC log without its cycle lines: its pauses give no heap. */
  @Test
  void logsWithoutTheHeapFailWithNoData(@TempDir Path dir) throws IOException {
    Path sla = Files.writeString(dir.resolve("heap.yaml"), "heap:\n  throughput: { min: 1% }\n"
        + "  allocation_rate: { max: 1TB/s }\n");
    Path pausesOnly = Files.write(dir.resolve("zgc.log"), Files.readAllLines(ZGC).stream()
        .filter(line -> !line.contains("Collection (")).toList());
    Cli.Result r = Cli.run("check", "--requirements", sla.toString(), pausesOnly.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.BUDGET_FAILED);
    assertThat(r.out()).contains("NO DATA", "the throughput is unknown",
        "the allocation rate is unknown")
        .endsWith("FAIL: 2 of 2 failed: throughput (no data), allocation_rate (no data)\n");
  }

  /**
   * ZGC's heap is read from its cycles: its allocation rate is budgeted (the sample's four
   * cycles: 12.0 MiB between them in 46 ms, 261 MiB/s), beside the throughput of its pauses.
   */
  @Test
  void zgcCyclesBudgetTheAllocationRate(@TempDir Path dir) throws IOException {
    Path sla = Files.writeString(dir.resolve("heap.yaml"), "heap:\n"
        + "  allocation_rate: { max: 262MiB/s }\n  throughput: { min: 99% }\n");
    Cli.Result pass = Cli.run("check", "--requirements", sla.toString(), ZGC.toString());
    assertThat(pass.code()).as(pass.out() + pass.err()).isEqualTo(ExitCodes.OK);
    Files.writeString(sla, "heap:\n  allocation_rate: { max: 260MiB/s }\n");
    Cli.Result fail = Cli.run("check", "--requirements", sla.toString(), ZGC.toString());
    assertThat(fail.code()).as(fail.out()).isEqualTo(ExitCodes.BUDGET_FAILED);
    assertThat(fail.out()).endsWith("FAIL: 1 of 1 failed: allocation_rate\n");
  }

  /** JDK 17 ZGC with -Xlog:gc alone: cycle lines, no pause. */
  private static final Path CYCLES_ONLY = Path.of("..", "samples", "gc-zgc-cycles-jdk17.log");

  /** A JDK 17 ZGC cycle line: its uptime (s), heap before and after (M). */
  private static final Pattern CYCLE = Pattern.compile(
      "\\]\\[(\\d+\\.\\d+)s\\]\\[info\\]\\[gc\\] GC\\(\\d+\\) Garbage Collection \\(.*\\)"
          + " (\\d+)M\\(\\d+%\\)->(\\d+)M\\(\\d+%\\)$");

  /**
   * A log of ZGC cycles alone is read (its cycle lines parsed), and {@code check} judges its
   * allocation rate: the one a plain pass over the cycle lines gives (heap before a cycle less
   * the heap the one before left, over the time from one end to the next, as no start is logged);
   * its throughput and a pause requirement, with no pause to judge, are NO DATA and fail.
   */
  @Test
  void aLogOfCyclesAloneIsJudgedOnItsHeapAndNoDataOnPauses(@TempDir Path dir) throws IOException {
    List<long[]> cycles = new ArrayList<>(); // uptime ms, before M, after M
    for (String line : Files.readAllLines(CYCLES_ONLY)) {
      Matcher m = CYCLE.matcher(line);
      if (m.find()) {
        cycles.add(new long[] {micros(m.group(1), 3), Long.parseLong(m.group(2)),
            Long.parseLong(m.group(3))});
      }
    }
    assertThat(cycles).hasSize(23);
    long megabytes = 0;
    for (int i = 1; i < cycles.size(); i++) {
      megabytes += Math.max(0, cycles.get(i)[1] - cycles.get(i - 1)[2]);
    }
    double rate = megabytes * (double) (1 << 20) * 1e3
        / (cycles.get(cycles.size() - 1)[0] - cycles.get(0)[0]);
    Path sla = Files.writeString(dir.resolve("heap.yaml"), "heap:\n"
        + "  allocation_rate: { max: 1GiB/s }\n");
    Cli.Result pass = Cli.run("check", "--requirements", sla.toString(), "--format", "json",
        CYCLES_ONLY.toString());
    assertThat(pass.code()).as(pass.err()).isEqualTo(ExitCodes.OK);
    @SuppressWarnings("unchecked")
    Map<String, Object> doc = (Map<String, Object>) JsonLines.document(pass.out());
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> budgets = (List<Map<String, Object>>) doc.get("heap_budgets");
    assertThat(budgets).hasSize(1);
    assertThat(budgets.get(0)).containsEntry("budget", "allocation_rate")
        .containsEntry("verdict", "pass");
    assertThat(((Number) budgets.get(0).get("actual")).doubleValue()).isCloseTo(rate,
        within(rate * 1e-9));
    @SuppressWarnings("unchecked")
    Map<String, Object> input = ((List<Map<String, Object>>) doc.get("inputs")).get(0);
    assertThat(input).containsEntry("lines", 24L).containsEntry("parsed", 23L)
        .containsEntry("ignored", 1L);
    assertThat((List<?>) doc.get("findings")).hasSize(1); // the live set grows

    String under = new BigDecimal(rate / (1 << 20) - 0.1).setScale(1,
        java.math.RoundingMode.HALF_EVEN).toPlainString();
    Files.writeString(sla, "heap:\n  allocation_rate: { max: " + under + "MiB/s }\n");
    Cli.Result fail = Cli.run("check", "--requirements", sla.toString(), CYCLES_ONLY.toString());
    assertThat(fail.code()).as(fail.out() + fail.err()).isEqualTo(ExitCodes.BUDGET_FAILED);
    assertThat(fail.out()).doesNotContain("Requirements\n", "no line was parsed")
        .contains("23 concurrent GC cycles but no GC pause")
        .endsWith("FAIL: 1 of 1 failed: allocation_rate\n");

    Files.writeString(sla, "operations:\n  - name: ZGC pauses\n    pause: 'Pause*'\n"
        + "    category: instant\nheap:\n  throughput: { min: 1% }\n"
        + "  allocation_rate: { max: 1GiB/s }\n");
    Cli.Result noData = Cli.run("check", "--requirements", sla.toString(),
        CYCLES_ONLY.toString());
    assertThat(noData.code()).as(noData.out() + noData.err()).isEqualTo(ExitCodes.BUDGET_FAILED);
    assertThat(noData.out()).contains("ZGC pauses", "NO DATA", "the throughput is unknown")
        .endsWith("FAIL: 2 of 3 failed: ZGC pauses, throughput (no data)\n");
  }

  /**
   * {@code --from}/{@code --to} count a cycle line outside the window as such, not parsed: the
   * parsed lines are the cycle lines whose wall-clock stamp a plain pass finds inside it.
   */
  @Test
  void cycleLinesOutsideTheWindowAreCountedSo() throws IOException {
    String from = "2026-11-29T16:48:00Z";
    String to = "2026-11-29T16:48:05Z";
    long inside = Files.readAllLines(CYCLES_ONLY).stream().filter(l -> CYCLE.matcher(l).find())
        .map(l -> java.time.Instant.parse(l.substring(1, l.indexOf(']')).replace("+0000", "Z")))
        .filter(t -> !t.isBefore(java.time.Instant.parse(from))
            && t.isBefore(java.time.Instant.parse(to)))
        .count();
    assertThat(inside).isEqualTo(5);
    Cli.Result r = Cli.run("report", "--from", from, "--to", to, "--format", "json",
        CYCLES_ONLY.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.OK);
    @SuppressWarnings("unchecked")
    Map<String, Object> input = ((List<Map<String, Object>>) ((Map<String, Object>)
        JsonLines.document(r.out())).get("inputs")).get(0);
    assertThat(input).containsEntry("parsed", inside).containsEntry("ignored", 24 - inside);
  }

  @Test
  void theRequirementsThresholdsDecideTheHeapFindings(@TempDir Path dir) throws IOException {
    Path sla = Files.writeString(dir.resolve("heap.yaml"), "heap:\n  throughput: { min: 50% }\n");
    Cli.Result defaults = Cli.run("check", "--requirements", sla.toString(), G1.toString());
    assertThat(defaults.out()).doesNotContain("Allocation before the long pauses",
        "Low throughput"); // no pause of 400 ms; 80.5 % is not under 90 % over a minute
    Files.writeString(sla, "heap:\n  throughput: { min: 50% }\n  thresholds: { long_pause: 9ms }\n");
    Cli.Result tighter = Cli.run("check", "--requirements", sla.toString(), G1.toString());
    assertThat(tighter.code()).isEqualTo(ExitCodes.OK);
    // the log's two pauses of 9 ms or more: 12.278 ms (GC(3)) and 9.424 ms (GC(2))
    assertThat(tighter.out()).contains("Allocation before the long pauses: allocation ",
        "in the minute before the 2 GC pauses of 9.00ms or more", "longest 12.3ms at uptime 626ms,"
            + " 9.42ms at uptime 607ms");
  }

  /**
   * Kernel time's share of sys in user + sys from the requirements: a log whose pauses have sys
   * CPU of 57 % to 95 % of user + sys shows all eight at 50 % and the four above 75 % at 75 % (the
   * subject says the share), and a share that is no whole percentage is refused with exit 2.
   */
  @Test
  void theRequirementsSysShareDecidesKernelTime(@TempDir Path dir) throws IOException {
    Path log = Path.of("..", "run", "src", "test", "resources", "findings",
        "sys-first-touch-17.log");
    String operations = "heap:\n  throughput: { min: 1% }\n";
    Path sla = Files.writeString(dir.resolve("cpu.yaml"), operations);
    assertThat(Cli.run("check", "--requirements", sla.toString(), log.toString()).out())
        .contains("Kernel time, not GC work: 8 pauses, 4.41s,",
            "counted when sys CPU above user CPU and at least 50 ms");
    Files.writeString(sla, operations + "  thresholds: { sys_share: 75% }\n");
    Cli.Result tighter = Cli.run("check", "--requirements", sla.toString(), log.toString());
    assertThat(tighter.out()).as(tighter.err())
        .contains("Kernel time, not GC work: sys above 75% of user + sys: 4 pauses, 3.00s,",
            "counted when sys CPU above 75% of user + sys and at least 50 ms");
    Files.writeString(sla, operations + "  thresholds: { sys_share: 50.5% }\n");
    Cli.Result refused = Cli.run("check", "--requirements", sla.toString(), log.toString());
    assertThat(refused.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(refused.err()).contains("sys_share: '50.5%' is not a whole percentage from 0% to"
        + " 99%");
  }
}
