package tardy.report;

import java.util.ArrayList;
import java.util.List;
import tardy.classify.Analysis;
import tardy.classify.Summary;

/**
 * The groups a view shows, in its order, and what it leaves out, so that the rest is summed up in
 * one line instead of silently dropped. In a check every judged group is shown (a requirements
 * file is the user's own list), failing first; {@code --top} limits the groups no requirement
 * judges.
 *
 * @param shown the groups shown, in order
 * @param hiddenGroups how many groups were left out
 * @param hiddenCount how many requests or pauses they hold
 */
public record Focus(List<Summary> shown, int hiddenGroups, long hiddenCount) {

  public Focus {
    shown = List.copyOf(shown);
  }

  public static Focus of(Analysis a, View view) {
    boolean check = a.verdict().isPresent();
    List<Summary> sorted = new ArrayList<>(check ? a.groupsFailingFirst() : a.groups());
    if (!check) {
      sorted.sort(view.sort().order()); // stable: ties keep the analysis's order
    }
    List<Summary> shown = new ArrayList<>();
    int unjudged = 0;
    int hidden = 0;
    long hiddenCount = 0;
    for (Summary s : sorted) {
      boolean judged = s.judgement() != null;
      if (judged || view.top() == 0 || unjudged < view.top()) {
        shown.add(s);
        unjudged += judged ? 0 : 1;
      } else {
        hidden++;
        hiddenCount += s.count();
      }
    }
    return new Focus(shown, hidden, hiddenCount);
  }

  /**
   * One line for what is left out, or empty when nothing is: "990 more operations (12,345
   * requests, 3.1%) not shown: --top 0 shows all".
   */
  public String rest(Analysis a) {
    if (hiddenGroups == 0) {
      return "";
    }
    boolean pauses = a.kind() == Analysis.Kind.PAUSES;
    String groups = pauses ? "pause kind" : "operation";
    String events = pauses ? "pause" : a.kind() == Analysis.Kind.MIXED ? "event" : "request";
    long total = a.total().count();
    String share = total == 0 ? ""
        : String.format(java.util.Locale.ROOT, ", %.1f%%", 100.0 * hiddenCount / total);
    return CheckWords.count(hiddenGroups) + " more " + plural(groups, hiddenGroups) + " ("
        + CheckWords.count(hiddenCount) + " " + plural(events, hiddenCount) + share
        + ") not shown: --top 0 shows all";
  }

  private static String plural(String word, long n) {
    return n == 1 ? word : word + "s";
  }
}
