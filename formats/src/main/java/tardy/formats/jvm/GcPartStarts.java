package tardy.formats.jvm;

import java.util.HashSet;
import java.util.Set;
import tardy.events.Ascii;
import tardy.events.Family;
import tardy.events.PartStarts;
import tardy.events.Times;

/**
 * Where a part of a unified-logging GC log may start: at a line of one GC ({@code GC(m) ...})
 * whose closest earlier GC line names another GC, with no pause begun and not ended before it
 * ({@link #noPauseOpen}). What the parser carries from line to line stays within one GC's lines
 * (a pause held for its {@code gc,cpu} line, G1's {@code To-space exhausted} for the pause after
 * it), so it never crosses such a line. A JDK 9-12 safepoint group is named by
 * its Entering line and closed by its stopped time with the GC's lines between: where any line of
 * such a group was read back, no part starts. Generational ZGC runs minor collections inside a
 * major one, whose young statistics come before them and whose end after: no part starts at a
 * line of a generation ({@code Y:}, {@code O:}, {@code y:}), nor where the closest earlier line
 * that is not a minor collection's is a major's such line.
 */
final class GcPartStarts implements PartStarts {

  private static final byte[] SAFEPOINT_REGION = Ascii.bytes("safepoint region");
  private static final byte[] GC_ID = Ascii.bytes("GC(");
  private static final byte[] MINOR_COLLECTION = Ascii.bytes("Minor Collection");

  // whether the log prints pauses' start lines (gc,start): where it does, a cut with no pause
  // line read back may be inside a long pause; where it does not, nothing is open there
  private final boolean pausesBegin;

  /** @param pausesBegin whether the log's sample holds pauses' start lines */
  GcPartStarts(boolean pausesBegin) {
    this.pausesBegin = pausesBegin;
  }

  @Override
  public boolean at(byte[] b, int before, int from, int to) {
    Decorators decorators = new Decorators(); // a few lines per cut: nothing to keep
    UnifiedGcLine gc = new UnifiedGcLine();
    long gcId = gcId(b, from, to, decorators, gc);
    if (gcId == Times.NONE || generation(b, decorators.messageFrom, to) != 0) {
      return false;
    }
    int end = from - 1; // the line end of the line before
    Set<Long> minors = new HashSet<>(); // minor collections read back: a few per cut
    while (end > before) {
      int start = lastLineStart(b, before, end);
      if (StoppedTime.find(b, start, end) != -1
          || Ascii.indexOf(b, start, end, SAFEPOINT_REGION) >= 0) {
        return false;
      }
      long earlier = gcId(b, start, end, decorators, gc);
      if (earlier == gcId) {
        return false; // inside this GC
      }
      if (earlier != Times.NONE) {
        byte generation = generation(b, decorators.messageFrom, end);
        if (generation == 'Y' || generation == 'O') {
          return false; // inside a major collection
        }
        if (generation == 'y' || minorStart(b, decorators.messageFrom, end)) {
          minors.add(earlier);
        } else if (!minors.contains(earlier)) {
          return noPauseOpen(b, before, from - 1, decorators, gc);
        } // a minor collection's lines say nothing of a major around it: read further back
      }
      end = start - 1;
    }
    return false; // no GC line read back: nothing tells where this GC's lines began
  }

  /**
   * Whether no GC pause is open before the line that ends at {@code end}: the closest earlier
   * pause line read back is not a pause's start line but a pause with its duration, which ends
   * any pause begun before it ({@link UnifiedParser}). A pause left open in the part before would
   * count as cut by the input's end if no later part ended it. Other GCs' lines come inside
   * pauses (a concurrent cycle's), so the GC id alone does not tell. No pause line read back: none
   * open where the log prints no pause's start line (ZGC's {@code -Xlog:gc} prints no pause line
   * at all), else unknown. A line the parser reads otherwise (NULs before it, a CR inside):
   * unknown. Unknown is false.
   */
  private boolean noPauseOpen(byte[] b, int before, int end, Decorators decorators,
      UnifiedGcLine gc) {
    while (end > before) {
      int start = lastLineStart(b, before, end);
      int to = Ascii.withoutReturn(b, start, end);
      if (start < to && (b[start] == 0 || Ascii.indexOf(b, start, to, (byte) '\r') >= 0)) {
        return false;
      }
      if (decorators.read(b, start, to)) {
        UnifiedGcLine.Shape shape = gc.read(b, decorators.messageFrom, to);
        if (shape == UnifiedGcLine.Shape.PAUSE_WITHOUT_DURATION && gc.gcId != Times.NONE) {
          return false;
        }
        if (shape == UnifiedGcLine.Shape.TIMED && gc.family == Family.GC_PAUSE) {
          return true;
        }
      }
      end = start - 1;
    }
    return !pausesBegin;
  }

  /** The GC id of a unified-logging line, or {@code Times.NONE}. */
  private static long gcId(byte[] b, int from, int to, Decorators decorators, UnifiedGcLine gc) {
    to = Ascii.withoutReturn(b, from, to);
    if (!decorators.read(b, from, to)) {
      return Times.NONE;
    }
    gc.read(b, decorators.messageFrom, to);
    return gc.gcId >= 0 ? gc.gcId : Times.NONE;
  }

  /** Whether a line's message is {@code GC(n) Minor Collection …} (generational ZGC). */
  private static boolean minorStart(byte[] b, int msg, int to) {
    int close = Ascii.indexOf(b, msg, Math.min(to, msg + 24), (byte) ')');
    return close > 0 && Ascii.startsWith(b, close + 2, to, MINOR_COLLECTION);
  }

  /** The generation a line's {@code GC(n) X: } names ({@code Y}, {@code O}, {@code y}), else 0. */
  private static byte generation(byte[] b, int msg, int to) {
    int i = msg + 3;
    if (!Ascii.startsWith(b, msg, to, GC_ID)) {
      return 0;
    }
    while (i < to && b[i] >= '0' && b[i] <= '9') {
      i++;
    }
    if (i + 4 < to && b[i] == ')' && b[i + 1] == ' ' && b[i + 3] == ':' && b[i + 4] == ' '
        && (b[i + 2] == 'Y' || b[i + 2] == 'O' || b[i + 2] == 'y')) {
      return b[i + 2];
    }
    return 0;
  }

  /** Where the line that ends at {@code end} starts, no earlier than {@code before}. */
  static int lastLineStart(byte[] b, int before, int end) {
    int i = end;
    while (i > before && b[i - 1] != '\n') {
      i--;
    }
    return i;
  }
}
