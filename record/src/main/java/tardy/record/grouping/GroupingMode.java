package tardy.record.grouping;

import java.util.Locale;

/** How request paths become operations ({@code --grouping}). */
public enum GroupingMode {
  /** Templates inferred from a sample of the traffic, on top of the fixed id rules. */
  INFER,
  /** The fixed id rules only: digit runs, UUIDs and long hex strings folded. */
  IDS,
  /** Paths as logged, the query string dropped. */
  RAW;

  public String option() {
    return name().toLowerCase(Locale.ROOT);
  }
}
