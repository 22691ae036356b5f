package tardy.render.html;

import java.util.List;
import java.util.Locale;
import tardy.analysis.slo.AlertSpan;
import tardy.analysis.slo.BudgetHistory;
import tardy.analysis.slo.ErrorBudget;
import tardy.render.Escape;
import tardy.render.PrintedZone;
import tardy.render.SloWords;

/**
 * An objective's budget left over time: at the end of each minute (up to {@link #POINTS} of
 * them), the share of the budget left over the window ending there, as a line on the log's clock;
 * the spans each burn-rate alert fired shaded behind it (red for a page, amber for a ticket), the
 * floor dashed. Inline SVG, no script, so the page's CSP holds.
 */
final class BudgetChart {

  /** Points drawn at most: about one per pixel of the plot. */
  static final int POINTS = 880;

  private static final int WIDTH = 960;
  private static final int HEIGHT = 216;
  private static final int LEFT = 64;
  private static final int TOP = 8;
  private static final int BOTTOM = 40;
  /** Points that share one hover target: about one target per 10 pixels. */
  private static final int PER_TARGET = 10;
  private static final int PLOT_WIDTH = WIDTH - LEFT - 8;
  private static final int PLOT_HEIGHT = HEIGHT - BOTTOM - TOP;

  /** How far below 0 the axis goes at most: an overspent budget is drawn at this line. */
  private static final double LOWEST = -1;

  private BudgetChart() {}

  static void write(StringBuilder h, ErrorBudget b, List<BudgetHistory.Point> points) {
    if (points.isEmpty()) {
      return;
    }
    long first = points.get(0).endMillis() - 60_000;
    long span = Math.max(1, b.endMillis() - first);
    double low = 0;
    for (BudgetHistory.Point p : points) {
      if (!Double.isNaN(p.left())) {
        low = Math.min(low, Math.max(LOWEST, p.left()));
      }
    }
    double lowest = low;
    h.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH)
        .append("\" height=\"").append(HEIGHT).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ')
        .append(HEIGHT).append("\" role=\"img\" aria-label=\"")
        .append(Escape.html(b.requirement()))
        .append(": error budget left over time, alert spans shaded\">\n");
    for (AlertSpan s : b.alerts()) {
      double x0 = x(s.firedMillis(), first, span);
      double x1 = x(s.firingAtEnd() ? b.endMillis() : s.clearedMillis(), first, span);
      h.append(String.format(Locale.ROOT,
          "<rect class=\"alert %s\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\""
              + " fill-opacity=\"0.18\"><title>", s.alert().page() ? "page" : "ticket", x0, TOP,
          Math.max(1, x1 - x0), PLOT_HEIGHT, s.alert().page() ? "#cf222e" : "#d4a72c"))
          .append(Escape.html(SloWords.span(s))).append("</title></rect>\n");
    }
    double tick = lowest < -0.5 ? 0.5 : 0.25;
    for (double v = 1; v >= lowest - 1e-9; v -= tick) {
      line(h, "grid", y(v, lowest), Math.abs(v) < 1e-9 ? "#8c959f" : "#eaeef2", null);
      h.append(String.format(Locale.ROOT, "<text class=\"axis\" x=\"%d\" y=\"%.1f\""
          + " text-anchor=\"end\">%s</text>\n", LEFT - 6, y(v, lowest) + 4, Math.round(v * 100) + "%"));
    }
    Grid.time(h, TimeAxis.ticks(first, b.endMillis(), true),
        t -> x(t, first, span), LEFT, WIDTH - 8, TOP, TOP + PLOT_HEIGHT,
        TimeAxis.caption(first, b.endMillis(), true));
    if (b.slo().budgetFloor() != null) {
      line(h, "floor", y(b.slo().budgetFloor().doubleValue() / 100, lowest), "#cf222e", "6 4");
    }
    StringBuilder d = new StringBuilder();
    boolean pen = false;
    for (BudgetHistory.Point p : points) {
      if (Double.isNaN(p.left())) { // a window without events has no budget: the line breaks
        pen = false;
        continue;
      }
      d.append(String.format(Locale.ROOT, "%s%.1f,%.1f ", pen ? "L" : "M",
          x(p.endMillis(), first, span), y(Math.max(lowest, p.left()), lowest)));
      pen = true;
    }
    h.append("<path class=\"left\" fill=\"none\" stroke=\"#0969da\" stroke-width=\"2\" d=\"")
        .append(d.toString().strip()).append("\"><title>budget left</title></path>\n");
    double x0 = x(first, first, span);
    for (int i = 0; i < points.size(); i += PER_TARGET) { // the numbers, on hover
      BudgetHistory.Point p = points.get(i);
      BudgetHistory.Point last = points.get(Math.min(points.size(), i + PER_TARGET) - 1);
      h.append(String.format(Locale.ROOT, "<rect class=\"point\" x=\"%.1f\" y=\"%d\""
          + " width=\"%.1f\" height=\"%d\" fill-opacity=\"0\"><title>", x0, TOP,
          Math.max(1, x(last.endMillis(), first, span) - x0), PLOT_HEIGHT))
          .append(SloWords.time(p.endMillis())).append(PrintedZone.label(p.endMillis())
              .equals(PrintedZone.label(last.endMillis())) ? "" : " " + PrintedZone.label(p.endMillis()))
          .append(" to ").append(SloWords.time(last.endMillis()))
          .append(' ').append(PrintedZone.label(last.endMillis())).append(": budget left ").append(left(p)).append(" to ").append(left(last))
          .append("</title></rect>\n");
      x0 = x(last.endMillis(), first, span); // the next target starts where this one ends
    }
    h.append("</svg>\n");
  }

  private static String left(BudgetHistory.Point p) {
    return Double.isNaN(p.left()) ? "- (no events in the window)" : SloWords.percent(p.left());
  }

  private static void line(StringBuilder h, String kind, double y, String colour, String dash) {
    h.append(String.format(Locale.ROOT,
        "<line class=\"%s\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"%s/>\n",
        kind, LEFT, WIDTH - 8, y, y, colour,
        dash == null ? "" : " stroke-dasharray=\"" + dash + "\""));
  }

  private static double x(long millis, long first, long span) {
    return LEFT + PLOT_WIDTH * (double) (millis - first) / span;
  }

  /** The top of the plot is all the budget left; the bottom {@code lowest} (0 or below). */
  private static double y(double left, double lowest) {
    return TOP + PLOT_HEIGHT * (1 - (left - lowest) / (1 - lowest));
  }
}
