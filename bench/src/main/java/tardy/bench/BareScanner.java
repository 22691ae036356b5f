package tardy.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;

/**
 * The yardstick of the end-to-end harness: the least a program can do with an access log and
 * still give a percentile. Two threads each read half the file (cut at a line end), find line
 * ends, read the last field as seconds with three decimals into a dense histogram of
 * nanoseconds; the two histograms are added and p99 printed. No formats, no grouping, no
 * accounting, no checks: what tardy does beyond this is what it costs. {@code -Dthreads=N} cuts
 * the file among N threads instead, to see how far the machine's cores scale a bare read.
 *
 * <pre>java [-Dthreads=1] -cp benchmarks.jar tardy.bench.BareScanner FILE</pre>
 */
public final class BareScanner {

  private static final int THREADS = Math.max(1, Integer.getInteger("threads", 2));

  private BareScanner() {}

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]);
    long size = Files.size(file);
    long[] cuts = new long[THREADS + 1];
    cuts[THREADS] = size;
    for (int t = 1; t < THREADS; t++) {
      cuts[t] = nextLineStart(file, size * t / THREADS);
    }
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    List<Future<Histogram>> parts = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      long from = cuts[t];
      long to = cuts[t + 1];
      parts.add(pool.submit(() -> scan(file, from, to)));
    }
    Histogram total = new Histogram(3);
    total.setAutoResize(true);
    try {
      for (Future<Histogram> part : parts) {
        total.add(part.get());
      }
    } finally {
      pool.shutdown(); // a failed part must not leave the run waiting on idle threads
    }
    System.out.println("lines=" + total.getTotalCount() + " p99_ns=" + total.getValueAtPercentile(99));
  }

  private static long nextLineStart(Path file, long at) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      in.skipNBytes(at);
      long pos = at;
      int b;
      while ((b = in.read()) >= 0) {
        pos++;
        if (b == '\n') {
          return pos;
        }
      }
      return pos;
    }
  }

  private static Histogram scan(Path file, long from, long to) throws IOException {
    Histogram h = new Histogram(3);
    h.setAutoResize(true);
    byte[] buf = new byte[1 << 20];
    try (InputStream in = Files.newInputStream(file)) {
      in.skipNBytes(from);
      long left = to - from;
      int end = 0;
      int n;
      while (left > 0 && (n = in.read(buf, end, (int) Math.min(buf.length - end, left))) > 0) {
        left -= n;
        end += n;
        int start = 0;
        for (int i = 0; i < end; i++) {
          if (buf[i] == '\n') {
            record(h, buf, start, i);
            start = i + 1;
          }
        }
        System.arraycopy(buf, start, buf, 0, end - start);
        end -= start;
      }
      if (end > 0) {
        record(h, buf, 0, end);
      }
    }
    return h;
  }

  /**
   * The last field, "0.062", as nanoseconds; a line without one counts as 0. Digits past the
   * twelfth are dropped, so a JVM log's last field ("134K(192K)->134K(192K)") cannot overflow.
   */
  static void record(Histogram h, byte[] b, int from, int to) {
    long value = 0;
    int i = to - 1;
    while (i >= from && b[i] != ' ') {
      i--;
    }
    int digits = 0;
    for (int j = i + 1; j < to && digits < 12; j++) {
      int c = b[j] - '0';
      if (c >= 0 && c <= 9) {
        value = value * 10 + c;
        digits++;
      }
    }
    h.recordValue(value * 1_000_000L); // three decimals of a second: ms to ns
  }
}
