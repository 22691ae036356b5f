package tardy.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tardy.events.input.Input;
import tardy.events.input.LineReader;
import tardy.formats.FormatChoice;
import tardy.record.Result;
import tardy.record.grouping.GroupingMode;
import tardy.run.Pipeline;
import tardy.run.Plan;

/**
 * What the second core gives the batch pipeline of a report (plan, grouping from the sample,
 * parse, add) once the JIT has compiled it, next to the first, cold run: one JVM runs the same
 * log round after round, one thread and then two, and reports the wall time of each, with the
 * plan and grouping alone (the serial part) timed apart. A short process on a 2-core machine pays
 * its compilation on the core that --threads 2 parses on; this tells that cost from the
 * pipeline's own scaling.
 *
 * <pre>java -Xmx256m -XX:+UseParallelGC -cp bench/target/benchmarks.jar tardy.bench.WarmScaling LOG [ROUNDS]</pre>
 */
public final class WarmScaling {

  private WarmScaling() {}

  public static void main(String[] args) {
    Path log = Path.of(args[0]);
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 6;
    List<List<Double>> wall = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    List<List<Double>> cpu = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long keep = 0;
    for (int round = 0; round < rounds; round++) {
      long t = System.nanoTime();
      Plan plan = Plan.forGrouping(List.of(Input.file(log)), FormatChoice.DETECT);
      keep += plan.grouping(GroupingMode.INFER, 2_000).sample().size();
      wall.get(0).add((System.nanoTime() - t) / 1e9);
      for (int threads = 1; threads <= 2; threads++) {
        t = System.nanoTime();
        long c = os.getProcessCpuTime();
        Pipeline.Options options = new Pipeline.Options(FormatChoice.DETECT, threads,
            LineReader.DEFAULT_MAX_LINE_BYTES, (Pipeline.Rejects) null);
        Result result = new Pipeline(options).run(List.of(Input.file(log)),
            p -> Result.Spec.report(p.grouping(GroupingMode.INFER, 2_000), 1_000));
        wall.get(threads).add((System.nanoTime() - t) / 1e9);
        cpu.get(threads).add((os.getProcessCpuTime() - c) / 1e9);
        keep += result.inputs().get(0).lines();
      }
    }
    String[] names = {"plan + grouping (serial)", "pipeline, --threads 1", "pipeline, --threads 2"};
    for (int i = 0; i < 3; i++) {
      List<Double> w = wall.get(i);
      List<Double> warm = new ArrayList<>(w.subList(1, w.size()));
      warm.sort(null);
      List<Double> c = new ArrayList<>(cpu.get(i));
      String cpus = "";
      if (!c.isEmpty()) {
        List<Double> warmCpu = new ArrayList<>(c.subList(1, c.size()));
        warmCpu.sort(null);
        cpus = String.format(Locale.ROOT, "; process CPU first %.3f s, warm median %.3f s",
            c.get(0), warmCpu.get(warmCpu.size() / 2));
      }
      System.out.printf(Locale.ROOT, "%-26s first %.3f s, warm min %.3f s, median %.3f s%s%n",
          names[i], w.get(0), warm.get(0), warm.get(warm.size() / 2), cpus);
    }
    List<Double> one = new ArrayList<>(wall.get(1).subList(1, rounds));
    List<Double> two = new ArrayList<>(wall.get(2).subList(1, rounds));
    one.sort(null);
    two.sort(null);
    System.out.printf(Locale.ROOT, "warm --threads 1 / --threads 2 = %.2f (medians), %.2f (mins);"
        + " first rounds %.2f%n", one.get(one.size() / 2) / two.get(two.size() / 2),
        one.get(0) / two.get(0), wall.get(1).get(0) / wall.get(2).get(0));
    if (keep == 42) {
      System.out.println();
    }
  }
}
