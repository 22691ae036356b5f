package tardy.render.table;

import java.util.ArrayList;
import java.util.List;
import tardy.analysis.Summary;
import tardy.render.Durations;
import tardy.render.Escape;
import tardy.render.IntervalWords;

/**
 * The compact per-interval block of {@code --interval}: for a family's total and its first shown
 * operations, one row per interval with events (its start in UTC, count, p50, p99, max).
 */
final class IntervalTable {

  private IntervalTable() {}

  static void write(StringBuilder text, List<Summary> rows, long resolution, boolean colour,
      int width) {
    for (Summary s : rows) {
      if (s.intervals().isEmpty()) {
        continue;
      }
      text.append(Escape.terminal(s.key())).append(" per ")
          .append(IntervalWords.length(s.intervals().get(0).lengthMillis())).append('\n');
      TextTable table = new TextTable("from (" + tardy.render.PrintedZone.name() + ")", "count", "p50", "p90", "p99", "max")
          .dropFirst("p90", "p50");
      for (Summary.Interval i : s.intervals()) {
        List<String> cells = new ArrayList<>(List.of(IntervalWords.start(i),
            TableRenderer.count(i.count())));
        for (String label : List.of("50", "90", "99", "100")) {
          cells.add(Durations.format(i.latency().at(label), resolution));
        }
        table.add(null, cells.toArray(String[]::new));
      }
      table.write(text, colour, width);
      text.append('\n');
    }
  }
}
