package tardy.analysis;

import java.util.Collection;
import java.util.Locale;

/** The verdict on a budget, an operation or a whole check. */
public enum Verdict {
  PASS,
  FAIL,
  /** Too few samples behind a percentile for it to mean anything; never fails a check. */
  INSUFFICIENT,
  /**
   * A requirement that no event matched: a typo in its pattern or the wrong log. Fails a check
   * unless the requirement is optional.
   */
  NO_DATA;

  /** As written in JSON and CSV: {@code pass}, {@code fail}, {@code insufficient}, {@code no_data}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** As a table shows it: {@code PASS}, {@code FAIL}, {@code INSUFFICIENT}, {@code NO DATA}. */
  public String word() {
    return name().replace('_', ' ');
  }

  /** Fail if any fails; otherwise insufficient if any is; otherwise pass. */
  public static Verdict combine(Collection<Verdict> verdicts) {
    if (verdicts.contains(FAIL)) {
      return FAIL;
    }
    return verdicts.contains(INSUFFICIENT) ? INSUFFICIENT : PASS;
  }
}
