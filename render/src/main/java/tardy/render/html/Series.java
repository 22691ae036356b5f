package tardy.render.html;

/**
 * The lines of a chart over time, each told apart by its dash and width as well as its colour
 * (a reader who cannot tell red from blue still tells the max from the p99), and the legend that
 * shows them so.
 */
enum Series {
  P50("50", "p50", "#6e7781", "1.5", null),
  P99("99", "p99", "#0969da", "2", null),
  MAX("100", "max", "#cf222e", "1.5", "5 3");

  /** The percentile the line draws, as Percentiles labels it. */
  final String percentile;
  final String name;
  final String colour;
  final String width;
  /** The stroke-dasharray, or null for a solid line. */
  final String dash;

  Series(String percentile, String name, String colour, String width, String dash) {
    this.percentile = percentile;
    this.name = name;
    this.colour = colour;
    this.width = width;
    this.dash = dash;
  }

  /** The attributes that draw the line: stroke, width and dash. */
  String stroke() {
    return "fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"" + width + "\""
        + (dash == null ? "" : " stroke-dasharray=\"" + dash + "\"");
  }

  /** The legend of these series, each swatch drawn as its line is. */
  static void legend(StringBuilder h, Series... shown) {
    h.append("<ul class=\"legend\">");
    for (Series s : shown) {
      h.append("<li><span class=\"swatch line\" style=\"border-top:").append(s.width).append("px ")
          .append(s.dash == null ? "solid" : "dashed").append(' ').append(s.colour)
          .append("\"></span>").append(s.name).append("</li>");
    }
  }

  /** The legend's end: after any entries a chart adds of its own. */
  static void endLegend(StringBuilder h) {
    h.append("</ul>\n");
  }
}
