package tardy.record.table;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The partition values an input's path names: Hive's {@code name=value} directories
 * ({@code .../dt=2026-11-27/host=web-07/access.log.gz}) and, for paths laid out otherwise, rules
 * {@code name=REGEX} ({@code --partition-by host=/logs/([^/]+)/}) whose first group (or whole
 * match) is the value. A rule wins over a directory of the same name. Read once per input, not
 * per line.
 */
public final class PathPartitions {

  /** A column name a table and SQL take without quoting. */
  private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]*");

  private final Map<String, Pattern> rules;

  private PathPartitions(Map<String, Pattern> rules) {
    this.rules = rules;
  }

  /** Hive's directories only. */
  public static PathPartitions hive() {
    return new PathPartitions(Map.of());
  }

  /**
   * Hive's directories and these rules, each {@code name=REGEX}.
   *
   * @throws IllegalArgumentException with the user's words, for a rule without a name, with a
   *     name that is not a column's, twice the same name, or a regex that does not compile
   */
  public static PathPartitions withRules(List<String> specs) {
    Map<String, Pattern> rules = new LinkedHashMap<>();
    for (String spec : specs) {
      int eq = spec.indexOf('=');
      String name = eq < 0 ? spec : spec.substring(0, eq);
      if (eq <= 0 || eq == spec.length() - 1) {
        throw new IllegalArgumentException("--partition-by " + spec + ": expected NAME=REGEX");
      }
      if (!NAME.matcher(name).matches()) {
        throw new IllegalArgumentException("--partition-by " + spec + ": '" + name
            + "' is not a column name (lower-case letters, digits and _)");
      }
      try {
        if (rules.put(name, Pattern.compile(spec.substring(eq + 1))) != null) {
          throw new IllegalArgumentException("--partition-by " + spec + ": '" + name
              + "' given twice");
        }
      } catch (PatternSyntaxException e) {
        throw new IllegalArgumentException("--partition-by " + spec + ": not a regex: "
            + e.getDescription());
      }
    }
    return new PathPartitions(rules);
  }

  /** The values this path names, by column, in the path's order (rules last). */
  public Map<String, String> of(String path) {
    Map<String, String> values = new LinkedHashMap<>();
    String[] segments = path.replace('\\', '/').split("/");
    for (int i = 0; i < segments.length - 1; i++) { // directories: the file's own name is not one
      String s = segments[i];
      int eq = s.indexOf('=');
      if (eq > 0) {
        String name = s.substring(0, eq).toLowerCase(Locale.ROOT);
        if (NAME.matcher(name).matches() && !rules.containsKey(name)) {
          values.put(name, s.substring(eq + 1));
        }
      }
    }
    for (Map.Entry<String, Pattern> rule : rules.entrySet()) {
      Matcher m = rule.getValue().matcher(path);
      values.put(rule.getKey(), m.find() ? (m.groupCount() > 0 ? m.group(1) : m.group()) : null);
    }
    return values;
  }

  /**
   * The table's columns for these paths: every name any of them gives, in the order first met;
   * a path without one has null there.
   */
  public Columns columns(List<String> paths) {
    List<Map<String, String>> each = new ArrayList<>();
    LinkedHashMap<String, Boolean> names = new LinkedHashMap<>();
    for (String path : paths) {
      Map<String, String> values = of(path);
      each.add(values);
      values.keySet().forEach(n -> names.put(n, true));
    }
    List<String> columns = List.copyOf(names.keySet());
    List<List<String>> rows = new ArrayList<>();
    for (Map<String, String> values : each) {
      List<String> row = new ArrayList<>(columns.size());
      for (String c : columns) {
        row.add(values.get(c));
      }
      rows.add(java.util.Collections.unmodifiableList(row));
    }
    return new Columns(columns, List.copyOf(rows));
  }

  /**
   * @param names the partition columns
   * @param values per path (in the order given), its value of each column (null: none)
   */
  public record Columns(List<String> names, List<List<String>> values) {}
}
