package tardy.record.pause;

/** The order that sorts a column of numbers, equal ones kept in their order, without boxing. */
final class StableOrder {

  private StableOrder() {}

  /**
   * The positions of {@code keys} in ascending order of their keys, equal keys in their order;
   * null when they are in that order already (one JVM log read in time order).
   */
  static int[] of(long[] keys) {
    int n = keys.length;
    int i = 1;
    while (i < n && keys[i - 1] <= keys[i]) {
      i++;
    }
    if (i >= n) {
      return null;
    }
    int[] order = new int[n];
    for (int p = 0; p < n; p++) {
      order[p] = p;
    }
    int[] merged = new int[n];
    for (int width = 1; width < n; width *= 2) { // bottom-up merge sort: stable, n log n
      for (int lo = 0; lo < n; lo += 2 * width) {
        int mid = Math.min(lo + width, n);
        int hi = Math.min(lo + 2 * width, n);
        int a = lo;
        int b = mid;
        for (int out = lo; out < hi; out++) {
          merged[out] = b >= hi || a < mid && keys[order[a]] <= keys[order[b]] ? order[a++] : order[b++];
        }
      }
      int[] swap = order;
      order = merged;
      merged = swap;
    }
    return order;
  }

  /**
   * Puts the pause index's columns in {@code order} ({@link #of}) in place, following each cycle
   * of the permutation once, so that no column is copied ({@code slack} may be null); {@code order}
   * is used up.
   */
  static void apply(int[] order, long[] start, int[] duration, int[] kind, long[] slack) {
    for (int i = 0; i < order.length; i++) {
      if (order[i] < 0) {
        continue; // moved with an earlier cycle
      }
      long startI = start[i];
      int durationI = duration[i];
      int kindI = kind[i];
      long slackI = slack == null ? 0 : slack[i];
      int to = i;
      while (true) { // position to takes what stood at order[to]
        int from = order[to];
        order[to] = ~from;
        if (from == i) {
          start[to] = startI;
          duration[to] = durationI;
          kind[to] = kindI;
          if (slack != null) {
            slack[to] = slackI;
          }
          break;
        }
        start[to] = start[from];
        duration[to] = duration[from];
        kind[to] = kind[from];
        if (slack != null) {
          slack[to] = slack[from];
        }
        to = from;
      }
    }
  }
}
