package tardy.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import tardy.events.EventSink;
import tardy.formats.Formats;
import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

/**
 * What a wrapper costs per line, in thread CPU time rather than wall time: each bare format and
 * the same lines wrapped are parsed in turn, round after round, and the least CPU time per line
 * of each is kept. On a machine shared with other builds (a load of 20 on 2 cores) JMH's wall
 * clock swings tenfold; CPU time, interleaved, does not. Run: {@code java -cp
 * bench/target/benchmarks.jar tardy.bench.WrapperCpuCost}.
 */
public final class WrapperCpuCost {

  private static final String[] CASES = {"combined:nginx", "cri+combined:cri/nginx",
      "docker+combined:docker/nginx", "syslog+combined:syslog/nginx", "jvm-unified:jdk17",
      "cri+jvm-unified:cri/jdk17"};
  private static final int LINES = 20_000;
  private static final int ROUNDS = 60;
  private static final int REPEATS = 5;

  private WrapperCpuCost() {}

  public static void main(String[] args) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    Lines[] lines = new Lines[CASES.length];
    LineParser[] parsers = new LineParser[CASES.length];
    long[] best = new long[CASES.length];
    long[] parsed = new long[CASES.length];
    Arrays.fill(best, Long.MAX_VALUE);
    for (int c = 0; c < CASES.length; c++) {
      String[] parts = CASES[c].split(":", 2);
      lines[c] = WrappedLines.generate(parts[1], LINES);
      parsers[c] = Formats.resolve(parts[0]).newParser();
    }
    EventSink sink = new EventSink() {
      @Override
      public void request(RequestEvent e) {}

      @Override
      public void pause(PauseEvent e) {}
    };
    for (int round = 0; round < ROUNDS; round++) {
      for (int c = 0; c < CASES.length; c++) {
        Lines l = lines[c];
        long start = threads.getCurrentThreadCpuTime();
        long ok = 0;
        for (int repeat = 0; repeat < REPEATS; repeat++) {
          for (int i = 0; i < l.size(); i++) {
            ok += parsers[c].parse(l.buf, l.from[i], l.to[i], sink) == Outcome.PARSED ? 1 : 0;
          }
        }
        best[c] = Math.min(best[c], (threads.getCurrentThreadCpuTime() - start) / ((long) REPEATS * l.size()));
        parsed[c] = ok / REPEATS;
      }
    }
    for (int c = 0; c < CASES.length; c++) {
      System.out.printf(Locale.ROOT, "%-30s %5d ns/line CPU  (%d of %d lines parsed)%n", CASES[c],
          best[c], parsed[c], lines[c].size());
    }
  }
}
