package tardy.render;

/**
 * How the views meant for people (table, HTML) lay out an analysis; CSV, JSON and hgrm ignore it
 * and keep everything.
 *
 * @param colour ANSI colour in the table (only on a terminal, never with NO_COLOR set)
 * @param width columns the table may use; 0 for no limit (a pipe or a file)
 * @param top how many groups the table and the page show; 0 for all of them
 * @param sort the order of the groups
 * @param singles whether groups of one event each are shown on their own rows however many there
 *     are; else, past {@link #MAX_SINGLES} of them, they are summed up in one line
 * @param command the command run ({@code report}, {@code check}), which a page's title names;
 *     empty when not known: then a judged analysis is said to be a check's
 * @param slowest whether the table also lists each shown request row's slowest requests
 *     ({@code report --exemplars})
 */
public record View(boolean colour, int width, int top, Sort sort, boolean singles, String command,
    boolean slowest) {

  /** Up to this many one-event groups are shown as rows: a small log still shows all it holds. */
  public static final int MAX_SINGLES = 10;

  /** Every group on its own row ({@code singles}), as the views did before they summed them up. */
  public View(boolean colour, int width, int top, Sort sort) {
    this(colour, width, top, sort, true);
  }

  public View(boolean colour, int width, int top, Sort sort, boolean singles) {
    this(colour, width, top, sort, singles, "", false);
  }

  /** Enough rows that a report on a 1,000-operation log stays one screen. */
  public static final int DEFAULT_TOP = 10;

  /** Everything, no colour, no width limit: for files and tests. */
  public static final View PLAIN = new View(false, 0, 0, Sort.COUNT);

  public View {
    if (width < 0 || top < 0) {
      throw new IllegalArgumentException("width and top are 0 (no limit) or more");
    }
    java.util.Objects.requireNonNull(command, "command");
  }

  /** The command's name, for what a page says it is: {@code report --requirements} is no check. */
  public View withCommand(String name) {
    return new View(colour, width, top, sort, singles, name, slowest);
  }

  public View withWidth(int columns) {
    return new View(colour, columns, top, sort, singles, command, slowest);
  }

  public View withTop(int n, Sort order) {
    return new View(colour, width, n, order, singles, command, slowest);
  }

  /** The same view with the shown request rows' slowest requests listed too. */
  public View withSlowest() {
    return new View(colour, width, top, sort, singles, command, true);
  }
}
