package tardy.formats.jvm;

import tardy.events.Ascii;
import tardy.events.HeapCycleEvent;
import tardy.events.Times;

/**
 * The young/old split, the promotion and the metaspace of one concurrent GC cycle, from the lines
 * of its {@code GC(n)} that come before the line ending it. Generational ZGC (JDK 21+) prints
 * per generation a table whose columns are Mark Start, Mark End, Relocate Start and Relocate End
 * ({@code y: Young Generation Statistics:}, then {@code Used:  14M (9%)  16M (10%)  10M (6%)
 * 4M (2%)} and {@code Promoted:  -  -  5M (4%)  6M (4%)}; a major collection adds {@code O: Old
 * Generation Statistics:}): young is the young generation's Used at Mark Start and at Relocate
 * End, the promotion its Promoted at Relocate End (the bytes promoted over the whole relocation),
 * old the old generation's Used where its table is printed, else (a minor collection) the heap's
 * Used less the young's at the same columns (ZGC's heap is the two generations). The metaspace is
 * ZGC's {@code Metaspace: 4M used, …} (whole MiB, rounded down: {@code 0M} says no more than
 * under 1 MiB and is left out), the heap print's {@code
 * Metaspace used 524K, …} ({@code gc+heap=debug}, the last of the cycle wins over the rounded one)
 * or Shenandoah's {@code Metaspace: 555K(704K)->555K(704K)}. Kept for the GC id they name until
 * its cycle is handed on ({@link #attach}).
 */
final class CycleStatistics {

  private static final byte[] HEAP_TABLE = Ascii.bytes("Heap Statistics:");
  private static final byte[] YOUNG_TABLE = Ascii.bytes("Young Generation Statistics:");
  private static final byte[] OLD_TABLE = Ascii.bytes("Old Generation Statistics:");
  private static final byte[] USED = Ascii.bytes("Used:");
  private static final byte[] PROMOTED = Ascii.bytes("Promoted:");
  private static final byte[] METASPACE = Ascii.bytes("Metaspace:");
  private static final byte[] METASPACE_PRINT = Ascii.bytes("Metaspace ");
  private static final byte[] USED_WORD = Ascii.bytes("used ");
  private static final byte[] USED_COMMA = Ascii.bytes("used,");
  private static final byte[] AT_END = Ascii.bytes("At end of ");
  private static final byte[] YOUNG_USED = Ascii.bytes(": Young generation used: ");
  private static final byte[] OLD_USED = Ascii.bytes(": Old generation used: ");

  private static final int NONE = 0;
  private static final int HEAP = 1;
  private static final int YOUNG = 2;
  private static final int OLD = 3;
  /** Mark Start and Relocate End: the columns of a statistics row this reads. */
  private static final int START = 0;
  private static final int END = 3;

  /**
   * The GCs read: two, as generational ZGC runs a minor collection while a major one's old
   * generation is collected, their lines interleaved.
   */
  private final Gc[] gcs = {new Gc(), new Gc()};
  private Gc gc; // the one of the line being read
  private final long[] columns = new long[6];
  private final GenerationLines sizes = new GenerationLines();

  /**
   * Reads the message of a line of {@code GC(gcId)} from {@code b[from, to)}, after its GC id;
   * whether it was one this keeps.
   */
  boolean read(long gcId, byte[] b, int from, int to) {
    int at = afterPhase(b, from, to);
    if (at >= to) {
      return false;
    }
    byte first = b[at];
    if (first != 'H' && first != 'Y' && first != 'O' && first != 'M' && first != ' '
        && first != 'A') {
      return false;
    }
    int end = UnifiedGcLine.trimEnd(b, at, to);
    if (first == 'A') {
      return Ascii.startsWith(b, at, end, AT_END) && generationAtEnd(gcId, b, at, end);
    }
    if (Ascii.equals(b, at, end, HEAP_TABLE)) {
      gc(gcId);
      gc.table = HEAP;
      return true;
    }
    if (Ascii.equals(b, at, end, YOUNG_TABLE)) {
      gc(gcId);
      gc.table = YOUNG;
      return true;
    }
    if (Ascii.equals(b, at, end, OLD_TABLE)) {
      gc(gcId);
      gc.table = OLD;
      return true;
    }
    if (first == 'M') {
      return metaspace(gcId, b, at, end);
    }
    if (first != ' ') {
      return false;
    }
    int label = Ascii.skipSpaces(b, at, end);
    if (Ascii.startsWith(b, label, end, METASPACE_PRINT)) {
      return metaspace(gcId, b, label, end);
    }
    Gc g = kept(gcId);
    if (g == null || g.table == NONE) {
      return false;
    }
    gc = g;
    if (Ascii.startsWith(b, label, end, USED)) {
      return used(b, label + USED.length, end);
    }
    if (gc.table == YOUNG && Ascii.startsWith(b, label, end, PROMOTED)) {
      if (columns(b, label + PROMOTED.length, end) > END && Times.isSet(columns[END])) {
        gc.promoted = Times.isSet(gc.promoted) ? gc.promoted + columns[END] : columns[END];
      }
      return true;
    }
    return false;
  }

  private boolean used(byte[] b, int from, int to) {
    if (columns(b, from, to) <= END) {
      return false;
    }
    long start = columns[START];
    long end = columns[END];
    switch (gc.table) {
      case HEAP -> { // the first table's start (a cycle can collect its young generation twice)
        gc.heapStart = Times.isSet(gc.heapStart) ? gc.heapStart : start;
        gc.heapEnd = end;
      }
      case YOUNG -> {
        boolean first = !Times.isSet(gc.youngBefore);
        gc.youngBefore = first ? start : gc.youngBefore;
        gc.youngAfter = end;
        if (!gc.oldLogged) { // a minor collection's old generation: the heap less the young
          gc.oldBefore = first ? difference(gc.heapStart, start) : gc.oldBefore;
          gc.oldAfter = difference(gc.heapEnd, end);
        }
      }
      case OLD -> {
        gc.oldBefore = start;
        gc.oldAfter = end;
        gc.oldLogged = true;
      }
      default -> {}
    }
    return true;
  }

  /**
   * Generational Shenandoah's {@code At end of Concurrent Young GC: Young generation used:
   * 11138K, …} and {@code …: Old generation used: 5376K, …}: the generations after the cycle.
   */
  private boolean generationAtEnd(long gcId, byte[] b, int at, int end) {
    int young = Ascii.indexOf(b, at, end, YOUNG_USED);
    int old = young < 0 ? Ascii.indexOf(b, at, end, OLD_USED) : -1;
    int value = young >= 0 ? young + YOUNG_USED.length : old >= 0 ? old + OLD_USED.length : -1;
    if (value < 0) {
      return false;
    }
    int comma = Ascii.indexOf(b, value, end, (byte) ',');
    long bytes = HeapSize.bytes(b, value, comma < 0 ? end : comma);
    if (bytes < 0) {
      return false;
    }
    gc(gcId);
    if (young >= 0) {
      gc.youngAfter = bytes;
    } else {
      gc.oldAfter = bytes;
    }
    return true;
  }

  private static long difference(long heap, long young) {
    return Times.isSet(heap) && Times.isSet(young) && heap >= young ? heap - young : Times.NONE;
  }

  /** {@code Metaspace: 4M used, …}, {@code Metaspace: 555K(704K)->555K(704K) …}, {@code Metaspace used 524K, …}. */
  private boolean metaspace(long gcId, byte[] b, int at, int end) {
    if (Ascii.startsWith(b, at, end, METASPACE)) {
      int value = Ascii.skipSpaces(b, at + METASPACE.length, end);
      if (sizes.sizes(b, value, end)) { // Shenandoah's transition
        gc(gcId);
        gc.metaspaceAfter = sizes.sizeAfter();
        return true;
      }
      int space = Ascii.indexOf(b, value, end, (byte) ' ');
      if (space > value && Ascii.startsWith(b, space + 1, end, USED_COMMA)) { // ZGC's, whole MiB
        long used = HeapSize.bytes(b, value, space);
        if (used >= 0) {
          gc(gcId);
          if (!gc.metaspacePrinted && used > 0) { // 0M: under 1 MiB, no figure
            gc.metaspaceAfter = used;
          }
          return true;
        }
      }
      return false;
    }
    if (!Ascii.startsWith(b, at, end, METASPACE_PRINT)) {
      return false;
    }
    int used = Ascii.skipSpaces(b, at + METASPACE_PRINT.length, end);
    if (!Ascii.startsWith(b, used, end, USED_WORD)) {
      return false;
    }
    int value = used + USED_WORD.length;
    int comma = Ascii.indexOf(b, value, end, (byte) ',');
    long bytes = HeapSize.bytes(b, value, comma < 0 ? end : comma);
    if (bytes < 0) {
      return false;
    }
    gc(gcId);
    gc.metaspaceAfter = bytes; // the heap print after the cycle comes after the one before it
    gc.metaspacePrinted = true;
    return true;
  }

  /**
   * The columns of a statistics row at {@code b[from, to)}: sizes ({@code 14M}) or {@code -},
   * each but {@code -} followed by its share ({@code (9%)}); {@link Times#NONE} for {@code -}.
   * Returns how many were read; -1 when one is no size.
   */
  private int columns(byte[] b, int from, int to) {
    int n = 0;
    int i = from;
    while (n < columns.length) {
      i = Ascii.skipSpaces(b, i, to);
      if (i >= to) {
        break;
      }
      int tokenEnd = i;
      while (tokenEnd < to && b[tokenEnd] != ' ') {
        tokenEnd++;
      }
      if (b[i] != '(') {
        if (tokenEnd - i == 1 && b[i] == '-') {
          columns[n++] = Times.NONE;
        } else {
          long bytes = HeapSize.bytes(b, i, tokenEnd);
          if (bytes < 0) {
            return -1;
          }
          columns[n++] = bytes;
        }
      }
      i = tokenEnd;
    }
    return n;
  }

  /** Where the message starts after generational ZGC's phase ({@code y: }, {@code Y: }, {@code O: }). */
  private static int afterPhase(byte[] b, int from, int to) {
    if (from + 2 < to && b[from + 1] == ':' && b[from + 2] == ' '
        && (b[from] == 'y' || b[from] == 'Y' || b[from] == 'O')) {
      return from + 3;
    }
    return from;
  }

  /** What the lines of one GC said so far. */
  private static final class Gc {
    long gcId = Times.NONE;
    int table;
    long heapStart;
    long heapEnd;
    long youngBefore;
    long youngAfter;
    long oldBefore;
    long oldAfter;
    long promoted;
    long metaspaceAfter;
    boolean metaspacePrinted; // a K-precise figure of the heap print: the rounded one yields
    boolean oldLogged; // the old generation's own table was read: nothing derives it

    void start(long id) {
      gcId = id;
      table = NONE;
      heapStart = heapEnd = youngBefore = youngAfter = oldBefore = oldAfter = Times.NONE;
      promoted = metaspaceAfter = Times.NONE;
      metaspacePrinted = oldLogged = false;
    }
  }

  /** The GC of {@code id}, or {@code null} when none is kept for it. */
  private Gc kept(long id) {
    for (Gc g : gcs) {
      if (g.gcId == id && id != Times.NONE) {
        return g;
      }
    }
    return null;
  }

  /** Makes {@link #gc} the GC of {@code id}: a new one takes the place of the earlier GC kept. */
  private void gc(long id) {
    Gc g = kept(id);
    if (g == null) {
      g = gcs[0].gcId == Times.NONE || gcs[1].gcId != Times.NONE && gcs[0].gcId < gcs[1].gcId
          ? gcs[0] : gcs[1];
      g.start(id);
    }
    gc = g;
  }

  /** Gives the cycle of {@code GC(id)} what its lines said, once. */
  void attach(long id, HeapCycleEvent e) {
    Gc g = kept(id);
    if (g == null) {
      return;
    }
    e.generationBytes(g.youngBefore, g.youngAfter, g.oldBefore, g.oldAfter)
        .promotedBytes(g.promoted).metaspaceAfterBytes(g.metaspaceAfter);
    g.gcId = Times.NONE;
  }
}
