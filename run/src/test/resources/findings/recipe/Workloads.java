import java.util.ArrayList;
import java.util.List;

/**
 * Small programs that make a JVM show one pause signature each; make-logs.sh runs them with the
 * flags that let the signature appear and keeps the logs they write.
 */
public final class Workloads {

  static volatile Object sink;
  static volatile long total;

  public static void main(String[] args) throws Exception {
    long seconds = args.length > 1 ? Long.parseLong(args[1]) : 5;
    long end = System.nanoTime() + seconds * 1_000_000_000L;
    switch (args[0]) {
      case "churn" -> churn(end, 0);                // plain young collections, nothing special
      case "idle" -> idle(end);                     // a JVM others act on (jcmd Thread.print)
      case "counted-loop" -> countedLoop(end);      // one thread in a long loop with no poll
      case "retain" -> retain(end);                 // keeps most of what it allocates: tiny heap
      case "humongous" -> humongous(end);           // arrays larger than half a G1 region
      case "system-gc" -> systemGc(end);            // explicit System.gc() calls
      case "metaspace" -> metaspace(end);           // loads classes until metadata fills
      case "first-touch" -> firstTouch(end);        // survivors copied into pages never touched
      default -> throw new IllegalArgumentException(args[0]);
    }
    System.out.println(total);
  }

  static void churn(long end, int keep) {
    List<Object> live = new ArrayList<>();
    while (System.nanoTime() < end) {
      for (int i = 0; i < 10_000; i++) {
        sink = new byte[256];
      }
      if (keep > 0) {
        live.add(new byte[keep]);
        if (live.size() > 2000) {
          live.subList(0, 1000).clear();
        }
      }
    }
  }

  static void idle(long end) throws InterruptedException {
    Thread[] threads = new Thread[20];
    for (int i = 0; i < threads.length; i++) {
      threads[i] = new Thread(() -> {
        try {
          Thread.sleep(Long.MAX_VALUE);
        } catch (InterruptedException e) {
          // done
        }
      });
      threads[i].setDaemon(true);
      threads[i].start();
    }
    while (System.nanoTime() < end) {
      sink = new byte[1024];
      Thread.sleep(1);
    }
  }

  /** An int-counted loop: without counted-loop safepoints the JIT puts no poll inside. */
  static long spin(int n) {
    long s = 0;
    for (int i = 0; i < n; i++) {
      s += (i ^ (s >>> 3)) * 31;
    }
    return s;
  }

  static void countedLoop(long end) throws InterruptedException {
    Thread spinner = new Thread(() -> {
      while (System.nanoTime() < end) {
        total += spin(400_000_000); // about half a second
      }
    });
    spinner.setDaemon(true);
    spinner.start();
    churn(end, 0);
  }

  static void retain(long end) {
    List<byte[]> live = new ArrayList<>();
    try {
      while (System.nanoTime() < end) {
        live.add(new byte[4096]);
        if (live.size() % 4 == 0) {
          sink = new byte[2048];
        }
        if (live.size() > 9000) { // stays just below the heap: the collector works hard
          live.subList(0, 3000).clear();
        }
      }
    } catch (OutOfMemoryError e) {
      live.clear();
    }
  }

  /** Keeps a few hundred MB alive, replaced slowly: every young GC copies into fresh pages. */
  static void firstTouch(long end) {
    List<byte[]> live = new ArrayList<>();
    int next = 0;
    while (System.nanoTime() < end) {
      byte[] b = new byte[64 * 1024];
      if (live.size() < 6000) {
        live.add(b);
      } else {
        live.set(next, b);
        next = (next + 1) % live.size();
      }
    }
  }

  static void humongous(long end) {
    List<Object> live = new ArrayList<>();
    while (System.nanoTime() < end) {
      live.add(new long[200_000]); // 1.6 MB: humongous with 1 MB regions
      if (live.size() > 10) {
        live.remove(0);
      }
      for (int i = 0; i < 1000; i++) {
        sink = new byte[128];
      }
    }
  }

  static void systemGc(long end) throws InterruptedException {
    while (System.nanoTime() < end) {
      churn(System.nanoTime() + 200_000_000L, 0);
      System.gc();
    }
  }

  static void metaspace(long end) throws Exception {
    List<Object> keep = new ArrayList<>();
    byte[] bytes;
    try (var in = Workloads.class.getResourceAsStream("Workloads$Loaded.class")) {
      bytes = in.readAllBytes();
    }
    int n = 0;
    while (System.nanoTime() < end) {
      ClassLoader loader = new ClassLoader(Workloads.class.getClassLoader()) {
        {
          keep.add(defineClass("Workloads$Loaded", bytes, 0, bytes.length));
        }
      };
      if (++n % 200 == 0) {
        keep.subList(0, keep.size() / 2).clear(); // unloadable: metadata GCs find garbage
      }
      sink = loader;
    }
  }

  static final class Loaded {
    int a;
    long b;
    String c;
  }
}
