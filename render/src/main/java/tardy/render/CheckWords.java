package tardy.render;

import java.math.BigDecimal;
import java.util.Locale;
import tardy.analysis.Analysis;
import tardy.analysis.BudgetResult;
import tardy.analysis.Judgement;
import tardy.events.Counts;

/** The words every rendering of a check uses, so the table and the page say the same thing. */
public final class CheckWords {

  private CheckWords() {}

  /** {@code FAIL: 3 of 5 requirements failed: Browse, Cart, Search} (names escaped by the caller). */
  public static String verdict(Analysis a, java.util.function.UnaryOperator<String> escape) {
    Analysis.Judged j = a.judged();
    String verdict = a.verdict().map(v -> v.label().toUpperCase(Locale.ROOT)).orElse("");
    if (j.failed().isEmpty()) {
      return verdict + ": no budget failed (" + j.count() + " judged)";
    }
    StringBuilder names = new StringBuilder();
    for (String name : j.failed()) {
      names.append(names.length() == 0 ? "" : ", ").append(escape.apply(name));
    }
    return verdict + ": " + j.failed().size() + " of " + j.count() + " failed: " + names;
  }

  /** {@code p90 ≤ 100ms: 231ms, 131ms over; 402 of 812 over the limit}. */
  public static String budget(BudgetResult b, long count) {
    String measured = count == 0 ? "no samples" : Durations.format(b.actualNanos());
    StringBuilder s = new StringBuilder(b.label()).append(" ≤ ").append(Durations.format(b.limitNanos()))
        .append(": ").append(measured);
    switch (b.verdict()) {
      case FAIL -> s.append(", ").append(Durations.format(b.overNanos())).append(" over; ")
          .append(Counts.grouped(b.overLimitCount())).append(" of ").append(Counts.grouped(count)).append(" over the limit");
      case INSUFFICIENT -> s.append("; needs ").append(Counts.of(b.requiredSamples(), "sample")).append(", has ")
          .append(Counts.grouped(count));
      case PASS -> s.append(b.overLimitCount() > 0 ? "; " + Counts.grouped(b.overLimitCount()) + " over the limit" : "");
    }
    return s.toString();
  }

  /** {@code 0.912 [T 100ms]}, or empty when there is no Apdex. */
  public static String apdex(Judgement j) {
    if (!j.hasApdex()) {
      return "";
    }
    return BigDecimal.valueOf(j.apdex()).setScale(3, java.math.RoundingMode.HALF_EVEN).toPlainString()
        + " [T " + Durations.format(j.apdexTargetNanos()) + "]";
  }
}
