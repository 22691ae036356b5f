package tardy.classify.budget;

import java.util.Collection;
import java.util.Locale;

/** The verdict on a budget, an operation or a whole check. */
public enum Verdict {
  PASS,
  FAIL,
  /** Too few samples behind a percentile for it to mean anything; never fails a check. */
  INSUFFICIENT;

  /** As written in JSON and CSV: {@code pass}, {@code fail}, {@code insufficient}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Fail if any fails; otherwise insufficient if any is; otherwise pass. */
  public static Verdict combine(Collection<Verdict> verdicts) {
    if (verdicts.contains(FAIL)) {
      return FAIL;
    }
    return verdicts.contains(INSUFFICIENT) ? INSUFFICIENT : PASS;
  }
}
