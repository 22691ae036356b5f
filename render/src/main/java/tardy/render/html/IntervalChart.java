package tardy.render.html;

import java.util.Locale;
import tardy.analysis.Summary;
import tardy.events.Counts;
import tardy.render.Durations;
import tardy.render.Escape;
import tardy.render.IntervalWords;
import tardy.render.PrintedZone;

/**
 * Latency over time for {@code --interval}: per interval with events, the p50, p99 and max as
 * three lines on the log's clock (UTC ticks at round times), the latency axis log10 where the
 * values span too much for a linear one; an interval's numbers on hover. Inline SVG, no script,
 * so the page's CSP holds.
 */
final class IntervalChart {

  private static final int WIDTH = 960;
  private static final int HEIGHT = 220;
  private static final int LEFT = 64;
  private static final int RIGHT = 8;
  private static final int TOP = 8;
  private static final int BOTTOM = 40;

  /** The dashed max last, so that it shows where p99 is the max. */
  private static final Series[] LINES = {Series.P99, Series.P50, Series.MAX};

  private IntervalChart() {}

  static void write(StringBuilder h, Summary s) {
    long first = s.intervals().get(0).startMillis();
    Summary.Interval lastInterval = s.intervals().get(s.intervals().size() - 1);
    long end = lastInterval.startMillis() + lastInterval.lengthMillis();
    long span = end - first;
    long top = 1;
    long bottom = Long.MAX_VALUE;
    for (Summary.Interval i : s.intervals()) {
      top = Math.max(top, i.latency().at("100"));
      if (i.latency().at("50") > 0) {
        bottom = Math.min(bottom, i.latency().at("50"));
      }
    }
    LatencyAxis axis = LatencyAxis.fitting(Math.min(bottom, top), top);
    int plotWidth = WIDTH - LEFT - RIGHT;
    int plotHeight = HEIGHT - TOP - BOTTOM;
    String label = s.key() + ": p50, p99 and max per " + IntervalWords.length(lastInterval.lengthMillis());
    h.append("<section>\n<h2>").append(Escape.html(s.key())).append(" per ")
        .append(IntervalWords.length(lastInterval.lengthMillis())).append("</h2>\n");
    h.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH)
        .append("\" height=\"").append(HEIGHT).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ')
        .append(HEIGHT).append("\" role=\"img\" aria-label=\"").append(Escape.html(label)).append("\">\n");
    Grid.latency(h, axis, LEFT, WIDTH - RIGHT, TOP, plotHeight);
    Grid.time(h, TimeAxis.ticks(first, end, true), t -> LEFT + plotWidth * (double) (t - first) / span,
        LEFT, WIDTH - RIGHT, TOP, TOP + plotHeight, TimeAxis.caption(first, end, true));
    for (Series line : LINES) {
      StringBuilder points = new StringBuilder();
      for (Summary.Interval i : s.intervals()) {
        double x = LEFT + plotWidth * (i.startMillis() - first + i.lengthMillis() / 2.0) / span;
        double y = TOP + plotHeight * (1 - axis.fraction(i.latency().at(line.percentile)));
        points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
      }
      h.append("<polyline ").append(line.stroke()).append(" points=\"")
          .append(points.toString().strip()).append("\"><title>").append(line.name)
          .append("</title></polyline>\n");
    }
    for (Summary.Interval i : s.intervals()) { // what the interval holds, on hover
      h.append(String.format(Locale.ROOT,
          "<rect class=\"interval\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\""
              + " fill-opacity=\"0\"><title>%s %s: %s, p50 %s, p99 %s, max %s</title></rect>\n",
          LEFT + plotWidth * (double) (i.startMillis() - first) / span, TOP,
          Math.max(1, plotWidth * (double) i.lengthMillis() / span), plotHeight,
          IntervalWords.start(i), PrintedZone.label(i.startMillis()), Counts.of(i.count(), "event"),
          Durations.format(i.latency().at("50")), Durations.format(i.latency().at("99")),
          Durations.format(i.latency().at("100"))));
    }
    h.append("</svg>\n");
    Series.legend(h, Series.MAX, Series.P99, Series.P50);
    Series.endLegend(h);
    h.append("<p class=\"muted\">Of ").append(Counts.of(s.intervals().size(), "interval"))
        .append(" with events; hover for an interval's numbers</p>\n</section>\n");
  }
}
