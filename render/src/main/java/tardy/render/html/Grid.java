package tardy.render.html;

import java.util.List;
import java.util.Locale;
import java.util.function.LongToDoubleFunction;

/** Grid lines and labelled ticks of a chart's axes, in inline SVG. */
final class Grid {

  private Grid() {}

  /** A horizontal line and a label at the left for each of the axis's ticks. */
  static void latency(StringBuilder h, LatencyAxis axis, int left, int right, int top, int height) {
    for (long v : axis.ticks()) {
      double y = top + height * (1 - axis.fraction(v));
      h.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\""
          + " y2=\"%.1f\"/><text class=\"axis\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
          left, y, right, y, left - 6, y + 4, LatencyAxis.label(v)));
    }
  }

  /**
   * A vertical line and a label below for each time tick, {@code x} placing a time; the caption
   * (zone and day) at the bottom right.
   */
  static void time(StringBuilder h, List<TimeAxis.Tick> ticks, LongToDoubleFunction x, int left,
      int right, int top, int bottom, String caption) {
    for (TimeAxis.Tick t : ticks) {
      double px = x.applyAsDouble(t.millis());
      // a label at either end of the axis is kept inside the chart
      String anchor = px > right - 30 ? "end" : px < left + 30 ? "start" : "middle";
      h.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\""
          + " y2=\"%d\"/><text class=\"axis\" x=\"%.1f\" y=\"%d\" text-anchor=\"%s\">%s</text>\n",
          px, top, px, bottom, px, bottom + 14, anchor, t.label()));
    }
    h.append(String.format(Locale.ROOT,
        "<text class=\"axis\" x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n", right, bottom + 28,
        tardy.render.Escape.html(caption)));
  }
}
