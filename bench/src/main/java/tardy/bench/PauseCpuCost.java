package tardy.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import tardy.record.grouping.Grouping;
import tardy.record.Recorder;
import tardy.events.EventSink;
import tardy.formats.Formats;
import tardy.events.LineParser;
import tardy.events.LinePosition;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

/**
 * What a JVM log line costs on one thread, in thread CPU time: its parser alone (into a sink
 * that drops the events) and the parser recording into a {@link Recorder}, on the generated
 * {@code jdk17} safepoint, {@code gcstar} and {@code jdk8} logs, round after round interleaved,
 * the least CPU time per line of each kept. CPU time on a shared machine stays put where wall time
 * swings. Run: {@code java -cp bench/target/benchmarks.jar tardy.bench.PauseCpuCost}.
 */
public final class PauseCpuCost {

  /** The generated logs, each with the format that reads it. */
  private static final String[] KINDS = {"jdk17", "gcstar", "jdk8"};
  private static final String[] FORMATS = {"jvm-unified", "jvm-unified", "jdk8-gc"};
  private static final int LINES = 50_000;
  private static final int ROUNDS = 40;

  private PauseCpuCost() {}

  public static void main(String[] args) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    Lines[] lines = new Lines[KINDS.length];
    for (int k = 0; k < KINDS.length; k++) {
      lines[k] = Lines.generate(KINDS[k], LINES);
    }
    EventSink drop = new EventSink() {
      @Override
      public void request(RequestEvent e) {}

      @Override
      public void pause(PauseEvent e) {}
    };
    long[][] best = new long[KINDS.length][2];
    for (long[] b : best) {
      java.util.Arrays.fill(b, Long.MAX_VALUE);
    }
    for (int round = 0; round < ROUNDS; round++) {
      for (int k = 0; k < KINDS.length; k++) {
        for (int recording = 0; recording < 2; recording++) {
          Recorder recorder = new Recorder(Grouping.DEFAULT, 1000);
          EventSink sink = recording == 1 ? recorder : drop;
          long start = threads.getCurrentThreadCpuTime();
          run(lines[k], FORMATS[k], sink, recorder);
          long perLine = (threads.getCurrentThreadCpuTime() - start) / lines[k].size();
          best[k][recording] = Math.min(best[k][recording], perLine);
        }
      }
    }
    for (int k = 0; k < KINDS.length; k++) {
      System.out.printf(Locale.ROOT, "%-8s parse %4d ns/line CPU, parse + record %4d ns/line CPU%n",
          KINDS[k], best[k][0], best[k][1]);
    }
  }

  private static void run(Lines l, String format, EventSink sink, Recorder recorder) {
    LineParser parser = Formats.resolve(format).newParser();
    long[] line = {0};
    LinePosition position = new LinePosition() {
      @Override
      public long line() {
        return line[0] + 1;
      }

      @Override
      public boolean startOfInput() {
        return true;
      }
    };
    parser.reading(position);
    recorder.reading(position);
    for (int i = 0; i < l.size(); i++, line[0]++) {
      parser.parse(l.buf, l.from[i], l.to[i], sink);
    }
    parser.endOfInput(sink);
  }
}
