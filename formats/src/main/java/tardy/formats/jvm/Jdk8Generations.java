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
