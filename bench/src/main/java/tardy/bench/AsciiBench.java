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
import tardy.events.Ascii;

/** {@link Ascii#parseDecimalNanos} on the number shapes the logs carry; ns per number. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class AsciiBench {

  private static final int N = 1024;

  /** nginx: "0.005" s; jdk8: "0.0022997" s; jdk17: "2127896" ns. */
  @Param({"nginx", "jdk8", "jdk17"})
  public String shape;

  private byte[] buf;
  private int[] from;
  private int[] to;
  private int unit;

  @Setup
  public void setup() {
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(7);
    StringBuilder sb = new StringBuilder();
    from = new int[N];
    to = new int[N];
    for (int i = 0; i < N; i++) {
      from[i] = sb.length();
      double s = Math.exp(rnd.nextGaussian() * 1.5) * 0.01;
      switch (shape) {
        case "nginx" -> sb.append(String.format(java.util.Locale.ROOT, "%.3f", s));
        case "jdk8" -> sb.append(String.format(java.util.Locale.ROOT, "%.7f", s));
        default -> sb.append((long) (s * 1e9));
      }
      to[i] = sb.length();
      sb.append(' ');
    }
    buf = Ascii.bytes(sb.toString());
    unit = shape.equals("jdk17") ? Ascii.NANOS : Ascii.SECONDS;
  }

  @Benchmark
  @OperationsPerInvocation(N)
  public long parseDecimalNanos() {
    long sum = 0;
    for (int i = 0; i < N; i++) {
      sum += Ascii.parseDecimalNanos(buf, from[i], to[i], unit);
    }
    return sum;
  }
}
