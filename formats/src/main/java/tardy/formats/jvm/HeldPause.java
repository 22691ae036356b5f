package tardy.formats.jvm;

import java.util.Arrays;
import tardy.events.EventSink;
import tardy.events.LinePosition;
import tardy.events.PauseEvent;
import tardy.events.Times;

/**
 * A pause read but not yet handed on, because a later line still has something to add: the CPU
 * line UL prints after a GC pause, or JDK 8's {@code [Times: ...]}. It owns a copy of its kind, as
 * the line it came from will be overwritten. One per parser.
 */
final class HeldPause {

  private final PauseEvent event = new PauseEvent();
  private byte[] kind = new byte[64];
  private byte[] host = new byte[32];
  private boolean held;
  private LinePosition position;
  /** The GC id of the held pause (UL), to match its CPU line; {@code Times.NONE} when unknown. */
  long gcId;

  /** Where the reader is, so a held pause keeps the number of the line it came from. */
  void reading(LinePosition position) {
    this.position = position;
  }

  /** A fresh event to fill; its kind is set with {@link #kind}. Hands on a held pause first. */
  PauseEvent hold(EventSink sink) {
    release(sink);
    return start();
  }

  /**
   * A fresh event to fill, when none is held (the caller released it): no second place hands a
   * pause on, so the recording is not compiled in here too.
   */
  PauseEvent start() {
    held = true;
    return event.reset().line(position == null ? Times.NONE : position.line());
  }

  /** Copies the kind into the held event. */
  void kind(byte[] b, int from, int to) {
    kind = copied(kind, b, from, to);
    event.kind(kind, 0, to - from);
  }

  /**
   * Copies the line's hostname decorator {@code b[from, to)} into the held event (an empty range:
   * none), as the line will be overwritten before the pause is handed on.
   */
  void host(byte[] b, int from, int to) {
    host = copied(host, b, from, to);
    event.host(host, 0, to - from);
  }

  /** {@code b[from, to)} copied to the start of {@code into}, grown first if it is too short. */
  private static byte[] copied(byte[] into, byte[] b, int from, int to) {
    int length = to - from;
    byte[] out = length > into.length ? Arrays.copyOf(into, Math.max(length, 2 * into.length)) : into;
    System.arraycopy(b, from, out, 0, length);
    return out;
  }

  /** Holds a copy of {@code source}, kind included. Hands on a held pause first. */
  void holdCopy(PauseEvent source, EventSink sink) {
    hold(sink).family(source.family()).totalNanos(source.totalNanos())
        .timeToSafepointNanos(source.timeToSafepointNanos())
        .wallMillis(source.wallMillis()).uptimeMillis(source.uptimeMillis())
        .cpuNanos(source.userNanos(), source.sysNanos(), source.realNanos())
        .heapBytes(source.heapBeforeBytes(), source.heapAfterBytes(), source.heapCapacityBytes())
        .generationBytes(source.youngBeforeBytes(), source.youngAfterBytes(),
            source.oldBeforeBytes(), source.oldAfterBytes())
        .metaspaceAfterBytes(source.metaspaceAfterBytes())
        .generationsInRegions(source.generationsInRegions()).regionBytes(source.regionBytes())
        .stampedAtStart(source.stampedAtStart()).trouble(source.trouble());
    if (Times.isSet(source.line())) {
      event.line(source.line());
    }
    kind(source.kindBuf(), source.kindFrom(), source.kindTo());
  }

  boolean isHeld() {
    return held;
  }

  /** The held event, to add what a later line tells; after release, the last one handed on. */
  PauseEvent event() {
    return event;
  }

  /** Hands the held pause, if any, to the sink. */
  void release(EventSink sink) {
    if (held) {
      held = false;
      sink.pause(event);
    }
  }
}
