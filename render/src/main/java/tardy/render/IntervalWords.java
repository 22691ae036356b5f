package tardy.render;

import java.util.ArrayList;
import java.util.List;
import tardy.analysis.Analysis;
import tardy.analysis.Summary;
import tardy.events.Family;

/** What the table and the page say about --interval, and which groups they show it for. */
public final class IntervalWords {

  /** Operations shown per interval besides each family's total: the first ones of the view. */
  public static final int OPERATIONS = 3;

  private IntervalWords() {}

  /** "1m", "30s", "250ms". */
  public static String length(long millis) {
    if (millis % 60_000 == 0) {
      return millis / 60_000 + "m";
    }
    return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
  }

  /** An interval's start in UTC, to the millisecond when the interval is finer than a second. */
  public static String start(Summary.Interval i) {
    return SpanWords.time(i.startMillis(), i.lengthMillis() % 1000 == 0 ? 1000 : 1);
  }

  /** The family's total first, then its first {@value #OPERATIONS} shown groups with intervals. */
  public static List<Summary> shown(Analysis a, Family family, List<Summary> shownGroups) {
    List<Summary> rows = new ArrayList<>();
    a.totalOf(family).filter(t -> !t.intervals().isEmpty()).ifPresent(rows::add);
    shownGroups.stream().filter(s -> s.family() == family && !s.intervals().isEmpty())
        .limit(OPERATIONS).forEach(rows::add);
    return rows;
  }
}
