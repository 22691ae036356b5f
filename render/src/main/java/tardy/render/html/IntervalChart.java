package tardy.render.html;

import java.util.Locale;
import tardy.analysis.Summary;
import tardy.events.Counts;
import tardy.render.Durations;
import tardy.render.Escape;
import tardy.render.IntervalWords;

/**
 * Latency over time for {@code --interval}: per interval with events, the p50, p99 and max as
 * three lines on the log's clock, inline SVG (no script, so the page's CSP holds).
 */
final class IntervalChart {

  private static final int WIDTH = 960;
  private static final int HEIGHT = 180;
  private static final int LEFT = 64;
  private static final int BOTTOM = 24;

  private IntervalChart() {}

  static void write(StringBuilder h, Summary s) {
    long first = s.intervals().get(0).startMillis();
    Summary.Interval lastInterval = s.intervals().get(s.intervals().size() - 1);
    long span = lastInterval.startMillis() + lastInterval.lengthMillis() - first;
    long top = 1;
    for (Summary.Interval i : s.intervals()) {
      top = Math.max(top, i.latency().at("100"));
    }
    int plotWidth = WIDTH - LEFT - 8;
    int plotHeight = HEIGHT - BOTTOM - 8;
    h.append("<section>\n<h2>").append(Escape.html(s.key())).append(" per ")
        .append(IntervalWords.length(lastInterval.lengthMillis())).append("</h2>\n");
    h.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH)
        .append("\" height=\"").append(HEIGHT).append("\" role=\"img\" aria-label=\"")
        .append(Escape.html(s.key())).append(": p50, p99 and max per interval\">\n");
    String[][] lines = {{"100", "#cf222e", "1"}, {"99", "#0969da", "2"}, {"50", "#6e7781", "1.5"}};
    for (String[] line : lines) {
      StringBuilder points = new StringBuilder();
      for (Summary.Interval i : s.intervals()) {
        double x = LEFT + plotWidth * (i.startMillis() - first + i.lengthMillis() / 2.0) / span;
        double y = 8 + plotHeight * (1 - (double) i.latency().at(line[0]) / top);
        points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
      }
      h.append("<polyline fill=\"none\" stroke=\"").append(line[1]).append("\" stroke-width=\"")
          .append(line[2]).append("\" points=\"").append(points.toString().strip())
          .append("\"><title>").append(line[0].equals("100") ? "max" : "p" + line[0])
          .append("</title></polyline>\n");
    }
    h.append(String.format(Locale.ROOT,
        "<text class=\"axis\" x=\"4\" y=\"18\">%s</text><text class=\"axis\" x=\"4\" y=\"%d\">0</text>\n",
        Durations.format(top), 8 + plotHeight));
    h.append(String.format(Locale.ROOT,
        "<text class=\"axis\" x=\"%d\" y=\"%d\">%s UTC</text><text class=\"axis\" x=\"%d\" y=\"%d\""
            + " text-anchor=\"end\">%s</text>\n", LEFT, HEIGHT - 6,
        IntervalWords.start(s.intervals().get(0)), WIDTH - 8, HEIGHT - 6,
        IntervalWords.start(lastInterval)));
    h.append("</svg>\n<p class=\"muted\">max (red), p99 (blue), p50 (grey) of ")
        .append(Counts.of(s.intervals().size(), "interval"))
        .append(" with events</p>\n</section>\n");
  }
}
