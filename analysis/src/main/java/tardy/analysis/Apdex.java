package tardy.analysis;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.HdrHistogram.AbstractHistogram;
import tardy.analysis.Summary;

/**
 * The Apdex score (Apdex Technical Specification v1.1): satisfied ≤ T, tolerating ≤ 4T,
 * frustrated above; score = (satisfied + tolerating / 2) / count. 5xx answers count as
 * frustrated however fast they were. Counts are within HdrHistogram's precision. A secondary
 * number: it hides where the tail is, so it never decides a verdict. Requests whose statuses are
 * unknown (a histogram table, a log without them) have no score: their 5xx cannot be counted.
 */
public final class Apdex {

  private Apdex() {}

  /** The score rounded to 3 decimals; NaN without a target, samples or known statuses. */
  static double score(Summary s, long targetNanos) {
    if (targetNanos <= 0 || s.count() == 0 || statusesUnknown(s)) {
      return Double.NaN;
    }
    long satisfied = upTo(s.histogram(), targetNanos);
    long tolerating = upTo(s.histogram(), 4 * targetNanos) - satisfied;
    AbstractHistogram errors = s.serverErrors();
    if (errors != null) {
      long errorsSatisfied = upTo(errors, targetNanos);
      satisfied -= errorsSatisfied;
      tolerating -= upTo(errors, 4 * targetNanos) - errorsSatisfied;
    }
    BigDecimal points = BigDecimal.valueOf(2 * satisfied + tolerating);
    return points.divide(BigDecimal.valueOf(2 * s.count()), 3, RoundingMode.HALF_EVEN)
        .doubleValue();
  }

  private static boolean statusesUnknown(Summary s) {
    if (s.family() != tardy.events.Family.REQUEST || s.statusClasses() == null) {
      return false;
    }
    long known = 0;
    for (int c = 1; c < s.statusClasses().length; c++) {
      known += s.statusClasses()[c];
    }
    return known == 0;
  }

  private static long upTo(AbstractHistogram h, long nanos) {
    return h.getTotalCount() == 0 ? 0 : h.getCountBetweenValues(0, nanos);
  }
}
