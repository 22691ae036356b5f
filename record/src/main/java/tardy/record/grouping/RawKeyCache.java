package tardy.record.grouping;

import java.util.Arrays;
import tardy.events.Ascii;

/**
 * Maps raw key bytes (a method and path as logged, a pause kind) to what they belong to,
 * without making a String for a key seen before. Open addressing over a power-of-two table; when
 * it holds too many keys it starts over, so a flood of unique paths costs bounded memory.
 */
public final class RawKeyCache<V> {

  private static final int MAX_KEYS = 1 << 16;

  private byte[][] keys;
  private Object[] values;
  private int[] hashes;
  private int size;

  public RawKeyCache() {
    this(1 << 9);
  }

  /** A cache with room for {@code expectedKeys} keys before it grows. */
  public RawKeyCache(int expectedKeys) {
    int slots = Integer.highestOneBit(2 * Math.max(expectedKeys, 1) + 1) << 1;
    keys = new byte[slots][];
    values = new Object[slots];
    hashes = new int[slots];
  }

  /** The hash this cache expects: {@link Ascii#hash}. */
  public static int hash(byte[] b, int from, int to) {
    return Ascii.hash(b, from, to);
  }

  @SuppressWarnings("unchecked")
  public V get(byte[] b, int from, int to, int hash) {
    int mask = keys.length - 1;
    for (int i = hash & mask; keys[i] != null; i = (i + 1) & mask) {
      if (hashes[i] == hash && Arrays.equals(keys[i], 0, keys[i].length, b, from, to)) {
        return (V) values[i];
      }
    }
    return null;
  }

  public void put(byte[] b, int from, int to, int hash, V group) {
    if (size >= MAX_KEYS) {
      clear();
    }
    if (2 * (size + 1) > keys.length) {
      grow();
    }
    insert(Arrays.copyOfRange(b, from, to), hash, group);
  }

  private void insert(byte[] key, int hash, Object group) {
    int mask = keys.length - 1;
    int i = hash & mask;
    while (keys[i] != null) {
      i = (i + 1) & mask;
    }
    keys[i] = key;
    hashes[i] = hash;
    values[i] = group;
    size++;
  }

  private void grow() {
    byte[][] oldKeys = keys;
    Object[] oldValues = values;
    int[] oldHashes = hashes;
    keys = new byte[oldKeys.length * 2][];
    values = new Object[oldKeys.length * 2];
    hashes = new int[oldKeys.length * 2];
    size = 0;
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] != null) {
        insert(oldKeys[i], oldHashes[i], oldValues[i]);
      }
    }
  }

  private void clear() {
    Arrays.fill(keys, null);
    Arrays.fill(values, null);
    size = 0;
  }
}
