package tardy.render;

import java.util.ArrayList;
import java.util.List;
import tardy.analysis.Analysis;
import tardy.analysis.Summary;
import tardy.events.Counts;
import tardy.events.Family;

/**
 * The groups a view shows, in its order, and what it leaves out, so that the rest is summed up in
 * one line instead of silently dropped. In a check every judged group is shown (a requirements
 * file is the user's own list), failing first; {@code --top} limits the groups no requirement
 * judges.
 *
 * @param shown the groups shown, in order
 * @param hiddenGroups how many groups were left out
 * @param hiddenCount how many requests or pauses they hold
 * @param hiddenSingles how many of the groups left out hold one event each and were left out for
 *     that ({@link View#singles})
 * @param family the family shown; null for a check, which shows every family's groups
 */
public record Focus(List<Summary> shown, int hiddenGroups, long hiddenCount, int hiddenSingles,
    Family family) {

  public Focus {
    shown = List.copyOf(shown);
  }

  /** The groups of every family: a check's view. */
  public static Focus of(Analysis a, View view) {
    return of(a, view, null);
  }

  /** The groups of one family (every family when null), {@code --top} of them. */
  public static Focus of(Analysis a, View view, Family family) {
    boolean check = a.verdict().isPresent();
    List<Summary> sorted = new ArrayList<>(check ? a.groupsFailingFirst() : a.groups());
    if (family != null) {
      sorted.removeIf(s -> s.family() != family);
    }
    if (!check) {
      sorted.sort(view.sort().order()); // stable: ties keep the analysis's order
    }
    List<Summary> shown = new ArrayList<>();
    int unjudged = 0;
    int hidden = 0;
    long hiddenCount = 0;
    int singles = 0;
    boolean sumSingles = !view.singles()
        && sorted.stream().filter(s -> single(s)).count() > View.MAX_SINGLES;
    for (Summary s : sorted) {
      boolean judged = s.judgement() != null;
      if (sumSingles && single(s) && (view.top() == 0 || unjudged < view.top())) {
        hidden++;
        hiddenCount += s.count();
        singles++;
      } else if (judged || view.top() == 0 || unjudged < view.top()) {
        shown.add(s);
        unjudged += judged ? 0 : 1;
      } else {
        hidden++;
        hiddenCount += s.count();
      }
    }
    return new Focus(shown, hidden, hiddenCount, singles, family);
  }

  /** A group of one event that no requirement judges (a judged one is always shown). */
  private static boolean single(Summary s) {
    return s.count() == 1 && s.judgement() == null;
  }

  /**
   * One line for what is left out, or empty when nothing is: "990 more operations (12,345
   * requests, 3.1%) not shown: --top 0 shows all", or "394 operations with one request each (394
   * requests, 3.9%) not shown: --singles shows them".
   */
  public String rest(Analysis a) {
    if (hiddenGroups == 0) {
      return "";
    }
    Family only = family != null ? family : a.families().size() == 1 ? a.families().get(0) : null;
    String groups = only == null ? "group" : only.keyHeader();
    String events = only == null ? "event" : only.event();
    long total = only == null ? 0 : a.totalOf(only).map(Summary::count).orElse(0L);
    String share = total == 0 ? ""
        : String.format(java.util.Locale.ROOT, ", %.1f%%", 100.0 * hiddenCount / total);
    if (hiddenSingles == hiddenGroups) {
      return Counts.of(hiddenGroups, groups) + " with one " + events + " each ("
          + Counts.of(hiddenCount, events) + share + ") not shown: --singles shows them";
    }
    String rest = Counts.of(hiddenGroups, "more " + groups) + " (" + Counts.of(hiddenCount, events)
        + share + ") not shown";
    return hiddenSingles == 0 ? rest + ": --top 0 shows all"
        : rest + ", " + Counts.of(hiddenSingles, "of them", "of them")
            + " with one " + events + " each: --top 0 --singles shows all";
  }
}
