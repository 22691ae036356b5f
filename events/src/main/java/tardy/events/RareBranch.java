package tardy.events;

/**
 * A per-line test for a rare case, shaped so that the JIT compiles it as a branch rather than a
 * trap. C2 compiles a branch its profile never saw taken as an uncommon trap: the first line that
 * takes it (the first {@code -} request time a million lines in) throws away the compiled method
 * with everything inlined into it, and the parse threads run slower code until it is compiled
 * again. A rare case's test made also true every {@link #PERIOD}th line ({@code rare | every(n)},
 * one branch) is taken in every profile, so it compiles to a call of a method of its own, which
 * tells the rare case from the periodic one.
 */
public final class RareBranch {

  /** A power of two: a rare test costs one call in this many lines. */
  public static final int PERIOD = 1024;

  private RareBranch() {}

  /** 1 when {@code n} is a multiple of {@link #PERIOD}, else 0, without a branch of its own. */
  public static int every(long n) {
    return (((int) n & (PERIOD - 1)) - 1) >>> 31;
  }
}
