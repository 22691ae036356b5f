package tardy.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.PackedHistogram;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import tardy.record.histogram.Histograms;
import tardy.record.histogram.NanosHistogram;
import tardy.record.histogram.Percentiles;

/**
 * The steps of the end of a run, per group, on the histograms tardy records into
 * ({@link NanosHistogram}) and, as the baseline in the same run, on HdrHistogram's packed
 * histograms, which most groups of a many-operation log used before: the six percentiles of a
 * report, adding the second thread's histogram, adding every group into the total. Each
 * operation covers all {@code groups}; divide by it for the cost per group.
 *
 * <p>Values: ms-resolution request times, log-normal around 40 ms with a long tail, {@code
 * values} per group (an access log's busy and rare operations alike).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EndOfRunBench {

  @Param({"1000"})
  public int groups;

  @Param({"20", "5000"})
  public int values;

  private static final double[] SIX = {50, 90, 99, 99.9, 99.99, 100};

  private NanosHistogram[] ours;
  private NanosHistogram[] oursLater;
  private AbstractHistogram[] packed;
  private AbstractHistogram[] packedLater;

  @Setup
  public void setup() {
    SplittableRandom random = new SplittableRandom(42);
    ours = new NanosHistogram[groups];
    oursLater = new NanosHistogram[groups];
    packed = new AbstractHistogram[groups];
    packedLater = new AbstractHistogram[groups];
    for (int g = 0; g < groups; g++) {
      ours[g] = new NanosHistogram();
      oursLater[g] = new NanosHistogram();
      packed[g] = Histograms.newNanos();
      packedLater[g] = Histograms.newNanos();
      for (int i = 0; i < values; i++) {
        long v = latency(random);
        ours[g].record(v);
        packed[g].recordValue(v);
        long w = latency(random);
        oursLater[g].record(w);
        packedLater[g].recordValue(w);
      }
    }
  }

  private static long latency(SplittableRandom r) {
    double ms = Math.exp(Math.log(40) + r.nextGaussian() * 1.2);
    return Math.max(0, Math.round(ms)) * 1_000_000L;
  }

  @Benchmark
  public void percentiles(Blackhole bh) {
    for (NanosHistogram h : ours) {
      bh.consume(Percentiles.of(h));
    }
  }

  @Benchmark
  public void percentilesPackedBaseline(Blackhole bh) {
    for (AbstractHistogram h : packed) {
      for (double p : SIX) {
        bh.consume(h.getValueAtPercentile(p));
      }
    }
  }

  @Benchmark
  public NanosHistogram addLaterPartAndTotal() {
    NanosHistogram total = new NanosHistogram();
    for (int g = 0; g < groups; g++) {
      NanosHistogram merged = new NanosHistogram();
      merged.add(ours[g]);
      merged.add(oursLater[g]);
      total.add(merged);
    }
    return total;
  }

  @Benchmark
  public AbstractHistogram addLaterPartAndTotalPackedBaseline() {
    AbstractHistogram total = Histograms.newNanos();
    for (int g = 0; g < groups; g++) {
      AbstractHistogram merged = new PackedHistogram(packed[g]);
      merged.add(packedLater[g]);
      total.add(merged);
    }
    return total;
  }
}
