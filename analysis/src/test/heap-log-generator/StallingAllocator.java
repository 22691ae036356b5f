/**
 * Allocates as fast as its threads can while keeping a large share of a small heap reachable, so
 * ZGC cannot free memory as fast as it is taken and threads stall on allocation.
 *
 * <p>Usage: java StallingAllocator THREADS LIVE_MB SECONDS. Prints the bytes its threads
 * allocated and the seconds they ran.
 */
public final class StallingAllocator {

  public static void main(String[] args) throws Exception {
    int threads = Integer.parseInt(args[0]);
    int liveArrays = Integer.parseInt(args[1]) * 1024 / threads; // 1 KiB arrays per thread
    long end = System.nanoTime() + (long) (Double.parseDouble(args[2]) * 1e9);
    long[] made = new long[threads];
    Thread[] running = new Thread[threads];
    for (int t = 0; t < threads; t++) {
      int self = t;
      running[t] = new Thread(() -> {
        byte[][] ring = new byte[liveArrays][]; // the live set: each array lives a ring's turn
        int at = 0;
        long n = 0;
        while (System.nanoTime() < end) {
          for (int i = 0; i < 4096; i++) {
            ring[at] = new byte[1024];
            at = at + 1 == ring.length ? 0 : at + 1;
            n++;
          }
        }
        made[self] = n;
      }, "allocator-" + t);
      running[t].start();
    }
    long arrays = 0;
    for (int t = 0; t < threads; t++) {
      running[t].join();
      arrays += made[t];
    }
    System.out.println("arrays=" + arrays);
  }
}
