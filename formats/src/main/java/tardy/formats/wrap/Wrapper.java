package tardy.formats.wrap;

/**
 * An envelope a log pipeline puts around each line of a log (a container runtime's prefix, a
 * Docker JSON object, a syslog header) whatever the log inside is. A wrapper only finds the inner
 * line; the inner line's format reads it, so every format can be read wrapped.
 */
public interface Wrapper {

  /** Short stable name: the part before {@code +} in a wrapped format's name ({@code cri+combined}). */
  String name();

  /** One line for {@code tardy formats}. */
  String description();

  /**
   * Whether one inner line may be spread over several lines (a runtime splits long lines): then
   * an input is read in order, never cut into chunks, since a cut could fall inside such a line.
   */
  boolean joinsLines();

  /** Whether its envelope names the host that wrote each line ({@link Unwrapper#hasHost()}). */
  default boolean namesHosts() {
    return false;
  }

  /** A new unwrapper; one per parser, since it keeps the parts of a split line. */
  Unwrapper newUnwrapper();
}
