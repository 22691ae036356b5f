package tardy.formats.jvm;

import java.util.Arrays;
import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.HeapCycleEvent;
import tardy.events.LinePosition;
import tardy.events.Times;

/**
 * Reads the heap of concurrent collection cycles from unified-logging lines and hands each cycle
 * on as a {@link HeapCycleEvent}: ZGC's cycle line ({@code GC(3) Garbage Collection (Warmup)
 * 20M(12%)->16M(10%)}, generational ZGC's {@code Major Collection (…)} and {@code Minor Collection
 * (…)} with their length, {@code … 0.260s}), and Shenandoah's {@code Concurrent cleanup
 * 50M->13M(160M)} lines. Shenandoah prints two per cycle: the first after marking (it frees the
 * regions found empty) and the last after updating references (it frees the collection set). The
 * cycle's heap before is the first one's (the heap at its fullest: nothing is freed before it)
 * and its heap after the last one's (what the cycle left); a degenerated or full pause of the
 * same cycle ends it instead. A Shenandoah cycle frees only the regions its heuristic chose (up to
 * the free space it aims at), so the heap it leaves is no live set: its cycles are not {@link
 * HeapCycleEvent#wholeHeap}, but for one a full pause ended (it compacted the whole heap). The
 * cycle's young/old split, promotion and metaspace are its {@link CycleStatistics}. One instance
 * per parser.
 */
final class ConcurrentCycles {

  private static final byte[] CLEANUP = Ascii.bytes("Concurrent cleanup");
  private static final byte[] MINOR = Ascii.bytes("Minor");
  /** ZGC's cause for the first collections, at 10, 20 and 30 % of the heap, as a JVM starts. */
  private static final byte[] WARM_UP = Ascii.bytes("(Warmup)");
  private static final byte[] DEGENERATED = Ascii.bytes("Degenerated");
  private static final byte[] FULL = Ascii.bytes("Pause Full");

  private final HeapCycleEvent event = new HeapCycleEvent();
  private final HeapSize heap = new HeapSize();
  private final CycleStatistics statistics = new CycleStatistics();
  private LinePosition position;
  private byte[] kind = new byte[32];
  private int kindLength;

  /** The Shenandoah cycle read so far, handed on when a line of another GC comes. */
  private long heldGcId = Times.NONE;
  private long heldBefore;
  private long heldBeforeUptime;
  private long heldBeforeWall;
  private long heldAfter;
  private long heldCapacity;
  private long heldUptime;
  private long heldWall;
  private long heldLine;
  /** Whether a full pause ended the cycle held: it compacted the whole heap, leaving the live set. */
  private boolean heldWhole;
  /** The cleanup lines of the cycle held, each counted parsed for it. */
  private long[] heldCleanupLines = new long[4];
  private int heldCleanups;
  /** Whether this log has shown Shenandoah's cycles: its full pauses end cycles too. */
  private boolean cleanups;

  /** ZGC's cycle start line ({@code gc,start}), for the length of a cycle line that gives none. */
  private long startGcId = Times.NONE;
  private long startUptime;
  private long startWall;

  void reading(LinePosition position) {
    this.position = position;
  }

  /**
   * A ZGC cycle line at {@code b[msg, to)} (its GC id read into {@code gcId}): the start line is
   * kept for its time, the end line with its transition handed on. Whether a cycle was handed on.
   */
  boolean zgc(long gcId, byte[] b, int msg, int to, Decorators d, EventSink sink) {
    int kindFrom = afterGcId(b, msg, to);
    int end = UnifiedGcLine.trimEnd(b, kindFrom, to);
    int arrow = Ascii.indexOf(b, kindFrom, end, ARROW);
    if (arrow < 0) {
      startGcId = gcId;
      startUptime = d.uptimeMillis;
      startWall = d.wallMillis;
      return false;
    }
    int tokenFrom = lastSpace(b, kindFrom, arrow) + 1;
    int tokenTo = nextSpace(b, arrow, end);
    long before = percentSize(b, tokenFrom, arrow);
    long after = percentSize(b, arrow + 2, tokenTo);
    if (before < 0 || after < 0 || tokenFrom <= kindFrom) {
      return false;
    }
    long duration = Times.NONE;
    if (tokenTo < end && b[end - 1] == 's') {
      long nanos = Ascii.parseDecimalNanos(b, tokenTo + 1, end - 1, Ascii.SECONDS);
      duration = nanos == Ascii.INVALID ? Times.NONE : nanos;
    } else if (gcId != Times.NONE && gcId == startGcId) {
      duration = length(startUptime, d.uptimeMillis, startWall, d.wallMillis);
    }
    boolean minor = Ascii.startsWith(b, kindFrom, end, MINOR);
    event.reset().kind(b, kindFrom, UnifiedGcLine.trimEnd(b, kindFrom, tokenFrom))
        .endedAt(d.uptimeMillis, d.wallMillis).durationNanos(duration)
        .heapBytes(before, after, Times.NONE).wholeHeap(!minor)
        .warmUp(Ascii.indexOf(b, kindFrom, tokenFrom, WARM_UP) >= 0)
        .line(position == null ? Times.NONE : position.line());
    statistics.attach(gcId, event);
    sink.heapCycle(event);
    return true;
  }

  /**
   * Any other line of one GC ({@code GC(n) …}, its id {@code gcId}): hands on the cycle held for
   * another GC, and reads Shenandoah's cleanup lines into the one of this GC. Whether the line
   * was a cleanup line whose heap was read.
   */
  boolean gcLine(long gcId, byte[] b, int msg, int to, Decorators d, EventSink sink) {
    if (gcId != heldGcId) {
      release(sink);
    }
    int from = afterGcId(b, msg, to);
    if (statistics.read(gcId, b, from, to)) {
      return false;
    }
    if (!Ascii.startsWith(b, from, to, CLEANUP)) {
      return false;
    }
    int end = UnifiedGcLine.trimEnd(b, from, to);
    int durationSpace = lastSpace(b, from, end);
    int tokenFrom = lastSpace(b, from, durationSpace) + 1;
    if (durationSpace <= from || tokenFrom <= from
        || !heap.transition(b, tokenFrom, durationSpace)) {
      return false;
    }
    cleanups = true;
    part(gcId, heap.beforeBytes, heap.afterBytes, heap.capacityBytes, d, b, from,
        from + CLEANUP.length);
    if (position != null) {
      if (heldCleanups == heldCleanupLines.length) {
        heldCleanupLines = Arrays.copyOf(heldCleanupLines, heldCleanups * 2);
      }
      heldCleanupLines[heldCleanups++] = position.line();
    }
    return true;
  }

  /**
   * A GC pause with a heap transition: a Shenandoah degenerated pause, or a full one in a log of
   * Shenandoah cycles, ends the cycle of its GC (or is one on its own).
   */
  void pause(long gcId, byte[] b, int kindFrom, int kindTo, long before, long after,
      long capacity, Decorators d, EventSink sink) {
    if (!Times.isSet(after) || !Times.isSet(before) || gcId == Times.NONE) {
      return;
    }
    boolean degenerated = Ascii.indexOf(b, kindFrom, kindTo, DEGENERATED) >= 0;
    boolean full = !degenerated && cleanups && Ascii.indexOf(b, kindFrom, kindTo, FULL) >= 0;
    if (degenerated || full) {
      if (gcId != heldGcId) {
        release(sink);
      }
      cleanups = true;
      part(gcId, before, after, capacity, d, b, kindFrom, kindTo);
      heldWhole = full;
    }
  }

  private void part(long gcId, long before, long after, long capacity, Decorators d, byte[] b,
      int kindFrom, int kindTo) {
    if (gcId != heldGcId) {
      heldGcId = gcId;
      heldCleanups = 0;
      heldBefore = before;
      heldBeforeUptime = d.uptimeMillis;
      heldBeforeWall = d.wallMillis;
      int length = kindTo - kindFrom;
      if (length > kind.length) {
        kind = Arrays.copyOf(kind, length);
      }
      System.arraycopy(b, kindFrom, kind, 0, length);
      kindLength = length;
      heldWhole = false;
    }
    heldAfter = after;
    heldCapacity = capacity;
    heldUptime = d.uptimeMillis;
    heldWall = d.wallMillis;
    heldLine = position == null ? Times.NONE : position.line();
  }

  /** Hands on the Shenandoah cycle held, if any. */
  void release(EventSink sink) {
    if (heldGcId == Times.NONE) {
      return;
    }
    long id = heldGcId;
    heldGcId = Times.NONE;
    event.reset().kind(kind, 0, kindLength).endedAt(heldUptime, heldWall)
        .durationNanos(length(heldBeforeUptime, heldUptime, heldBeforeWall, heldWall))
        .heapBytes(heldBefore, heldAfter, heldCapacity).wholeHeap(heldWhole).line(heldLine);
    for (int i = 0; i < heldCleanups; i++) {
      event.readLine(heldCleanupLines[i]);
    }
    statistics.attach(id, event);
    sink.heapCycle(event);
  }

  /** From one time to another in nanoseconds, on uptime when both have it, else the wall clock. */
  private static long length(long fromUptime, long toUptime, long fromWall, long toWall) {
    if (Times.isSet(fromUptime) && Times.isSet(toUptime) && toUptime >= fromUptime) {
      return (toUptime - fromUptime) * 1_000_000;
    }
    if (Times.isSet(fromWall) && Times.isSet(toWall) && toWall >= fromWall) {
      return (toWall - fromWall) * 1_000_000;
    }
    return Times.NONE;
  }

  private static final byte[] ARROW = Ascii.bytes("->");

  /** ZGC's {@code 20M(12%)}: the size before the parenthesis, in bytes; -1 when not so. */
  private static long percentSize(byte[] b, int from, int to) {
    int open = Ascii.indexOf(b, from, to, (byte) '(');
    if (open < 0 || to - open < 3 || b[to - 1] != ')' || b[to - 2] != '%') {
      return -1;
    }
    return HeapSize.bytes(b, from, open);
  }

  /** Where the message after {@code GC(n) } starts. */
  private static int afterGcId(byte[] b, int msg, int to) {
    if (msg + 3 < to && b[msg] == 'G' && b[msg + 1] == 'C' && b[msg + 2] == '(') {
      int close = Ascii.indexOf(b, msg + 3, Math.min(to, msg + 27), (byte) ')');
      if (close > 0 && close + 1 < to && b[close + 1] == ' ') {
        return close + 2;
      }
    }
    return msg;
  }

  private static int lastSpace(byte[] b, int from, int to) {
    int i = to - 1;
    while (i >= from && b[i] != ' ') {
      i--;
    }
    return i;
  }

  private static int nextSpace(byte[] b, int from, int to) {
    int i = from;
    while (i < to && b[i] != ' ') {
      i++;
    }
    return i;
  }
}
