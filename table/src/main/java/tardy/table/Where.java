package tardy.table;

import java.util.List;

/**
 * A filter of a table's rows, {@code --where COLUMN=VALUE}: a partition column (a directory of
 * the table, read only when it matches) or {@code family} / {@code name}. Several filters all
 * hold; a partition value compares as its directory names it (unescaped), a null one as empty.
 */
public record Where(String column, String value) {

  /** The columns of the rows themselves that a filter may name, besides the partitions'. */
  static final List<String> ROW_COLUMNS = List.of("family", "name");

  /**
   * @throws IllegalArgumentException with the user's words when it is not {@code COLUMN=VALUE}
   */
  public static Where parse(String spec) {
    int eq = spec.indexOf('=');
    if (eq <= 0) {
      throw new IllegalArgumentException("--where " + spec + ": expected COLUMN=VALUE, e.g."
          + " --where host=web-07");
    }
    return new Where(spec.substring(0, eq), spec.substring(eq + 1));
  }

  boolean matches(String actual) {
    return value.equals(actual == null ? "" : actual);
  }

  @Override
  public String toString() {
    return column + "=" + value;
  }
}
