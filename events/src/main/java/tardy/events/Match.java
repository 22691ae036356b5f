package tardy.events;

/** How strongly a sample matches a format, weakest first. Detection refuses anything below WEAK. */
public enum Match {
  NONE,
  WEAK,
  SOLID,
  FULL;

  /**
   * The grade for a format that recognised {@code hits} of {@code total} sample lines: all of them
   * is FULL, at least half SOLID, any WEAK.
   */
  public static Match ofShare(int hits, int total) {
    if (hits <= 0 || total <= 0) {
      return NONE;
    }
    if (hits >= total) {
      return FULL;
    }
    return 2 * hits >= total ? SOLID : WEAK;
  }

  public boolean atLeast(Match other) {
    return compareTo(other) >= 0;
  }
}
