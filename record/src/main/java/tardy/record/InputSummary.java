package tardy.record;

import java.util.List;
import java.util.Locale;
import tardy.events.Outcome;
import tardy.events.ParseStats;

/** The accounting of one input's lines, as every report shows it. */
public record InputSummary(
    String source, String format, long lines, long parsed, long ignored, long malformed,
    List<Reason> reasons) {

  /** One reason lines were not parsed: {@code outcome} is "ignored" or "malformed". */
  public record Reason(String outcome, String reason, long count, List<Long> firstLines) {

    /** Whether its lines were counted as {@code kind}. */
    public boolean is(Outcome.Kind kind) {
      return outcome.equals(word(kind));
    }
  }

  /** A kind of outcome as reports write it: "ignored", "malformed". */
  private static String word(Outcome.Kind kind) {
    return kind.name().toLowerCase(Locale.ROOT);
  }

  public InputSummary {
    reasons = List.copyOf(reasons);
  }

  public static InputSummary of(String source, String format, ParseStats stats) {
    List<Reason> reasons =
        stats.reasons().stream()
            .map(r -> new Reason(word(r.outcome().kind()),
                r.outcome().reason(), r.count(), r.firstLines()))
            .toList();
    return new InputSummary(source, format, stats.lines(), stats.parsed(), stats.ignored(),
        stats.malformed(), reasons);
  }
}
