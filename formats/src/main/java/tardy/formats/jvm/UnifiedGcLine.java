package tardy.formats.jvm;

import tardy.events.Ascii;
import tardy.events.Family;
import tardy.events.Times;

/**
 * Reads the GC message of a unified-logging line (after the decorators): {@code [GC(n) ][y: |Y: |o:
 * |O: ]Pause ... [26M->2M(256M) ]8.847ms} is one GC pause, named from {@code Pause} (with the
 * generation prefix) up to the heap transition or the duration; {@code Allocation Stall (thread)
 * 0.534ms} and {@code Relocation Stall (...)} are one thread's stall, named without the thread; and
 * {@code User=0.01s Sys=0.00s Real=0.01s} is the CPU of the pause before it. One instance per parser.
 */
final class UnifiedGcLine {

  /** What the message is. */
  enum Shape {
    /** A pause or a stall with its duration: the fields are filled. */
    TIMED,
    /** {@code Pause ...} without a duration: the pause begins (gc,start), or a statistics row. */
    PAUSE_WITHOUT_DURATION,
    /**
     * A pause or a stall ending in {@code <number>ms} that is no duration: negative, or past
     * what a long holds in nanoseconds (a damaged or forged line).
     */
    BAD_DURATION,
    /** {@code User=... Sys=... Real=...}. */
    CPU,
    /** ZGC's cycle line, which with {@code -Xlog:gc} alone is all ZGC logs: no pause in it. */
    ZGC_CYCLE,
    /** JDK 9-24 G1's {@code GC(n) To-space exhausted}, before the pause it happened in. */
    TO_SPACE_EXHAUSTED,
    OTHER
  }

  private static final byte[] GC_ID = Ascii.bytes("GC(");
  private static final byte[] TO_SPACE_EXHAUSTED = Ascii.bytes("To-space exhausted");
  private static final byte[] PAUSE = Ascii.bytes("Pause ");
  private static final byte[] ARROW = Ascii.bytes("->");
  private static final byte[] ALLOCATION_STALL = Ascii.bytes("Allocation Stall (");
  private static final byte[] RELOCATION_STALL = Ascii.bytes("Relocation Stall (");
  private static final byte[] USER = Ascii.bytes("User=");
  private static final byte[] SYS = Ascii.bytes(" Sys=");
  private static final byte[] REAL = Ascii.bytes(" Real=");
  private static final byte[][] CPU_LABELS = {USER, SYS, REAL};
  private static final byte[] GARBAGE_COLLECTION = Ascii.bytes("Garbage Collection (");
  private static final byte[] MINOR_COLLECTION = Ascii.bytes("Minor Collection (");
  private static final byte[] MAJOR_COLLECTION = Ascii.bytes("Major Collection (");

  private final HeapSize heap = new HeapSize();

  long gcId;
  Family family;
  int kindFrom;
  int kindTo;
  long nanos;
  long heapBefore;
  long heapAfter;
  long heapCapacity;
  long userNanos;
  long sysNanos;
  long realNanos;
  private final long[] cpuNanos = new long[3];

  Shape read(byte[] b, int from, int to) {
    int i = from;
    gcId = Times.NONE;
    if (Ascii.startsWith(b, i, to, GC_ID)) {
      int close = Ascii.indexOf(b, i + GC_ID.length, Math.min(to, i + 24), (byte) ')');
      if (close > 0 && close + 1 < to && b[close + 1] == ' ') {
        gcId = Ascii.parseUnsignedLong(b, i + GC_ID.length, close);
        i = close + 2;
      }
    }
    int kindStart = i;
    if (i + 2 < to && b[i + 1] == ':' && b[i + 2] == ' ' && Ascii.isLetter(b[i])) {
      i += 3; // generational ZGC and Shenandoah: y: young, O: old, ...
    }
    byte[] opening = opening(b, i, to);
    if (opening == null || !Ascii.startsWith(b, i, to, opening)) {
      return Shape.OTHER; // most lines, and every safepoint line
    }
    if (opening == PAUSE) {
      return pause(b, kindStart, to);
    }
    if (opening == ALLOCATION_STALL || opening == RELOCATION_STALL) {
      return stall(b, kindStart, i + opening.length - 2, to);
    }
    if (opening == USER) {
      return cpu(b, i, to) ? Shape.CPU : Shape.OTHER;
    }
    return opening == TO_SPACE_EXHAUSTED ? Shape.TO_SPACE_EXHAUSTED : Shape.ZGC_CYCLE;
  }

  /**
   * The one opening a message at {@code i} may have, told by its first letters (one comparison
   * per line, so the compiled reader stays small), or null.
   */
  private static byte[] opening(byte[] b, int i, int to) {
    if (i + 1 >= to) {
      return null;
    }
    return switch (b[i]) {
      case 'P' -> PAUSE;
      case 'A' -> ALLOCATION_STALL;
      case 'R' -> RELOCATION_STALL;
      case 'U' -> USER;
      case 'T' -> TO_SPACE_EXHAUSTED;
      case 'G' -> GARBAGE_COLLECTION;
      case 'M' -> b[i + 1] == 'i' ? MINOR_COLLECTION : MAJOR_COLLECTION;
      default -> null;
    };
  }

  private Shape pause(byte[] b, int kindStart, int to) {
    int end = trimEnd(b, kindStart, to);
    int number = durationStart(b, kindStart, end);
    if (number < 0) {
      return endsInMillis(b, kindStart, end) ? Shape.BAD_DURATION : Shape.PAUSE_WITHOUT_DURATION;
    }
    family = Family.GC_PAUSE;
    kindFrom = kindStart;
    kindTo = trimEnd(b, kindStart, number);
    heapBefore = heapAfter = heapCapacity = Times.NONE;
    int token = lastSpace(b, kindStart, kindTo) + 1;
    if (token > kindStart && heap.transition(b, token, kindTo)) {
      heapBefore = heap.beforeBytes;
      heapAfter = heap.afterBytes;
      heapCapacity = heap.capacityBytes;
      kindTo = trimEnd(b, kindStart, token);
    } else if (token > kindStart && Ascii.indexOf(b, token, kindTo, ARROW) >= 0) {
      // a heap transition it cannot read (a size past a long): not part of the kind's name,
      // which would make a kind of each such line; the pause's duration still counts
      kindTo = trimEnd(b, kindStart, token);
    }
    return Shape.TIMED;
  }

  /** @param space where {@code " ("} before the thread's name starts */
  private Shape stall(byte[] b, int kindStart, int space, int to) {
    int end = trimEnd(b, kindStart, to);
    if (durationStart(b, kindStart, end) < 0) {
      return endsInMillis(b, kindStart, end) ? Shape.BAD_DURATION : Shape.OTHER;
    }
    family = Family.STALL;
    kindFrom = kindStart;
    kindTo = space; // the thread is not part of the kind: thread names are unbounded
    heapBefore = heapAfter = heapCapacity = Times.NONE;
    return Shape.TIMED;
  }

  /**
   * Where the duration of {@code <kind> <number>ms} starts, with {@link #nanos} set; -1 when the
   * text does not end so.
   */
  private int durationStart(byte[] b, int from, int end) {
    int token = millisToken(b, from, end);
    if (token < 0) {
      return -1;
    }
    nanos = Ascii.parseDecimalNanos(b, token, end - 2, Ascii.MILLIS);
    return nanos == Ascii.INVALID ? -1 : token;
  }

  /** Where the last word starts when the text ends in {@code <word>ms} after a space, else -1. */
  private static int millisToken(byte[] b, int from, int end) {
    if (end - from < 4 || b[end - 1] != 's' || b[end - 2] != 'm') {
      return -1;
    }
    int space = lastSpace(b, from, end - 2);
    return space < from ? -1 : space + 1;
  }

  /**
   * Whether the text ends in {@code <number>ms}, a number being digits with a sign, a point or a
   * comma: a duration's shape, whatever its value.
   */
  private static boolean endsInMillis(byte[] b, int from, int end) {
    int token = millisToken(b, from, end);
    boolean digit = false;
    for (int i = token; token >= 0 && i < end - 2; i++) {
      byte c = b[i];
      if (c >= '0' && c <= '9') {
        digit = true;
      } else if (c != '.' && c != ',' && c != '-' && c != '+') {
        return false;
      }
    }
    return digit;
  }

  /** {@code User=0.01s Sys=0.00s Real=0.01s}: the three values, read in turn at one place. */
  private boolean cpu(byte[] b, int at, int to) {
    int end = trimEnd(b, at, to);
    int value = at + USER.length;
    for (int k = 0; k < CPU_LABELS.length; k++) {
      int next = k + 1 < CPU_LABELS.length ? Ascii.indexOf(b, value, end, CPU_LABELS[k + 1]) : end;
      if (next < 0) {
        return false;
      }
      long nanos = seconds(b, value, next);
      if (nanos < 0) {
        return false;
      }
      cpuNanos[k] = nanos;
      value = next < end ? next + CPU_LABELS[k + 1].length : end;
    }
    userNanos = cpuNanos[0];
    sysNanos = cpuNanos[1];
    realNanos = cpuNanos[2];
    return true;
  }

  /** {@code 0.01s} as nanoseconds, or {@link Ascii#INVALID}. */
  private static long seconds(byte[] b, int from, int to) {
    return to > from && b[to - 1] == 's'
        ? Ascii.parseDecimalNanos(b, from, to - 1, Ascii.SECONDS)
        : Ascii.INVALID;
  }

  private static int lastSpace(byte[] b, int from, int to) {
    int i = to - 1;
    while (i >= from && b[i] != ' ') {
      i--;
    }
    return i;
  }

  static int trimEnd(byte[] b, int from, int to) {
    while (to > from && b[to - 1] == ' ') {
      to--;
    }
    return to;
  }
}
