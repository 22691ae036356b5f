package tardy.analysis.requirements;

import java.math.BigDecimal;

/** A share as a requirements file writes it: {@code 99.9%}. Each key judges its own range. */
final class PercentText {

  private PercentText() {}

  /** The number before the percent sign, or null when the text is not a number and {@code %}. */
  static BigDecimal parse(String text) {
    String t = text.trim();
    if (!t.endsWith("%")) {
      return null;
    }
    try {
      return new BigDecimal(t.substring(0, t.length() - 1).trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
