package tardy.classify.timeline;

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
}
