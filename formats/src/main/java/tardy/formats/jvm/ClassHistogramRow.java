package tardy.formats.jvm;

import tardy.events.Ascii;

/**
 * A row of the class histogram that {@code -XX:+PrintClassHistogramBeforeFullGC} (and {@code
 * ...AfterFullGC}) print inside a Full GC event: {@code    2:       7387804     2608719296  [C}.
 * Array class names ({@code [C}, {@code [Ljava.lang.Object;}, {@code [[I}) open a bracket they
 * never close, so such a row is read as text, not as brackets of the event.
 */
final class ClassHistogramRow {

  private ClassHistogramRow() {}

  /** Spaces, a rank and {@code :}, two counts, then the class name. */
  static boolean is(byte[] b, int from, int to) {
    int i = Ascii.skipSpaces(b, from, to);
    int rank = digits(b, i, to);
    if (rank == i || rank >= to || b[rank] != ':') {
      return false;
    }
    i = rank + 1;
    for (int field = 0; field < 2; field++) {
      int start = Ascii.skipSpaces(b, i, to);
      int end = digits(b, start, to);
      if (start == i || end == start) {
        return false; // a count must follow spaces
      }
      i = end;
    }
    int name = Ascii.skipSpaces(b, i, to);
    return name > i && name < to;
  }

  private static int digits(byte[] b, int i, int to) {
    while (i < to && Ascii.isDigit(b[i])) {
      i++;
    }
    return i;
  }
}
