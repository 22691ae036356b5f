package tardy.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import tardy.events.Sample;
import tardy.events.input.Input;
import tardy.events.input.Sampler;
import tardy.formats.FormatChoice;
import tardy.formats.Formats;
import tardy.record.grouping.GroupingMode;
import tardy.run.Plan;

/**
 * The serial pre-pass of a report, in the main thread's CPU time (the critical path before the
 * parallel pass; what other threads do beside it is not counted). {@code steps}: the plan's
 * steps apart, in a fresh JVM (the format registry, the head sample detection reads, detection,
 * where parts may start), then the sample the grouping reads. {@code run}: the plan and the
 * grouping as a report runs them ({@code Plan.forGrouping}, then the grouping with the sample's
 * keys on two threads); one line, to compare jars in interleaved fresh JVMs.
 *
 * <pre>java -cp bench/target/benchmarks.jar tardy.bench.PrePassCost steps|run LOG</pre>
 */
public final class PrePassCost {

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private PrePassCost() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2 || !List.of("steps", "run").contains(args[0])) {
      throw new IllegalArgumentException("usage: PrePassCost steps|run LOG");
    }
    Input input = Input.file(Path.of(args[1]));
    if (args[0].equals("run")) {
      long t0 = THREADS.getCurrentThreadCpuTime();
      Plan plan = Plan.forGrouping(List.of(input), FormatChoice.DETECT);
      long t1 = THREADS.getCurrentThreadCpuTime();
      int keys = plan.grouping(GroupingMode.INFER, 2_000).sample().size();
      long t2 = THREADS.getCurrentThreadCpuTime();
      System.out.printf(Locale.ROOT, "plan %.1f ms, grouping %.1f ms (%d sampled keys)%n",
          (t1 - t0) / 1e6, (t2 - t1) / 1e6, keys);
      return;
    }
    long t = THREADS.getCurrentThreadCpuTime();
    int formats = Formats.all().size();
    t = step("format registry (" + formats + " formats)", t);
    Sample sample = Sampler.sample(input);
    t = step("head sample for detection (" + sample.lines().size() + " lines)", t);
    Formats.Detection detection = Formats.choose(sample);
    t = step("detection (" + detection.scores().size() + " graded: " + detection.describe() + ")",
        t);
    detection.best().orElseThrow().partStarts(sample);
    t = step("where parts may start", t);
    List<byte[]> lines = Plan.of(List.of(input), FormatChoice.DETECT).entries().get(0)
        .trafficSample();
    long bytes = 0;
    for (byte[] line : lines) {
      bytes += line.length + 1;
    }
    step("a second plan, then the traffic sample (" + lines.size() + " lines, " + bytes
        + " bytes)", t);
  }

  private static long step(String name, long from) {
    long now = THREADS.getCurrentThreadCpuTime();
    System.out.printf(Locale.ROOT, "%-70s %7.1f ms%n", name, (now - from) / 1e6);
    return now;
  }
}
