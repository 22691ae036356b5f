package tardy.events;

/**
 * Words of a pause's kind that say what befell the pause, one list each for every reader of
 * kinds: the heap series' flags and the pauses' evidence.
 */
public final class KindWords {

  private static final byte[][] EVACUATION_FAILURE = Ascii.eachBytes("to-space exhausted",
      "to-space overflow", "Evacuation Failure", "evacuation failure");
  private static final byte[] HUMONGOUS = Ascii.bytes("Humongous");

  private KindWords() {}

  /** Whether the kind {@code b[from, to)} names an evacuation failure (G1, Shenandoah). */
  public static boolean evacuationFailure(byte[] b, int from, int to) {
    return Ascii.containsAny(b, from, to, EVACUATION_FAILURE);
  }

  /** Whether the kind {@code b[from, to)} names a humongous allocation (G1). */
  public static boolean humongous(byte[] b, int from, int to) {
    return Ascii.indexOf(b, from, to, HUMONGOUS) >= 0;
  }
}
