package tardy.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import tardy.record.grouping.GroupKeys;
import tardy.record.grouping.Grouping;
import tardy.record.Recorder;
import tardy.record.grouping.GroupingMode;
import tardy.record.grouping.SampleKeys;
import tardy.record.grouping.SampledGrouping;
import tardy.events.EventSink;
import tardy.formats.Formats;
import tardy.events.LineParser;
import tardy.events.ParseStats;
import tardy.events.input.LineReader;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

/**
 * What an access log line costs on one thread, in thread CPU time, step by step: the yardstick's
 * work ({@link BareScanner}: the last field into one histogram), the combined parser alone (into
 * a sink that drops the events), the parser recording into a {@link Recorder} with the
 * grouping a report infers from the same lines, and the same behind the {@link LineReader} as a
 * part is read; round after round interleaved, the least CPU
 * time per line of each kept. Also how many raw keys the recorder's group lookup missed. CPU time
 * on a shared machine stays put where wall time swings.
 *
 * <pre>java -cp bench/target/benchmarks.jar tardy.bench.AccessCpuCost [KIND [LINES]]</pre>
 *
 * KIND is a {@link GenLogs} access kind ({@code nginx}, {@code nginx-assets}, {@code nginx-tail}).
 */
public final class AccessCpuCost {

  private static final int ROUNDS = 30;
  private static final String[] STEPS = {"bare scan", "parse", "parse + lookup", "parse + record",
      "lines + parse + record"};

  private AccessCpuCost() {}

  public static void main(String[] args) {
    String kind = args.length > 0 ? args[0] : "nginx";
    int count = args.length > 1 ? Integer.parseInt(args[1]) : 400_000;
    Lines lines = Lines.generate(kind, count);
    Grouping grouping = grouping(lines);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long[] best = new long[STEPS.length];
    Arrays.fill(best, Long.MAX_VALUE);
    long sink = 0;
    for (int round = 0; round < ROUNDS; round++) {
      for (int step = 0; step < STEPS.length; step++) {
        long start = threads.getCurrentThreadCpuTime();
        sink += switch (step) {
          case 0 -> bareScan(lines);
          case 1 -> parse(lines, DROP);
          case 2 -> parse(lines, lookup(grouping, new long[1]));
          case 3 -> parse(lines, new Recorder(grouping, Recorder.DEFAULT_MAX_GROUPS));
          default -> read(lines, new Recorder(grouping, Recorder.DEFAULT_MAX_GROUPS));
        };
        long perLine = (threads.getCurrentThreadCpuTime() - start) / lines.size();
        best[step] = Math.min(best[step], perLine);
      }
    }
    for (int step = 0; step < STEPS.length; step++) {
      System.out.printf(Locale.ROOT, "%-12s %-15s %4d ns/line CPU%n", kind, STEPS[step], best[step]);
    }
    System.out.printf(Locale.ROOT, "%-12s raw keys looked up %d, missed %d (%d lines; %d)%n", kind,
        lines.size(), misses(lines, grouping), lines.size(), sink & 1);
  }

  /** The grouping a report infers, from the first lines (as a sample of a small file would be). */
  private static Grouping grouping(Lines lines) {
    List<byte[]> sample = new ArrayList<>();
    for (int i = 0; i < Math.min(lines.size(), 40_000); i++) {
      sample.add(Arrays.copyOfRange(lines.buf, lines.from[i], lines.to[i]));
    }
    SampleKeys keys = new SampleKeys().add(Formats.resolve("combined").newParser(), sample);
    return SampledGrouping.of(GroupingMode.INFER, keys.counts(), 2 * Recorder.DEFAULT_MAX_GROUPS);
  }

  private static long parse(Lines l, EventSink sink) {
    LineParser parser = Formats.resolve("combined").newParser();
    long parsed = 0;
    for (int i = 0; i < l.size(); i++) {
      parsed += parser.parse(l.buf, l.from[i], l.to[i], sink).isParsed() ? 1 : 0;
    }
    return parsed;
  }

  /** As a part is read: line ends found and every line accounted by the {@link LineReader}. */
  private static long read(Lines l, EventSink sink) {
    ParseStats stats = new ParseStats();
    try {
      new LineReader().read(l.buf, 0, l.buf.length, Formats.resolve("combined").newParser(), sink,
          stats, true);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return stats.lines();
  }

  /** What {@link BareScanner} does per line. */
  private static long bareScan(Lines l) {
    Histogram h = new Histogram(3);
    h.setAutoResize(true);
    for (int line = 0; line < l.size(); line++) {
      BareScanner.record(h, l.buf, l.from[line], l.to[line]);
    }
    return h.getTotalCount();
  }

  /** How many distinct raw keys the group lookup of one recorder resolves over these lines. */
  private static long misses(Lines l, Grouping grouping) {
    long[] resolved = {0};
    parse(l, lookup(grouping, resolved));
    return resolved[0];
  }

  /** A sink that only finds each request's group, counting the raw keys resolved. */
  private static EventSink lookup(Grouping grouping, long[] resolved) {
    GroupKeys<String> keys = new GroupKeys<>(grouping, name -> {
      resolved[0]++;
      return name;
    });
    return new EventSink() {
      @Override
      public void request(RequestEvent e) {
        keys.request(e);
      }

      @Override
      public void pause(PauseEvent e) {}
    };
  }

  private static final EventSink DROP = new EventSink() {
    @Override
    public void request(RequestEvent e) {}

    @Override
    public void pause(PauseEvent e) {}
  };
}
