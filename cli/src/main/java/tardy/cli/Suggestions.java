package tardy.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * "Did you mean" for a mistyped command or option: picocli's close names, and where it has none,
 * the names within two typing mistakes (a letter wrong, missing, extra, or two swapped: --tpo).
 */
final class Suggestions {

  private static final int MOST = 3;
  private static final int MISTAKES = 2;

  private Suggestions() {}

  /** {@code Did you mean 'report'?}, or empty when the mistake is not a near miss. */
  static String of(CommandLine.ParameterException e) {
    if (!(e instanceof CommandLine.UnmatchedArgumentException unmatched)
        || unmatched.getUnmatched().isEmpty()) {
      return "";
    }
    List<String> close = new ArrayList<>(unmatched.getSuggestions());
    if (close.isEmpty()) {
      String typed = unmatched.getUnmatched().get(0);
      CommandLine.Model.CommandSpec spec = e.getCommandLine().getCommandSpec();
      List<String> names = new ArrayList<>(typed.startsWith("-")
          ? spec.optionsMap().keySet() : spec.subcommands().keySet());
      for (String name : names) {
        if (distance(typed, name) <= MISTAKES && !close.contains(name)) {
          close.add(name);
        }
      }
    }
    if (close.isEmpty()) {
      return "";
    }
    List<String> shown = close.subList(0, Math.min(MOST, close.size()));
    return "Did you mean " + String.join(" or ", shown.stream().map(s -> "'" + s + "'").toList()) + "?";
  }

  /** Edits from one word to the other, a swap of neighbours counting as one. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
