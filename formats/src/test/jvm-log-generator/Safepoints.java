import java.util.ArrayList;
import java.util.List;

/**
 * Makes a JVM log a few hundred lines long with many kinds of safepoint: collections forced by
 * System.gc(), collections caused by allocation, and thread dumps (Thread.getAllStackTraces()).
 * Run with -Xlog options; see generate.sh.
 */
public class Safepoints {
  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    List<byte[]> keep = new ArrayList<>();
    long sink = 0;
    for (int round = 0; round < rounds; round++) {
      for (int i = 0; i < 2_000; i++) {
        byte[] block = new byte[8 * 1024];
        sink += block.length;
        if (i % 50 == 0) {
          keep.add(block);
        }
      }
      if (keep.size() > 200) {
        keep.subList(0, 100).clear();
      }
      sink += Thread.getAllStackTraces().size();
      if (round % 4 == 0) {
        System.gc();
      }
      Thread.sleep(5);
    }
    System.out.println(sink + keep.size());
  }
}
