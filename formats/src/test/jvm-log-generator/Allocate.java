import java.util.*;
/**
 * Makes GC logs: allocates the given number of MB in blocks of random size, keeping a rotating
 * set alive so that some survive, and calls System.gc() once half way; with a second argument
 * {@code humongous}, one block in 40 is 2 MB (a humongous object for G1). Run with -Xlog options;
 * see generate.sh.
 */
public class Allocate {
  public static void main(String[] a) throws Exception {
    long mb = Long.parseLong(a[0]);
    List<byte[]> keep = new ArrayList<>();
    Random r = new Random(7);
    long bytes = 0, target = mb << 20;
    boolean gcDone = false;
    boolean humongous = a.length > 1 && a[1].equals("humongous");
    while (bytes < target) {
      int n = humongous && r.nextInt(40) == 0 ? 2 << 20 : r.nextInt(64 * 1024) + 16;
      byte[] b = new byte[n];
      bytes += n;
      if (r.nextInt(8) == 0) keep.add(b);
      if (keep.size() > 1500) keep.subList(0, 700).clear();
      if (!gcDone && bytes > target / 2) { System.gc(); gcDone = true; }
    }
    System.out.println(keep.size());
  }
}
