package tardy.events;

/**
 * Where a part of an input may start, so that its parts parsed apart give what one pass over the
 * input gives: a line no state of the parser crosses into (nothing held, nothing opened by an
 * earlier line and closed by this one or a later one). A format whose lines stand alone lets a
 * part start at any line; one whose lines carry state between them names the lines where that
 * state is empty.
 */
@FunctionalInterface
public interface PartStarts {

  /** Every line: the format's lines stand alone. */
  PartStarts ANY_LINE = (b, before, from, to) -> true;

  /**
   * Whether a part may start with the line {@code b[from, to)} (without its line end).
   *
   * @param before where the whole lines just before it start in {@code b}, as many as were read
   *     back (maybe none: {@code before == from})
   */
  boolean at(byte[] b, int before, int from, int to);
}
