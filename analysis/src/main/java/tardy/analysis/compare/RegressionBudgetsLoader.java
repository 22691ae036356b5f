package tardy.analysis.compare;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import tardy.analysis.requirements.Budget;
import tardy.analysis.requirements.DurationText;
import tardy.analysis.requirements.RequirementsException;
import tardy.analysis.requirements.RequirementsLoader;

/**
 * The {@code regressions:} part of a requirements file: how much each percentile may grow from
 * one run to the next. {@code tardy check} ignores it; {@code tardy compare} reads only it.
 *
 * <pre>
 * regressions:
 *   - operation: "*"              # a glob over the operations compare shows; default *
 *     budgets:
 *       p99: { max_increase: 10% }
 *       p50: { max_increase: 5ms }
 * </pre>
 */
public final class RegressionBudgetsLoader {

  private static final List<String> TESTED = List.of("50", "90", "99", "99.9");

  private final String file;
  private final List<String> problems = new ArrayList<>();

  private RegressionBudgetsLoader(String file) {
    this.file = file;
  }

  /** Every regression budget of the file, in file order; refused when it holds none. */
  public static List<RegressionBudget> parse(RequirementsLoader.Text text)
      throws RequirementsException {
    return new RegressionBudgetsLoader(text.file()).read(text.text());
  }

  private List<RegressionBudget> read(String text) throws RequirementsException {
    Object root;
    try {
      LoadSettings settings = LoadSettings.builder().setLabel(file)
          .setMaxAliasesForCollections(10).setAllowRecursiveKeys(false)
          .setAllowNonScalarKeys(false).setCodePointLimit(RequirementsLoader.MAX_BYTES).build();
      root = new Load(settings).loadFromString(text);
    } catch (YamlEngineException | StackOverflowError e) {
      throw new RequirementsException(List.of(file + ": not YAML a requirements file can hold: "
          + (e.getMessage() == null ? "nested too deep" : e.getMessage().lines().findFirst().orElse(""))));
    }
    if (!(root instanceof Map<?, ?> map) || !map.containsKey("regressions")) {
      throw new RequirementsException(List.of(file + ": no 'regressions:': compare needs budgets"
          + " such as 'regressions: [{operation: \"*\", budgets: {p99: {max_increase: 10%}}}]'"));
    }
    List<RegressionBudget> out = new ArrayList<>();
    if (!(map.get("regressions") instanceof List<?> entries) || entries.isEmpty()) {
      throw new RequirementsException(List.of(file + ": 'regressions' must be a list of"
          + " operations with their budgets"));
    }
    int n = 0;
    for (Object entry : entries) {
      n++;
      entry(n, entry, out);
    }
    if (!problems.isEmpty()) {
      throw new RequirementsException(problems);
    }
    return out;
  }

  private void entry(int n, Object entry, List<RegressionBudget> out) {
    String where = file + ": regressions[" + n + "]";
    if (!(entry instanceof Map<?, ?> m)) {
      problems.add(where + ": must be a mapping with 'operation' and 'budgets'");
      return;
    }
    for (Object key : m.keySet()) {
      if (!"operation".equals(key) && !"budgets".equals(key)) {
        problems.add(where + ": unknown key '" + key + "': write operation and budgets");
      }
    }
    Object op = m.containsKey("operation") ? m.get("operation") : "*";
    if (!(op instanceof String glob) || glob.isEmpty()) {
      problems.add(where + ": 'operation' must be an operation name or a glob (\"GET /api/*\")");
      return;
    }
    if (!(m.get("budgets") instanceof Map<?, ?> budgets) || budgets.isEmpty()) {
      problems.add(where + ": 'budgets' must map percentiles to {max_increase: 10%} or"
          + " {max_increase: 5ms}");
      return;
    }
    budgets.forEach((k, v) -> budget(where, glob, String.valueOf(k), v, out));
  }

  private void budget(String where, String glob, String key, Object value,
      List<RegressionBudget> out) {
    String label;
    try {
      label = Budget.percentileOf(key);
    } catch (IllegalArgumentException e) {
      problems.add(where + ": " + e.getMessage());
      return;
    }
    if (!TESTED.contains(label)) {
      problems.add(where + ": '" + key + "': regression budgets are for p50, p90, p99 and"
          + " p99.9, the percentiles compare tests (the max is one value: no test can say it"
          + " changed)");
      return;
    }
    if (!(value instanceof Map<?, ?> m) || m.size() != 1 || !m.containsKey("max_increase")) {
      problems.add(where + ": '" + key + "' must be {max_increase: 10%} or {max_increase: 5ms}");
      return;
    }
    String text = String.valueOf(m.get("max_increase")).trim();
    try {
      if (text.endsWith("%")) {
        BigDecimal percent = new BigDecimal(text.substring(0, text.length() - 1).trim());
        if (percent.signum() < 0) {
          throw new IllegalArgumentException("'" + text + "' is negative");
        }
        out.add(new RegressionBudget(glob, label, -1,
            percent.divide(BigDecimal.valueOf(100)).doubleValue(), text));
      } else {
        out.add(new RegressionBudget(glob, label, DurationText.parse(text), Double.NaN, text));
      }
    } catch (NumberFormatException e) {
      problems.add(where + ": '" + key + "': '" + text + "' is not a percentage");
    } catch (IllegalArgumentException e) {
      problems.add(where + ": '" + key + "': " + e.getMessage());
    }
  }
}
