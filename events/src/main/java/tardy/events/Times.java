package tardy.events;

/** Sentinels shared by events: a time or duration the log did not give. */
public final class Times {

  /** A timestamp or duration that is absent from the line. Never 0: 0 is a real value. */
  public static final long NONE = Long.MIN_VALUE;

  private Times() {}

  public static boolean isSet(long value) {
    return value != NONE;
  }
}
