package tardy.events;

/**
 * What a parser has told its sink of its timestamps' offsets from UTC ({@link
 * EventSink#zoneOffset}): each line costs one compare with the last offset told, and a sink hears
 * of an offset again only when it changes (a change to summer time) or a new part begins.
 */
public final class LoggedOffsets {

  /** No offset: a timestamp without one, or nothing told yet. */
  public static final int NONE = Integer.MIN_VALUE;

  private int told = NONE;

  /** A new part is read, perhaps into another sink: the next offset is told again. */
  public void reading() {
    told = NONE;
  }

  /** The line's timestamp carries {@code offsetSeconds} ({@link #NONE}: none). */
  public void saw(int offsetSeconds, EventSink sink) {
    if (offsetSeconds != told && offsetSeconds != NONE) {
      told = offsetSeconds;
      sink.zoneOffset(offsetSeconds);
    }
  }
}
