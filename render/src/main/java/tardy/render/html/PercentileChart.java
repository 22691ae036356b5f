package tardy.render.html;

import java.util.List;
import java.util.Locale;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;
import tardy.analysis.Summary;
import tardy.analysis.BudgetResult;
import tardy.analysis.Verdict;
import tardy.render.Durations;
import tardy.render.Escape;
import tardy.record.histogram.Percentiles;

/**
 * Latency by percentile as inline SVG, on the axis HdrHistogram's plotter uses: x is
 * log10(1 / (1 − p)), so 90%, 99%, 99.9% … are evenly spaced and the tail gets the room. A curve
 * ends where its count stops supporting percentiles: n samples say nothing finer than 1 − 1/n
 * (x = log10 n), so the curve ends there, at the maximum, instead of running flat to 99.999%.
 * Each budget is drawn as its limit across the percentiles it covers (p90 ≤ 100ms: everything up
 * to 90%), ending in a dot at its percentile.
 */
final class PercentileChart {

  static final int WIDTH = 720;
  static final int HEIGHT = 280;
  /** Curves the overview draws at most; each has a colour of its own. */
  static final int SERIES = 8;
  private static final int LEFT = 64;
  private static final int RIGHT = 40;
  private static final int TOP = 16;
  private static final int BOTTOM = 36;
  /** The x axis ends at 99.999%: log10(1 / 0.00001). */
  private static final double X_MAX = 5;
  private static final String[] X_TICKS = {"0%", "90%", "99%", "99.9%", "99.99%", "99.999%"};

  private PercentileChart() {}

  /** Where a value lies on the chart: the plot's bottom is the axis's 0. */
  private static double py(LatencyAxis axis, double nanos) {
    return HEIGHT - BOTTOM - axis.fraction(nanos) * (HEIGHT - TOP - BOTTOM);
  }

  /** The chart of one group; the histogram is only iterated, never changed. */
  static String svg(String title, AbstractHistogram h, List<BudgetResult> budgets) {
    long top = h.getMaxValue();
    for (BudgetResult b : budgets) {
      top = Math.max(top, b.limitNanos());
    }
    LatencyAxis scale = LatencyAxis.linear(top);
    StringBuilder svg = open("latency by percentile: " + title);
    grid(svg, scale);
    curve(svg, h, scale, "curve", "");
    for (BudgetResult b : budgets) {
      budget(svg, b, scale);
    }
    return svg.append("</svg>").toString();
  }

  /** Several groups on one chart, log y, with a legend below. */
  static String overview(List<Summary> groups) {
    long top = 1;
    long bottom = Long.MAX_VALUE;
    for (Summary s : groups) {
      top = Math.max(top, s.histogram().getMaxValue());
      bottom = Math.min(bottom, Math.max(1, s.histogram().getMinNonZeroValue()));
    }
    LatencyAxis scale = LatencyAxis.log(bottom, top);
    StringBuilder svg = open("latency by percentile of the first " + groups.size() + " groups");
    grid(svg, scale);
    for (int i = 0; i < groups.size(); i++) {
      curve(svg, groups.get(i).histogram(), scale, "curve s" + i, groups.get(i).key());
    }
    svg.append("</svg>\n<ul class=\"legend\">");
    for (int i = 0; i < groups.size(); i++) {
      svg.append("<li data-key=\"").append(Escape.html(groups.get(i).key())).append("\"><span class=\"swatch s")
          .append(i).append("\"></span>").append(Escape.html(groups.get(i).key())).append("</li>");
    }
    return svg.append("</ul>").toString();
  }

  /** Two runs of one group on one chart, log y: where the curves part is where they differ. */
  static String pair(String title, AbstractHistogram before, AbstractHistogram after) {
    long top = Math.max(1, Math.max(before.getMaxValue(), after.getMaxValue()));
    long bottom = Math.max(1, Math.min(
        before.getTotalCount() == 0 ? Long.MAX_VALUE : before.getMinNonZeroValue(),
        after.getTotalCount() == 0 ? Long.MAX_VALUE : after.getMinNonZeroValue()));
    LatencyAxis scale = LatencyAxis.log(Math.min(bottom, top), top);
    StringBuilder svg = open("latency by percentile before and after: " + title);
    grid(svg, scale);
    curve(svg, before, scale, "curve s0", "before");
    curve(svg, after, scale, "curve s1", "after");
    return svg.append("</svg>\n<ul class=\"legend\"><li><span class=\"swatch s0\"></span>before"
        + "</li><li><span class=\"swatch s1\"></span>after</li></ul>").toString();
  }

  private static StringBuilder open(String label) {
    return new StringBuilder().append(fmt("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">",
        WIDTH, HEIGHT, WIDTH, HEIGHT, Escape.html(label)));
  }

  /**
   * The points of a curve up to the percentile the count supports, then the maximum there; a
   * single sample is a dot.
   */
  private static void curve(StringBuilder svg, AbstractHistogram h, LatencyAxis scale, String cls, String title) {
    long n = h.getTotalCount();
    if (n == 0) {
      return;
    }
    double end = Math.min(X_MAX, Math.log10(n));
    StringBuilder path = new StringBuilder();
    for (HistogramIterationValue v : h.percentiles(5)) {
      double x = x(v.getPercentileLevelIteratedTo());
      if (x >= end) {
        break;
      }
      point(path, x, v.getValueIteratedTo(), scale);
    }
    point(path, end, h.getMaxValue(), scale);
    svg.append("<path class=\"").append(cls).append("\" d=\"").append(path).append("\"/>");
    Percentiles values = Percentiles.of(h);
    for (String label : Percentiles.LABELS) { // each percentile the table shows, on hover
      double x = label.equals("100") ? end : x(Double.parseDouble(label));
      if (label.equals("100") || x < end) {
        svg.append(fmt("<circle class=\"%s%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%s\"><title>%s%s: %s</title></circle>",
            cls, label.equals("100") ? " end" : " at", px(x), py(scale, values.at(label)),
            label.equals("100") ? "3" : "2.5", title.isEmpty() ? "" : Escape.html(title) + " ",
            label.equals("100") ? "max" : "p" + label, Durations.format(values.at(label))));
      }
    }
  }

  private static void point(StringBuilder path, double x, long nanos, LatencyAxis scale) {
    path.append(path.length() == 0 ? "M" : " L").append(fmt("%.1f,%.1f", px(x), py(scale, nanos)));
  }

  private static void grid(StringBuilder svg, LatencyAxis scale) {
    for (long y : scale.ticks()) {
      double py = py(scale, y);
      svg.append(fmt("<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>", LEFT, py, WIDTH - RIGHT, py));
      svg.append(fmt("<text class=\"axis\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>", LEFT - 6, py + 4,
          LatencyAxis.label(y)));
    }
    for (int i = 0; i < X_TICKS.length; i++) {
      double px = px(i);
      svg.append(fmt("<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>", px, TOP, px, HEIGHT - BOTTOM));
      svg.append(fmt("<text class=\"axis\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>", px,
          HEIGHT - BOTTOM + 16, X_TICKS[i]));
    }
    svg.append(fmt("<text class=\"axis\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">percentile</text>",
        (LEFT + WIDTH - RIGHT) / 2, HEIGHT - 4));
  }

  private static void budget(StringBuilder svg, BudgetResult b, LatencyAxis scale) {
    double end = px(b.percentile().equals("100") ? X_MAX : x(b.percentileValue()));
    double y = py(scale, b.limitNanos());
    String cls = "budget " + b.verdict().label();
    svg.append(fmt("<line class=\"%s\" x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", cls, LEFT, y, end, y));
    svg.append(fmt("<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\"/>", cls, end, y));
    String label = b.label() + " ≤ " + Durations.format(b.limitNanos())
        + (b.verdict() == Verdict.FAIL ? " ✗" : b.verdict() == Verdict.PASS ? " ✓" : " ?");
    boolean leftOfDot = end > WIDTH - RIGHT - 140;
    svg.append(fmt("<text class=\"%s\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>", cls,
        leftOfDot ? end - 8 : end + 8, y - 6, leftOfDot ? "end" : "start", Escape.html(label)));
  }

  /** log10(1 / (1 − p)), capped at 99.999%. */
  static double x(double percentile) {
    if (percentile >= 100) {
      return X_MAX;
    }
    return Math.min(X_MAX, Math.log10(100 / (100 - percentile)));
  }

  private static double px(double x) {
    return LEFT + x / X_MAX * (WIDTH - LEFT - RIGHT);
  }

  private static String fmt(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }
}
