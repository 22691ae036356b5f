package tardy.render;

import java.util.Comparator;
import java.util.Locale;
import tardy.analysis.Summary;

/**
 * The orders of {@code --sort}: the most requests, the slowest tail or the longest pause first,
 * or by name. Ties keep the analysis's own order (largest count first, then by name), so the same
 * input always gives the same rows.
 */
public enum Sort {
  COUNT(Comparator.comparingLong(Summary::count).reversed()),
  P99(Comparator.comparingLong((Summary s) -> s.count() == 0 ? -1 : s.latency().at("99")).reversed()),
  MAX(Comparator.comparingLong((Summary s) -> s.count() == 0 ? -1 : s.maxNanos()).reversed()),
  NAME(Comparator.comparing(Summary::key));

  private final Comparator<Summary> order;

  Sort(Comparator<Summary> order) {
    this.order = order;
  }

  public Comparator<Summary> order() {
    return order;
  }

  /** As the user types it. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
