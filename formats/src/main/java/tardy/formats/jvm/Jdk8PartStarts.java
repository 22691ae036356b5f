package tardy.formats.jvm;

import tardy.events.Ascii;
import tardy.events.PartStarts;

/**
 * Where a part of a JDK 6-8 GC log may start: at a line that opens a GC event after the
 * stopped-time line of a safepoint, with no line between that could open an event or hold a
 * pause ({@code Application time}, {@code -XX:+PrintHeapAtGC}'s heap before the GC, CMS's
 * concurrent phases may lie between). A readable stopped-time line leaves the parser holding
 * nothing: the pause before it is handed on, the GC inside it names it, and an event still open
 * is dropped ({@link Jdk8Parser}); the lines between then leave it so. The line after reads the
 * same in a part of its own as in one pass, and the event it opens tells the part that the log
 * prints GC events before its first stopped-time line is named. Each line's read-back ends at
 * the closest earlier line that opens an event, so the lines a cut looks at are read about once.
 */
final class Jdk8PartStarts implements PartStarts {

  private static final byte[] SHENANDOAH_PAUSE = Ascii.bytes("[Pause ");

  @Override
  public boolean at(byte[] b, int before, int from, int to) {
    to = Ascii.withoutReturn(b, from, to);
    if (StoppedTime.find(b, from, to) != -1 || !Jdk8GcEvents.opensIn(b, from, to)) {
      return false;
    }
    StoppedTime stopped = new StoppedTime(); // a few lines per cut: nothing to keep
    int end = from - 1; // the line end of the line before
    while (end > before) {
      int start = GcPartStarts.lastLineStart(b, before, end);
      int lineEnd = Ascii.withoutReturn(b, start, end);
      int marker = StoppedTime.find(b, start, lineEnd);
      if (marker >= 0) {
        // text before the marker (another thread's output) could open an event on this line
        return Ascii.indexOf(b, start, marker, (byte) '[') < 0 && stopped.read(b, marker, lineEnd);
      }
      if (Jdk8GcEvents.opensIn(b, start, lineEnd)
          || Ascii.indexOf(b, start, lineEnd, SHENANDOAH_PAUSE) >= 0) {
        return false; // a line that may open an event or hold a pause
      }
      end = start - 1;
    }
    return false; // no stopped-time line read back
  }
}
