package tardy.parse;

/**
 * Where a reader is in the part it reads: the number of the line being parsed (1 for the part's
 * first line; once the part is read, one more than its lines), and whether the part starts at its
 * input's first line or continues an input whose earlier lines another part holds. Sinks that keep
 * evidence ask only when they keep an event, so the common line costs nothing.
 */
public interface LinePosition {

  long line();

  boolean startOfInput();
}
