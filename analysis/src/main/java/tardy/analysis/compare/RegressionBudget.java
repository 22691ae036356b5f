package tardy.analysis.compare;

import java.util.regex.Pattern;

/**
 * How much one percentile of the operations a glob names may grow from before to after:
 * {@code p99: { max_increase: 10% }} (relative) or {@code p50: { max_increase: 5ms }}.
 *
 * @param glob the operation names it applies to, {@code *} any run of characters
 * @param label the percentile as in JSON: {@code "99"}
 * @param maxIncreaseNanos the absolute increase allowed; -1 when relative
 * @param maxIncreaseFraction the relative increase allowed (0.1 is 10%); NaN when absolute
 * @param text the budget as the file writes it, for messages
 */
public record RegressionBudget(String glob, String label, long maxIncreaseNanos,
    double maxIncreaseFraction, String text) {

  public boolean relative() {
    return maxIncreaseNanos < 0;
  }

  public boolean appliesTo(String operation) {
    return globPattern().matcher(operation).matches();
  }

  private Pattern globPattern() {
    StringBuilder re = new StringBuilder();
    String[] parts = glob.split("\\*", -1);
    for (int i = 0; i < parts.length; i++) {
      re.append(i > 0 ? ".*" : "").append(Pattern.quote(parts[i]));
    }
    return Pattern.compile(re.toString(), Pattern.DOTALL);
  }

  /** {@code p99}, as the file writes it. */
  public String name() {
    return "p" + label;
  }

  /** Whether a change of {@code before} → {@code after} stays within the budget. */
  public boolean within(long before, long after) {
    long increase = after - before;
    if (increase <= 0) {
      return true;
    }
    if (relative()) {
      return before > 0 && (double) increase <= maxIncreaseFraction * before;
    }
    return increase <= maxIncreaseNanos;
  }
}
