package tardy.record.interval;


import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * A compact interval's groups: names in sorted order beside their encodings, as two arrays. A
 * long log keeps tens of thousands of intervals until they are written, so each holds two arrays,
 * not a tree of entries; it reads as an unmodifiable sorted map.
 */
final class SortedGroups extends AbstractMap<String, EncodedHistogram> {

  private final String[] names;
  private final EncodedHistogram[] encodings;

  /** @param names sorted, without repeats; {@code encodings[i]} is {@code names[i]}'s */
  SortedGroups(String[] names, EncodedHistogram[] encodings) {
    this.names = names;
    this.encodings = encodings;
  }

  @Override
  public int size() {
    return names.length;
  }

  /** The groups {@code keep} accepts: this when it accepts all. */
  SortedGroups retain(java.util.function.Predicate<String> keep) {
    int kept = 0;
    String[] keptNames = new String[names.length];
    EncodedHistogram[] keptEncodings = new EncodedHistogram[names.length];
    for (int i = 0; i < names.length; i++) {
      if (keep.test(names[i])) {
        keptNames[kept] = names[i];
        keptEncodings[kept++] = encodings[i];
      }
    }
    return kept == names.length ? this
        : new SortedGroups(Arrays.copyOf(keptNames, kept), Arrays.copyOf(keptEncodings, kept));
  }

  String name(int i) {
    return names[i];
  }

  EncodedHistogram encoding(int i) {
    return encodings[i];
  }

  @Override
  public EncodedHistogram get(Object name) {
    int at = name instanceof String s ? Arrays.binarySearch(names, s) : -1;
    return at >= 0 ? encodings[at] : null;
  }

  @Override
  public boolean containsKey(Object name) {
    return get(name) != null;
  }

  @Override
  public Set<Entry<String, EncodedHistogram>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return names.length;
      }

      @Override
      public Iterator<Entry<String, EncodedHistogram>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < names.length;
          }

          @Override
          public Entry<String, EncodedHistogram> next() {
            if (next >= names.length) {
              throw new NoSuchElementException();
            }
            int i = next++;
            return new SimpleImmutableEntry<>(names[i], encodings[i]);
          }
        };
      }
    };
  }
}
