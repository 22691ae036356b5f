package tardy.classify.interval.deflate;

import java.util.Arrays;

/**
 * One length-limited Huffman code, built the way zlib builds it so that the lengths (and so the
 * bytes) are zlib's: a binary heap of the used symbols in symbol order whose ties go to the
 * shallower subtree, at least two symbols (unused ones made up with a count of one), lengths past
 * the limit fixed by moving leaves down, then canonical codes. Only the used symbols enter the
 * heap, so the cost follows what a block uses, not the size of the alphabet.
 */
final class HuffmanTree {

  private static final int NODE_BITS = 10;
  private static final int NODE_MASK = (1 << NODE_BITS) - 1;
  /** Depths stay below 32: a tree over at most 16,384 counts is at most 20 deep. */
  private static final int DEPTH_BITS = 5;
  private static final int DEPTH_MASK = (1 << DEPTH_BITS) - 1;

  private final int symbols;
  private final int maxLength;

  /** Counts of the symbols (0..symbols-1) and of the inner nodes after them. */
  final int[] counts;
  /** Code length of each symbol once {@link #build} ran; 0 for unused ones. */
  final int[] lengths;
  /** Bit-reversed code of each used symbol, after {@link #assignCodes}. */
  final int[] codes;
  /** The largest symbol with a code, after {@link #build}. */
  int maxSymbol;
  /** The symbols with a code in increasing order, after {@link #build}: {@code ordered[0, used)}. */
  final int[] ordered;
  int usedCount;
  /** Which symbols are counted: the work follows them, not the alphabet. */
  final long[] used;
  /**
   * Bits of the block's symbols under this code, extra bits left out; less one per made-up symbol,
   * as zlib counts it.
   */
  long bits;

  private final int[] parent;
  /** zlib's heap: the heap proper from 1 up, the nodes in order of removal from the end down. */
  private final int[] heap;
  private int heapLength;
  private int removedFrom;
  private final int[] perLength = new int[Rfc1951.MAX_CODE_BITS + 1];
  private final int[] nextCode = new int[Rfc1951.MAX_CODE_BITS + 1];

  HuffmanTree(int symbols, int maxLength) {
    this.symbols = symbols;
    this.maxLength = maxLength;
    int nodes = 2 * symbols + 1;
    counts = new int[nodes];
    lengths = new int[nodes];
    codes = new int[symbols];
    ordered = new int[symbols];
    used = new long[(symbols + 63) >>> 6];
    parent = new int[nodes];
    heap = new int[nodes + 1];
  }

  void add(int symbol) {
    counts[symbol]++;
    used[symbol >>> 6] |= 1L << symbol;
  }

  /** Forgets the previous block: its counts and its lengths (unused symbols have length 0). */
  void clear() {
    for (int w = 0; w < used.length; w++) {
      for (long set = used[w]; set != 0; set &= set - 1) {
        int n = w << 6 | Long.numberOfTrailingZeros(set);
        counts[n] = 0;
        lengths[n] = 0;
      }
      used[w] = 0;
    }
  }

  /**
   * The used symbols in order with the ones zlib makes up to reach two, into {@code into}; how
   * many. Changes nothing.
   */
  int paddedUsed(int[] into) {
    int n = 0;
    for (int w = 0; w < used.length; w++) {
      for (long set = used[w]; set != 0; set &= set - 1) {
        into[n++] = w << 6 | Long.numberOfTrailingZeros(set);
      }
    }
    int max = n == 0 ? -1 : into[n - 1];
    while (n < 2) {
      if (max < 2) {
        into[n++] = ++max;
      } else {
        System.arraycopy(into, 0, into, 1, n++);
        into[0] = 0;
      }
    }
    return n;
  }

  /** Lengths for the counts, and {@link #bits}. */
  void build() {
    usedCount = paddedUsed(ordered);
    maxSymbol = ordered[usedCount - 1];
    // deflate wants two codes at least: made-up symbols 0, 1 or 2, counted once and taken off
    // the size again the way zlib does (their fixed-code bits cancel out: none of them has extra
    // bits, and zlib takes off the fixed length it adds)
    bits = 0;
    for (int i = 0; i < Math.min(usedCount, 3); i++) {
      if (counts[ordered[i]] == 0) {
        add(ordered[i]);
        bits--;
      }
    }
    heapify();
    merge();
    assignLengths();
  }

  /**
   * zlib's heap of the used symbols in symbol order. Entries carry their node's key (count, then
   * depth) above the node number, so a comparison needs no lookup; equal keys tie as zlib's heap
   * ties them, by position.
   */
  private void heapify() {
    int n = usedCount;
    for (int k = 1; k <= n; k++) {
      int symbol = ordered[k - 1];
      heap[k] = (counts[symbol] << DEPTH_BITS) << NODE_BITS | symbol;
    }
    heap[n + 1] = Integer.MAX_VALUE;
    heapLength = n;
    for (int k = n / 2; k >= 1; k--) {
      siftDown(k);
    }
  }

  /** zlib's loop: the two least nodes under a new one, until one is left; the order kept. */
  private void merge() {
    removedFrom = heap.length - 1;
    int node = symbols;
    do {
      int least = heap[1];
      heap[1] = heap[heapLength];
      heap[heapLength--] = Integer.MAX_VALUE;
      siftDown(1);
      int next = heap[1];
      int n = least & NODE_MASK;
      int m = next & NODE_MASK;
      heap[--removedFrom] = n;
      heap[--removedFrom] = m;
      int count = counts[n] + counts[m];
      counts[node] = count;
      int depth = Math.max(least & DEPTH_MASK << NODE_BITS, next & DEPTH_MASK << NODE_BITS)
          + (1 << NODE_BITS);
      parent[n] = node;
      parent[m] = node;
      heap[1] = (count << DEPTH_BITS << NODE_BITS) | depth | node++;
      siftDown(1);
    } while (heapLength >= 2);
    heap[--removedFrom] = heap[1] & NODE_MASK;
  }

  /** The canonical codes of the lengths {@link #build} gave; only a block with its own codes needs them. */
  void assignCodes() {
    Rfc1951.firstCodes(perLength, nextCode);
    for (int i = 0; i < usedCount; i++) {
      int n = ordered[i];
      int length = lengths[n];
      codes[n] = Rfc1951.reversed(nextCode[length]++, length);
    }
  }

  /**
   * zlib's sift-down: equal counts go to the shallower node (it keeps the longest code short),
   * equal keys to the right child, and the node stops above children with its own key. Done as
   * Floyd's variant, which ends where zlib's does: the hole goes down the smaller children to the
   * bottom, the node comes back up over the keys larger than its own. The unused slot after the
   * heap holds the largest key, so a missing right child is never chosen and the choice needs no
   * branch.
   */
  private void siftDown(int k) {
    int[] h = heap;
    int v = h[k];
    int key = v >>> NODE_BITS;
    int last = heapLength;
    int hole = k;
    int j = k << 1;
    while (j <= last) {
      int left = h[j] >>> NODE_BITS;
      int right = h[j + 1] >>> NODE_BITS;
      j += 1 - ((left - right) >>> 31); // the right child when its key is not larger
      h[hole] = h[j];
      hole = j;
      j <<= 1;
    }
    while (hole > k && h[hole >>> 1] >>> NODE_BITS >= key) {
      h[hole] = h[hole >>> 1];
      hole >>>= 1;
    }
    h[hole] = v;
  }

  /** Depths from the root down, capped at the limit; then the overflow repaired. */
  private void assignLengths() {
    Arrays.fill(perLength, 0);
    int overflow = 0;
    lengths[heap[removedFrom]] = 0;
    int h;
    for (h = removedFrom + 1; h < heap.length - 1; h++) {
      int n = heap[h];
      int length = lengths[parent[n]] + 1;
      if (length > maxLength) {
        length = maxLength;
        overflow++;
      }
      lengths[n] = length;
      if (n > maxSymbol) {
        continue; // an inner node
      }
      perLength[length]++;
      bits += (long) counts[n] * length;
    }
    if (overflow == 0) {
      return;
    }
    // each overflowing leaf pairs with one moved down from the deepest shorter length
    do {
      int length = maxLength - 1;
      while (perLength[length] == 0) {
        length--;
      }
      perLength[length]--;
      perLength[length + 1] += 2;
      perLength[maxLength]--;
      overflow -= 2;
    } while (overflow > 0);
    // hand the lengths out again, longest to the least frequent leaves
    for (int length = maxLength; length != 0; length--) {
      int n = perLength[length];
      while (n != 0) {
        int m = heap[--h];
        if (m > maxSymbol) {
          continue;
        }
        if (lengths[m] != length) {
          bits += ((long) length - lengths[m]) * counts[m];
          lengths[m] = length;
        }
        n--;
      }
    }
  }
}
