package tardy.formats.jvm;

import java.util.Arrays;
import tardy.events.EventSink;

/**
 * Clock anchors printed inside a JDK 8 GC event that is still open (a concurrent phase or a
 * reference-processing line with its own datestamp), waiting to be handed on after the event's
 * pause, which is stamped when it began: so a sink hears every pause before the anchors printed
 * after it began, and an anchor seconds into a run's first pause is never taken for a restart. At
 * most {@value #MAX} wait: past that (an event that never closes) they are handed on as they come.
 */
final class WaitingAnchors {

  static final int MAX = 256;

  private long[] wall = new long[8];
  private long[] uptime = new long[8];
  private long[] line = new long[8];
  private int size;

  boolean isEmpty() {
    return size == 0;
  }

  void add(long wallMillis, long uptimeMillis, long lineNumber, EventSink sink) {
    if (size == MAX) {
      handOn(sink);
    }
    if (size == wall.length) {
      wall = Arrays.copyOf(wall, 2 * size);
      uptime = Arrays.copyOf(uptime, 2 * size);
      line = Arrays.copyOf(line, 2 * size);
    }
    wall[size] = wallMillis;
    uptime[size] = uptimeMillis;
    line[size] = lineNumber;
    size++;
  }

  /** Hands on every waiting anchor, in the order they were read. */
  void handOn(EventSink sink) {
    for (int i = 0; i < size; i++) {
      sink.anchor(wall[i], uptime[i], line[i]);
    }
    size = 0;
  }
}
