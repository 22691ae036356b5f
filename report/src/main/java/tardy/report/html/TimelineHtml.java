package tardy.report.html;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import tardy.classify.timeline.Correlation;
import tardy.classify.timeline.PauseIndex;
import tardy.report.CheckWords;
import tardy.report.Durations;
import tardy.report.Escape;
import tardy.report.TimelineWords;

/**
 * The page's section on requests and JVM pauses: the verdict line, the tables, and for each busy
 * operation a timeline of its largest latency per interval with the pauses drawn as bands.
 */
final class TimelineHtml {

  /** Operations drawn, the busiest first. */
  static final int CHARTS = 3;

  private static final int WIDTH = 960;
  private static final int HEIGHT = 180;
  private static final int LEFT = 64;
  private static final int BOTTOM = 24;

  private TimelineHtml() {}

  static void write(StringBuilder h, Correlation c) {
    h.append("<h2>Requests during JVM pauses</h2>\n");
    c.headline().ifPresent(o ->
        h.append("<p><strong>").append(TimelineWords.verdict(o, Escape::html)).append("</strong></p>\n"));
    h.append("<p class=\"muted\">").append(Escape.html(TimelineWords.clock(c))).append("</p>\n");
    h.append("<table>\n<thead><tr><th>operation</th><th>count</th><th>in pause</th><th>slow</th>"
        + "<th>slow in pause</th><th>p99</th><th>p99 without</th><th>max</th><th>max without</th>"
        + "</tr></thead>\n<tbody>\n");
    for (Correlation.Operation o : c.operations()) {
      boolean all = o.overlapped() == o.count();
      h.append("<tr><td>").append(Escape.html(o.key())).append("</td><td>").append(count(o.count()))
          .append("</td><td>").append(count(o.overlapped())).append("</td><td>").append(count(o.slow()))
          .append(" &gt;").append(Durations.format(o.slowNanos())).append("</td><td>")
          .append(count(o.slowOverlapped())).append("</td><td>").append(Durations.format(o.with().at("99")))
          .append("</td><td>").append(all ? "-" : Durations.format(o.without().at("99")))
          .append("</td><td>").append(Durations.format(o.with().at("100"))).append("</td><td>")
          .append(all ? "-" : Durations.format(o.without().at("100"))).append("</td></tr>\n");
    }
    h.append("</tbody>\n</table>\n<p></p>\n<table>\n<thead><tr><th>pause kind</th><th>pauses</th>"
        + "<th>stopped</th><th>requests in them</th></tr></thead>\n<tbody>\n");
    for (Correlation.Kind k : c.kinds()) {
      h.append("<tr><td>").append(Escape.html(k.kind())).append("</td><td>").append(count(k.pauses()))
          .append("</td><td>").append(Durations.format(k.stoppedNanos())).append("</td><td>")
          .append(count(k.requests())).append("</td></tr>\n");
    }
    h.append("</tbody>\n</table>\n");
    List<Correlation.Operation> busy = c.operations().stream()
        .sorted(Comparator.comparingLong(Correlation.Operation::count).reversed()).limit(CHARTS)
        .toList();
    if (c.pauses().intervals() > 0) {
      h.append("<p class=\"muted\">Per interval of ").append(Durations.format(c.pauses().intervalNanos()))
          .append(": the largest latency of the requests that ended in it (blue);"
              + " JVM pauses as red bands, each at least a pixel wide.</p>\n");
      for (Correlation.Operation o : busy) {
        h.append("<section>\n<h2>").append(Escape.html(o.key())).append(" over time</h2>\n");
        svg(h, o, c.pauses());
        h.append("</section>\n");
      }
    }
  }

  private static void svg(StringBuilder h, Correlation.Operation o, PauseIndex pauses) {
    long from = pauses.firstIntervalNanos();
    long span = pauses.intervals() * pauses.intervalNanos();
    long top = 1;
    for (Correlation.Interval i : o.intervals()) {
      top = Math.max(top, i.maxNanos());
    }
    int plotWidth = WIDTH - LEFT - 8;
    int plotHeight = HEIGHT - BOTTOM - 8;
    h.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"")
        .append(HEIGHT).append("\" role=\"img\" aria-label=\"").append(Escape.html(o.key()))
        .append(": largest latency per interval and JVM pauses\">\n");
    for (int p = 0; p < pauses.size(); p++) {
      double x = LEFT + plotWidth * (double) (pauses.startNanos(p) - from) / span;
      double w = Math.max(1, plotWidth * (double) pauses.durationNanos(p) / span);
      h.append(String.format(Locale.ROOT,
          "<rect x=\"%.1f\" y=\"8\" width=\"%.1f\" height=\"%d\" fill=\"#cf222e\" fill-opacity=\"0.35\">"
              + "<title>%s %s</title></rect>\n",
          x, w, plotHeight, Escape.html(pauses.kinds().get(pauses.kind(p))),
          Durations.format(pauses.durationNanos(p))));
    }
    StringBuilder points = new StringBuilder();
    for (int i = 0; i < o.intervals().size(); i++) {
      Correlation.Interval in = o.intervals().get(i);
      if (in.count() == 0) {
        continue;
      }
      double x = LEFT + plotWidth * (i + 0.5) / o.intervals().size();
      double y = 8 + plotHeight * (1 - (double) in.maxNanos() / top);
      points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
    }
    h.append("<polyline class=\"curve\" points=\"").append(points.toString().strip()).append("\"/>\n");
    h.append(String.format(Locale.ROOT,
        "<text class=\"axis\" x=\"4\" y=\"18\">%s</text><text class=\"axis\" x=\"4\" y=\"%d\">0</text>\n",
        Durations.format(top), 8 + plotHeight));
    h.append(String.format(Locale.ROOT,
        "<text class=\"axis\" x=\"%d\" y=\"%d\">%s</text><text class=\"axis\" x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n",
        LEFT, HEIGHT - 6, time(from), WIDTH - 8, HEIGHT - 6, time(from + span)));
    h.append("</svg>\n");
  }

  private static String time(long epochNanos) {
    return Instant.ofEpochSecond(0, epochNanos).truncatedTo(ChronoUnit.SECONDS).toString();
  }

  private static String count(long n) {
    return CheckWords.count(n);
  }
}
