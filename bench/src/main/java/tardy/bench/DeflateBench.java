package tardy.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
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
import tardy.classify.interval.deflate.ZlibDeflater;

/**
 * Deflating the inputs of a real .hlog's interval histograms (their 40-byte header and counts,
 * inflated back from the file) with tardy's {@link ZlibDeflater} and, as the baseline in the same
 * run, with {@link Deflater} at BEST_COMPRESSION as tardy used it before (reset, whole input,
 * finish). Score: microseconds per histogram. The .hlog: {@code java -jar cli/target/tardy.jar hlog
 * /tmp/tardy-bench/jdk17-5000000.log -o /tmp/tardy-bench/jdk17-5000000.hlog}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class DeflateBench {

  /** Histograms taken, evenly spaced over the file. */
  static final int SAMPLE = 2_000;

  @Param({"/tmp/tardy-bench/jdk17-5000000.hlog"})
  public String hlog;

  private byte[][] inputs;
  private final ZlibDeflater ours = new ZlibDeflater();
  private final Deflater zlib = new Deflater(Deflater.BEST_COMPRESSION);
  private final byte[] out = new byte[1 << 16];

  @Setup
  public void setup() throws IOException, DataFormatException {
    Path file = Path.of(hlog);
    if (!Files.isRegularFile(file)) {
      throw new IllegalStateException("no " + hlog + ": make it with java -jar "
          + "cli/target/tardy.jar hlog /tmp/tardy-bench/jdk17-5000000.log -o " + hlog);
    }
    List<String> lines = new ArrayList<>();
    for (String line : Files.readAllLines(file)) {
      if (!line.isEmpty() && !line.startsWith("#") && !line.startsWith("\"")) {
        lines.add(line);
      }
    }
    inputs = new byte[Math.min(SAMPLE, lines.size())][];
    Inflater inflater = new Inflater();
    byte[] raw = new byte[1 << 20];
    long total = 0;
    for (int i = 0; i < inputs.length; i++) {
      String line = lines.get((int) ((long) i * lines.size() / inputs.length));
      byte[] encoded = Base64.getDecoder().decode(line.substring(line.lastIndexOf(',') + 1));
      inflater.reset();
      inflater.setInput(encoded, 8, encoded.length - 8); // after the cookie and the length
      int length = inflater.inflate(raw);
      inputs[i] = java.util.Arrays.copyOf(raw, length);
      total += length;
    }
    System.err.printf(java.util.Locale.ROOT, "%d histograms, mean %d bytes%n", inputs.length,
        total / inputs.length);
  }

  @Benchmark
  @OperationsPerInvocation(SAMPLE)
  public long tardy() {
    long sum = 0;
    for (byte[] input : inputs) {
      sum += ours.deflate(input, input.length, 8).length;
    }
    return sum;
  }

  @Benchmark
  @OperationsPerInvocation(SAMPLE)
  public long zlib() {
    long sum = 0;
    for (byte[] input : inputs) {
      zlib.reset();
      zlib.setInput(input);
      zlib.finish();
      int at = 0;
      while (!zlib.finished()) {
        at += zlib.deflate(out, at, out.length - at);
      }
      sum += at;
    }
    return sum;
  }
}
