import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * A live set of known size that grows at a fixed pace, beside garbage at a fixed allocation rate:
 * for checking which figure of a GC log tracks the live set. Every 100 ms it prints the JVM's
 * uptime and the bytes it keeps reachable ({@code live=UPTIME_MS,BYTES}: its arrays with their
 * 16-byte headers and the list's backing array), not counting what the JVM itself keeps.
 *
 * <p>Usage: java KnownLiveSet BASE_MB LEAK_KB_PER_SECOND GARBAGE_MB_PER_SECOND SECONDS
 */
public final class KnownLiveSet {
  private static final int ARRAY = 1024;
  private static final int OBJECT = ARRAY + 16;
  /** Where each garbage array escapes to, so that the JIT cannot leave its allocation out. */
  static volatile byte[] escaped;

  public static void main(String[] args) throws Exception {
    long base = Long.parseLong(args[0]) << 20;
    long leakPerSecond = Long.parseLong(args[1]) << 10;
    long garbagePerSecond = Long.parseLong(args[2]) << 20;
    double seconds = Double.parseDouble(args[3]);
    int capacity = 1 << 20;
    List<byte[]> kept = new ArrayList<>(capacity);
    long listBytes = 16 + 4L * capacity; // compressed oops
    for (long b = 0; b < base; b += ARRAY) {
      kept.add(new byte[ARRAY]);
    }
    java.lang.management.RuntimeMXBean runtime = ManagementFactory.getRuntimeMXBean();
    StringBuilder out = new StringBuilder();
    long start = System.nanoTime();
    long end = start + (long) (seconds * 1e9);
    long garbage = 0;
    long leaked = 0;
    long nextAt = start;
    long sink = 0;
    long now;
    while ((now = System.nanoTime()) < end) {
      double t = (now - start) / 1e9;
      while (garbage < (long) (t * garbagePerSecond)) {
        byte[] g = new byte[ARRAY];
        escaped = g;
        sink += g.length;
        garbage += ARRAY;
      }
      while (leaked < (long) (t * leakPerSecond)) {
        kept.add(new byte[ARRAY]);
        leaked += ARRAY;
      }
      if (now >= nextAt) {
        out.append("live=").append(runtime.getUptime()).append(',')
            .append(kept.size() * (long) OBJECT + listBytes).append('\n');
        nextAt += 100_000_000;
      }
      Thread.sleep(1);
    }
    out.append("live=").append(runtime.getUptime()).append(',')
        .append(kept.size() * (long) OBJECT + listBytes).append('\n');
    System.out.println("kept_objects=" + kept.size() + " sink=" + (sink > 0));
    System.out.print(out);
  }
}
