package tardy.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import tardy.events.EventSink;
import tardy.formats.Formats;
import tardy.events.LineParser;
import tardy.events.LogFormat;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

/**
 * Every registered {@link LineParser} on generated lines of its kind: ns per line, parse only (the
 * sink hands the fields to a blackhole). Formats are looked up by name, so this covers whatever
 * {@code META-INF/services/tardy.events.LogFormat} registers, and any of them inside a wrapper.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ParserBench {

  static final int LINES = 20_000;

  /**
   * format:generator kind. combined-upstream reads a combined line with no upstream fields; a
   * {@code wrapper+format} reads the kind's lines inside that wrapper ({@code cri/nginx}), the
   * bare format being the baseline of the same run.
   */
  @Param({"combined:nginx", "combined-upstream:nginx", "jdk8-gc:jdk8",
      "jvm-unified:jdk17", "cri+combined:cri/nginx", "docker+combined:docker/nginx",
      "syslog+combined:syslog/nginx", "cri+jvm-unified:cri/jdk17"})
  public String formatAndKind;

  private Lines lines;
  private LineParser parser;
  private EventSink sink;

  @Setup
  public void setup(Blackhole bh) {
    String[] parts = formatAndKind.split(":", 2);
    LogFormat format = Formats.resolve(parts[0]);
    lines = WrappedLines.generate(parts[1], LINES);
    parser = format.newParser();
    sink = new EventSink() {
      @Override
      public void request(RequestEvent e) {
        bh.consume(e.latencyNanos());
        bh.consume(e.targetTo());
      }

      @Override
      public void pause(PauseEvent e) {
        bh.consume(e.totalNanos());
        bh.consume(e.kindTo());
      }
    };
  }

  @Benchmark
  @OperationsPerInvocation(LINES)
  public void parse(Blackhole bh) {
    byte[] buf = lines.buf;
    int[] from = lines.from;
    int[] to = lines.to;
    for (int i = 0; i < from.length; i++) {
      bh.consume(parser.parse(buf, from[i], to[i], sink));
    }
  }
}
