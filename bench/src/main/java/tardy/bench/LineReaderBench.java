package tardy.bench;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.events.ParseStats;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.input.LineReader;

/**
 * {@link LineReader} scanning with a parser that only touches the last byte: the cost of finding
 * line ends, the CR/BOM checks, the copy between reads and the accounting. Score: ns per line.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class LineReaderBench {

  static final int LINES = 20_000;

  /** 20 k lines of each kind: 3-4 MB, about the size of the last-level cache. */
  @Param({"nginx", "jdk17"})
  public String kind;

  private byte[] data;

  private static final EventSink NO_SINK = new EventSink() {
    @Override
    public void request(RequestEvent event) {}

    @Override
    public void pause(PauseEvent event) {}
  };

  @Setup(Level.Trial)
  public void setup() {
    Lines lines = Lines.generate(kind, LINES);
    data = lines.buf;
    if (lines.size() != LINES) {
      throw new IllegalStateException("generated " + lines.size() + " lines");
    }
  }

  @Benchmark
  @OperationsPerInvocation(LINES)
  public long scan(Blackhole bh) throws IOException {
    long[] acc = new long[1];
    LineParser lastByte = (buf, from, to, sink) -> {
      acc[0] += buf[to - 1];
      return Outcome.PARSED;
    };
    ParseStats stats = new ParseStats();
    new LineReader().read(new ByteArrayInputStream(data), lastByte, NO_SINK, stats,
        LineReader.Rejects.NONE, true);
    bh.consume(acc[0]);
    return stats.lines();
  }
}
