package tardy.formats.jvm;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Where a unified log ends inside a pause, found by the test apart from the parser. */
public final class CutPauses {

  private static final Pattern PAUSE_START = Pattern.compile("GC\\((\\d+)\\) Pause ");

  private CutPauses() {}

  /** Whether the last pause start line ({@code GC(n) Pause ...}, no duration) has no later end. */
  public static boolean endsInsideAPause(List<String> lines) {
    for (int i = lines.size() - 1; i >= 0; i--) {
      Matcher start = PAUSE_START.matcher(lines.get(i));
      if (start.find() && !lines.get(i).stripTrailing().endsWith("ms")) {
        String end = "GC(" + start.group(1) + ") Pause ";
        return lines.subList(i + 1, lines.size()).stream()
            .noneMatch(l -> l.contains(end) && l.endsWith("ms"));
      }
    }
    return false;
  }
}
