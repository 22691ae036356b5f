package tardy.formats.jvm;

import tardy.events.Ascii;
import tardy.events.PauseEvent;

/**
 * The young/old split and the metaspace of a JDK 6-8 GC event, from the groups nested one level
 * in it: {@code [PSYoungGen: 33280K->5088K(38400K)]}, {@code [ParNew: ...]}, {@code [ParNew
 * (promotion failed): ...]}, {@code [DefNew: ...]} (young), {@code [ParOldGen: ...]}, {@code
 * [PSOldGen: ...]}, {@code [Tenured: ...]}, {@code [CMS: ...]} (old) and {@code [Metaspace:
 * 2623K->2623K(1056768K)]}. A young collection that prints only the young generation leaves the
 * old one to be worked out from the heap (in the recording).
 */
final class Jdk8Generations {

  private static final byte[][] YOUNG = {Ascii.bytes("PSYoungGen"), Ascii.bytes("ParNew"),
      Ascii.bytes("DefNew")};
  private static final byte[][] OLD = {Ascii.bytes("ParOldGen"), Ascii.bytes("PSOldGen"),
      Ascii.bytes("Tenured"), Ascii.bytes("CMS")};
  private static final byte[] METASPACE = Ascii.bytes("Metaspace");
  private static final byte[] SURVIVORS = Ascii.bytes(" Survivors: ");

  private final GenerationLines sizes = new GenerationLines();

  /** Reads the group whose name starts at {@code at} (after its bracket) into {@code e}. */
  void read(byte[] b, int at, int to, PauseEvent e) {
    if (at >= to) {
      return;
    }
    if (b[at] == 'M') {
      int from = transition(b, at, to, METASPACE);
      if (from > 0 && sizes.sizes(b, from, to)) {
        e.metaspaceAfterBytes(sizes.sizeAfter());
      }
      return;
    }
    for (byte[] name : YOUNG) {
      int from = transition(b, at, to, name);
      if (from > 0 && sizes.sizes(b, from, to)) {
        e.generationBytes(sizes.sizeBefore(), sizes.sizeAfter(), e.oldBeforeBytes(),
            e.oldAfterBytes());
        return;
      }
    }
    for (byte[] name : OLD) {
      int from = transition(b, at, to, name);
      if (from > 0 && sizes.sizes(b, from, to)) {
        e.generationBytes(e.youngBeforeBytes(), e.youngAfterBytes(), sizes.sizeBefore(),
            sizes.sizeAfter());
        return;
      }
    }
  }

  /**
   * JDK 7-8 G1's {@code 24.0M(24.0M)->0.0B(20.0M) Survivors: 0.0B->3072.0K} (after {@code
   * [Eden: }, up to {@code  Heap:}), with the heap of the same line: young = eden + survivors,
   * old = heap - young (old, humongous regions: JMX's "G1 Old Gen"), before and after. The sizes
   * are printed to a tenth of their unit, so old is within a few tenths of a unit (never below 0).
   */
  void g1(byte[] b, int from, int to, long heapBefore, long heapAfter, PauseEvent e) {
    int survivors = Ascii.indexOf(b, from, to, SURVIVORS);
    if (survivors < 0 || !g1Sizes(b, from, survivors)) {
      return;
    }
    long youngBefore = g1Pair[0];
    long youngAfter = g1Pair[1];
    if (!g1Sizes(b, survivors + SURVIVORS.length, to)) {
      return;
    }
    youngBefore += g1Pair[0];
    youngAfter += g1Pair[1];
    // the rounding of the printed sizes may leave young a little above the heap: old 0 then
    e.generationBytes(youngBefore, youngAfter, Math.max(0, heapBefore - youngBefore),
        Math.max(0, heapAfter - youngAfter));
  }

  private final long[] g1Pair = new long[2];

  /**
   * Exactly {@code 24.0M(24.0M)->0.0B(13.0M)} or {@code 0.0B->3072.0K} in {@code b[from, to)},
   * with a decimal point or comma (the locale's), into {@link #g1Pair}.
   */
  private boolean g1Sizes(byte[] b, int from, int to) {
    int arrow = -1;
    for (int i = from; i + 1 < to; i++) {
      if (b[i] == '-' && b[i + 1] == '>') {
        arrow = i;
        break;
      }
    }
    if (arrow < 0) {
      return false;
    }
    int beforeOpen = Ascii.indexOf(b, from, arrow, (byte) '(');
    int afterOpen = Ascii.indexOf(b, arrow + 2, to, (byte) '(');
    g1Pair[0] = HeapSize.bytes(b, from, beforeOpen < 0 ? arrow : beforeOpen);
    g1Pair[1] = HeapSize.bytes(b, arrow + 2, afterOpen < 0 ? to : afterOpen);
    return g1Pair[0] >= 0 && g1Pair[1] >= 0;
  }

  /**
   * Where the sizes start when {@code b[at, to)} is {@code NAME: } or {@code NAME (why): }; -1
   * otherwise ({@code CMS Perm :}, {@code CMS-remark} are not the old generation's sizes).
   */
  private static int transition(byte[] b, int at, int to, byte[] name) {
    if (!Ascii.startsWith(b, at, to, name)) {
      return -1;
    }
    int i = at + name.length;
    if (i + 1 < to && b[i] == ' ' && b[i + 1] == '(') {
      int close = Ascii.indexOf(b, i, to, (byte) ')');
      if (close < 0) {
        return -1;
      }
      i = close + 1;
    }
    if (i + 1 >= to || b[i] != ':' || b[i + 1] != ' ') {
      return -1;
    }
    return i + 2;
  }
}
