import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Allocates at a fixed rate and keeps a growing share of what it allocates: a known allocation
 * rate and a live set that grows (a leak), for checking what tardy reads of them in the GC log.
 * A ring of recent arrays lives a few seconds, so the old generation fills with garbage too and
 * the collectors run full or mixed collections before the heap runs out.
 *
 * <p>Usage: java LeakingAllocator MB_PER_SECOND LEAK_KB_PER_SECOND SECONDS. Prints the bytes
 * this thread allocated (the JVM's own count) and the seconds it ran, as {@code key=value}, and
 * every 100 ms of its run the JVM's uptime and the bytes allocated so far ({@code
 * at=UPTIME_MS,BYTES}), so a reader can take the rate over any stretch of the run (a loaded
 * machine does not keep the pace steady).
 */
public final class LeakingAllocator {

  private static final int ARRAY = 1024; // small: never humongous, always in a TLAB

  /** Appends the uptime and the bytes allocated so far; returns when to count next. */
  private static long count(StringBuilder at, java.lang.management.RuntimeMXBean runtime,
      com.sun.management.ThreadMXBean threads, long self, long startAllocated) {
    at.append("at=").append(runtime.getUptime()).append(',')
        .append(threads.getThreadAllocatedBytes(self) - startAllocated).append('\n');
    return System.nanoTime() + 100_000_000;
  }

  public static void main(String[] args) throws Exception {
    long bytesPerSecond = Long.parseLong(args[0]) << 20;
    long leakPerSecond = Long.parseLong(args[1]) << 10;
    double seconds = Double.parseDouble(args[2]);
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long self = Thread.currentThread().getId();
    List<byte[]> leaked = new ArrayList<>(1 << 20);
    byte[][] ring = new byte[16 * 1024][]; // 16 MiB that lives a second or two
    int ringAt = 0;
    long leakEvery = Math.max(1, bytesPerSecond / Math.max(1, leakPerSecond));
    long startAllocated = threads.getThreadAllocatedBytes(self);
    long start = System.nanoTime();
    long end = start + (long) (seconds * 1e9);
    long made = 0;
    long now;
    StringBuilder at = new StringBuilder();
    long nextAt = start;
    java.lang.management.RuntimeMXBean runtime = ManagementFactory.getRuntimeMXBean();
    while ((now = System.nanoTime()) < end) {
      long due = (long) ((now - start) / 1e9 * bytesPerSecond);
      while (made < due) {
        byte[] a = new byte[ARRAY];
        made += ARRAY;
        if ((made / ARRAY) % leakEvery == 0) {
          leaked.add(a);
        } else if ((made / ARRAY) % 10 == 0) {
          ring[ringAt] = a;
          ringAt = (ringAt + 1) % ring.length;
        }
        if ((made / ARRAY) % 4096 == 0 && System.nanoTime() >= nextAt) { // catching up, too
          nextAt = count(at, runtime, threads, self, startAllocated);
        }
      }
      if (now >= nextAt) {
        nextAt = count(at, runtime, threads, self, startAllocated);
      }
      Thread.sleep(1);
    }
    count(at, runtime, threads, self, startAllocated);
    long took = System.nanoTime() - start;
    long allocated = threads.getThreadAllocatedBytes(self) - startAllocated;
    System.out.println("allocated_bytes=" + allocated);
    System.out.println("seconds=" + took / 1e9);
    System.out.println("rate_bytes_per_second=" + (long) (allocated / (took / 1e9)));
    System.out.println("leaked_bytes=" + (long) leaked.size() * (ARRAY + 16));
    System.out.print(at);
  }
}
