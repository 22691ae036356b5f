package tardy.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;
import tardy.classify.budget.BudgetResult;
import tardy.classify.budget.Verdict;
import tardy.report.Durations;
import tardy.report.Escape;

/**
 * Latency by percentile as inline SVG, on the axis HdrHistogram's plotter uses: x is
 * log10(1 / (1 − p)), so 90%, 99%, 99.9% … are evenly spaced and the tail gets the room. Each
 * budget is drawn as its limit across the percentiles it covers (p90 ≤ 100ms: everything up to
 * 90%), ending in a dot at its percentile.
 */
final class PercentileChart {

  static final int WIDTH = 720;
  static final int HEIGHT = 280;
  private static final int LEFT = 64;
  private static final int RIGHT = 40;
  private static final int TOP = 16;
  private static final int BOTTOM = 36;
  /** The x axis ends at 99.999%: log10(1 / 0.00001). */
  private static final double X_MAX = 5;
  private static final String[] X_TICKS = {"0%", "90%", "99%", "99.9%", "99.99%", "99.999%"};

  private PercentileChart() {}

  /** The chart of one group; the histogram is only iterated, never changed. */
  static String svg(String title, AbstractHistogram h, List<BudgetResult> budgets) {
    List<double[]> points = new ArrayList<>();
    long top = 0;
    for (HistogramIterationValue v : h.percentiles(5)) {
      points.add(new double[] {x(v.getPercentileLevelIteratedTo()), v.getValueIteratedTo()});
      top = Math.max(top, v.getValueIteratedTo());
    }
    for (BudgetResult b : budgets) {
      top = Math.max(top, b.limitNanos());
    }
    long step = niceStep(Math.max(1, top) / 4.0);
    long yMax = step * (long) Math.ceil(Math.max(1, top) * 1.05 / step);
    StringBuilder svg = new StringBuilder();
    svg.append(fmt("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">",
        WIDTH, HEIGHT, WIDTH, HEIGHT, Escape.html("latency by percentile: " + title)));
    grid(svg, yMax, step);
    StringBuilder path = new StringBuilder();
    for (double[] p : points) {
      path.append(path.length() == 0 ? "M" : " L").append(fmt("%.1f,%.1f", px(p[0]), py(p[1], yMax)));
    }
    if (path.length() > 0) {
      svg.append("<path class=\"curve\" d=\"").append(path).append("\"/>");
    }
    for (BudgetResult b : budgets) {
      budget(svg, b, yMax);
    }
    svg.append("</svg>");
    return svg.toString();
  }

  private static void grid(StringBuilder svg, long yMax, long step) {
    for (long y = 0; y <= yMax; y += step) {
      double py = py(y, yMax);
      svg.append(fmt("<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>", LEFT, py, WIDTH - RIGHT, py));
      svg.append(fmt("<text class=\"axis\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>", LEFT - 6, py + 4,
          Durations.format(y)));
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

  private static void budget(StringBuilder svg, BudgetResult b, long yMax) {
    double end = px(b.percentile().equals("100") ? X_MAX : x(b.percentileValue()));
    double y = py(b.limitNanos(), yMax);
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

  private static double py(double nanos, long yMax) {
    return HEIGHT - BOTTOM - nanos / yMax * (HEIGHT - TOP - BOTTOM);
  }

  /** 1, 2 or 5 times a power of ten, at least {@code raw}. */
  static long niceStep(double raw) {
    long magnitude = 1;
    while (magnitude * 10 <= raw) {
      magnitude *= 10;
    }
    for (long m : new long[] {1, 2, 5, 10}) {
      if (m * magnitude >= raw) {
        return m * magnitude;
      }
    }
    return 10 * magnitude;
  }

  private static String fmt(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }
}
