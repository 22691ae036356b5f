package tardy.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import tardy.events.input.Input;
import tardy.record.grouping.GroupingMode;
import tardy.record.grouping.SampleKeys;
import tardy.record.grouping.SampledGrouping;
import tardy.run.Plan;

/**
 * What deciding a report's grouping costs before the parallel pass, step by step, in the calling
 * thread's CPU time: reading the traffic sample, its keys (half of them read by a second thread,
 * as a report does; that thread's CPU is not counted, it runs beside), and the template
 * inference. The first round is what a report pays (a fresh JVM, cold code); later rounds show
 * the same work compiled. Run it with the launcher's JVM options to see what a report sees.
 *
 * <pre>java -XX:TieredStopAtLevel=1 -cp bench/target/benchmarks.jar tardy.bench.SampleGroupingCost LOG [ROUNDS]</pre>
 */
public final class SampleGroupingCost {

  private SampleGroupingCost() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      throw new IllegalArgumentException("usage: SampleGroupingCost LOG [ROUNDS]");
    }
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    Plan.Entry entry = Plan.of(List.of(Input.file(Path.of(args[0]))), Optional.empty())
        .entries().get(0);
    for (int round = 0; round < rounds; round++) {
      long t0 = threads.getCurrentThreadCpuTime();
      List<byte[]> lines = entry.trafficSample();
      long t1 = threads.getCurrentThreadCpuTime();
      SampleKeys keys = new SampleKeys(GroupingMode.INFER)
          .add(entry.format()::newParser, lines, true);
      int distinct = keys.counts().size();
      long t2 = threads.getCurrentThreadCpuTime();
      SampledGrouping.of(GroupingMode.INFER, keys, 10_000);
      long t3 = threads.getCurrentThreadCpuTime();
      System.out.printf(Locale.ROOT,
          "round %d: sample %.1f ms, keys %.1f ms (%d lines, %d keys), inference %.1f ms%n",
          round + 1, (t1 - t0) / 1e6, (t2 - t1) / 1e6, lines.size(), distinct, (t3 - t2) / 1e6);
    }
  }
}
