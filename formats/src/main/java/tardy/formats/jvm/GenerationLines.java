package tardy.formats.jvm;

import tardy.events.Ascii;
import tardy.events.PauseEvent;
import tardy.events.Times;

/**
 * The young/old split and the metaspace of one unified-logging GC, from its {@code gc,heap} and
 * {@code gc,metaspace} lines, which come before the pause line of the same {@code GC(n)}: G1's
 * {@code Eden regions: 21->0(22)}, {@code Survivor}, {@code Old}, {@code Archive} and {@code
 * Humongous regions} (times the region size of the {@code Heap Region Size: 1M} line; young is
 * eden and survivors, old the rest, as JMX's "G1 Old Gen" pool counts it), Parallel's {@code
 * PSYoungGen}/{@code ParOldGen}, Serial's {@code DefNew}/{@code Tenured} ({@code
 * 47584K(47616K)->6624K(33280K)}, JDK 9-15 {@code 1024K->512K(2048K)}) and {@code Metaspace:
 * 480K(640K)->480K(640K)}. Kept for the GC id they name until its pause takes them. G1's
 * regions before the region size was read (a part of the log read apart from its start) are
 * handed on as counts, for the recording to size once the parts are put together.
 */
final class GenerationLines {

  private static final byte[] GC_ID = Ascii.bytes("GC(");
  private static final byte[] REGION_SIZE = Ascii.bytes("Heap Region Size: ");
  private static final byte[] REGION_SIZE_OLD = Ascii.bytes("Heap region size: ");
  private static final byte[] EDEN = Ascii.bytes("Eden regions: ");
  private static final byte[] SURVIVOR = Ascii.bytes("Survivor regions: ");
  private static final byte[] OLD = Ascii.bytes("Old regions: ");
  private static final byte[] ARCHIVE = Ascii.bytes("Archive regions: ");
  private static final byte[] HUMONGOUS = Ascii.bytes("Humongous regions: ");
  private static final byte[][] YOUNG_SPACES = {Ascii.bytes("PSYoungGen: "), Ascii.bytes("DefNew: ")};
  private static final byte[][] OLD_SPACES = {Ascii.bytes("ParOldGen: "), Ascii.bytes("Tenured: ")};
  private static final byte[] METASPACE = Ascii.bytes("Metaspace: ");

  private long regionBytes = Times.NONE;
  private long gcId = Times.NONE;
  private long youngBefore;
  private long youngAfter;
  private long oldBefore;
  private long oldAfter;
  private long metaspaceAfter;
  private boolean inRegions;
  private final long[] pair = new long[2];

  /**
   * Reads the message {@code b[msg, to)} of a line that is no pause; returns whether it was one
   * of the lines this keeps.
   */
  boolean read(byte[] b, int msg, int to) {
    if (!Ascii.startsWith(b, msg, to, GC_ID)) {
      return regionSize(b, msg, to);
    }
    int close = Ascii.indexOf(b, msg + GC_ID.length, Math.min(to, msg + 24), (byte) ')');
    if (close < 0 || close + 1 >= to || b[close + 1] != ' ') {
      return false;
    }
    long id = Ascii.parseUnsignedLong(b, msg + GC_ID.length, close);
    int at = close + 2;
    if (at >= to) {
      return false;
    }
    return switch (b[at]) {
      case 'E', 'S', 'O', 'A', 'H' -> regions(id, b, at, to);
      case 'P', 'D', 'T' -> spaces(id, b, at, to);
      case 'M' -> metaspace(id, b, at, to);
      default -> false;
    };
  }

  private boolean regionSize(byte[] b, int msg, int to) {
    byte[] word = Ascii.startsWith(b, msg, to, REGION_SIZE) ? REGION_SIZE
        : Ascii.startsWith(b, msg, to, REGION_SIZE_OLD) ? REGION_SIZE_OLD : null;
    if (word == null) {
      return false;
    }
    long size = HeapSize.bytes(b, msg + word.length, UnifiedGcLine.trimEnd(b, msg, to));
    if (size > 0) {
      regionBytes = size;
    }
    return false; // an init line stays what it was
  }

  private boolean regions(long id, byte[] b, int at, int to) {
    boolean young;
    int from;
    if (Ascii.startsWith(b, at, to, EDEN)) {
      young = true;
      from = at + EDEN.length;
    } else if (Ascii.startsWith(b, at, to, SURVIVOR)) {
      young = true;
      from = at + SURVIVOR.length;
    } else if (Ascii.startsWith(b, at, to, OLD)) {
      young = false;
      from = at + OLD.length;
    } else if (Ascii.startsWith(b, at, to, ARCHIVE)) {
      young = false;
      from = at + ARCHIVE.length;
    } else if (Ascii.startsWith(b, at, to, HUMONGOUS)) {
      young = false;
      from = at + HUMONGOUS.length;
    } else {
      return false;
    }
    if (!counts(b, from, to)) {
      return false;
    }
    gc(id);
    inRegions = !Times.isSet(regionBytes);
    long size = inRegions ? 1 : regionBytes;
    long before = pair[0] * size;
    long after = pair[1] * size;
    if (young) {
      youngBefore = add(youngBefore, before);
      youngAfter = add(youngAfter, after);
    } else {
      oldBefore = add(oldBefore, before);
      oldAfter = add(oldAfter, after);
    }
    return true;
  }

  private static long add(long sum, long bytes) {
    return Times.isSet(sum) ? sum + bytes : bytes;
  }

  /** {@code 21->0(22)} or {@code 4->7}: region counts before and after into {@link #pair}. */
  private boolean counts(byte[] b, int from, int to) {
    int arrow = Ascii.indexOf(b, from, to, (byte) '-');
    if (arrow <= from || arrow + 2 > to || b[arrow + 1] != '>') {
      return false;
    }
    int end = arrow + 2;
    while (end < to && Ascii.isDigit(b[end])) {
      end++;
    }
    if (end == arrow + 2) {
      return false;
    }
    pair[0] = Ascii.parseUnsignedLong(b, from, arrow);
    pair[1] = Ascii.parseUnsignedLong(b, arrow + 2, end);
    return pair[0] >= 0 && pair[1] >= 0;
  }

  private boolean spaces(long id, byte[] b, int at, int to) {
    for (byte[] w : YOUNG_SPACES) {
      if (Ascii.startsWith(b, at, to, w) && sizes(b, at + w.length, to)) {
        gc(id);
        youngBefore = pair[0];
        youngAfter = pair[1];
        return true;
      }
    }
    for (byte[] w : OLD_SPACES) {
      if (Ascii.startsWith(b, at, to, w) && sizes(b, at + w.length, to)) {
        gc(id);
        oldBefore = pair[0];
        oldAfter = pair[1];
        return true;
      }
    }
    return false;
  }

  private boolean metaspace(long id, byte[] b, int at, int to) {
    if (!Ascii.startsWith(b, at, to, METASPACE) || !sizes(b, at + METASPACE.length, to)) {
      return false;
    }
    gc(id);
    metaspaceAfter = pair[1];
    return true;
  }

  /**
   * {@code 47584K(47616K)->6624K(33280K)} or {@code 1024K->512K(2048K)} at {@code from}: the
   * sizes used before and after into {@link #pair}.
   */
  boolean sizes(byte[] b, int from, int to) {
    int arrow = -1;
    for (int i = from; i + 1 < to && b[i] != ' '; i++) {
      if (b[i] == '-' && b[i + 1] == '>') {
        arrow = i;
        break;
      }
    }
    if (arrow < 0) {
      return false;
    }
    int beforeEnd = Ascii.indexOf(b, from, arrow, (byte) '(');
    int afterEnd = arrow + 2;
    while (afterEnd < to && b[afterEnd] != '(' && b[afterEnd] != ' ' && b[afterEnd] != ','
        && b[afterEnd] != ']') {
      afterEnd++;
    }
    pair[0] = HeapSize.bytes(b, from, beforeEnd < 0 ? arrow : beforeEnd);
    pair[1] = HeapSize.bytes(b, arrow + 2, afterEnd);
    return pair[0] >= 0 && pair[1] >= 0;
  }

  /** The size before, of the last {@link #sizes} read. */
  long sizeBefore() {
    return pair[0];
  }

  /** The size after, of the last {@link #sizes} read. */
  long sizeAfter() {
    return pair[1];
  }

  /** Starts over when the lines name another GC than those kept. */
  private void gc(long id) {
    if (id != gcId) {
      gcId = id;
      youngBefore = youngAfter = oldBefore = oldAfter = metaspaceAfter = Times.NONE;
      inRegions = false;
    }
  }

  /** Gives the GC pause of {@code GC(id)} what its lines said, once. */
  void attach(long id, PauseEvent e) {
    e.regionBytes(regionBytes);
    if (id == Times.NONE || id != gcId) {
      return;
    }
    e.generationBytes(youngBefore, youngAfter, oldBefore, oldAfter)
        .metaspaceAfterBytes(metaspaceAfter).generationsInRegions(inRegions);
    gcId = Times.NONE;
  }
}
