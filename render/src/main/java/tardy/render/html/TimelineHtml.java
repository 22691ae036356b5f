package tardy.render.html;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import tardy.analysis.Correlation;
import tardy.record.pause.PauseIndex;
import tardy.events.Counts;
import tardy.events.Family;
import tardy.render.Durations;
import tardy.render.Escape;
import tardy.render.PrintedZone;
import tardy.render.TimelineWords;

/**
 * The page's section on requests and JVM pauses: the verdict line, the tables, and for each busy
 * operation a timeline of its p50, p99 and max per interval with the pauses drawn as bands.
 */
final class TimelineHtml {

  /** Operations drawn, the busiest first. */
  static final int CHARTS = 3;

  private static final int WIDTH = 960;
  private static final int HEIGHT = 220;
  private static final int LEFT = 64;
  private static final int RIGHT = 8;
  private static final int TOP = 8;
  private static final int BOTTOM = 40;

  private TimelineHtml() {}

  static void write(StringBuilder h, Correlation c) {
    h.append("<h2>Requests during JVM pauses</h2>\n");
    c.headline().ifPresent(o ->
        h.append("<p><strong>").append(TimelineWords.verdict(o, Escape::html)).append("</strong></p>\n"));
    h.append("<p class=\"muted\">").append(Escape.html(TimelineWords.clock(c))).append("</p>\n");
    for (String words : TimelineWords.uptimePlaced(c)) {
      h.append("<p class=\"muted\">").append(Escape.html(words)).append("</p>\n");
    }
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
    h.append("</tbody>\n</table>\n<p></p>\n<table>\n<thead><tr><th>pause kind</th><th>family</th>"
        + "<th>pauses</th><th>stopped</th><th>requests in them</th></tr></thead>\n<tbody>\n");
    for (Correlation.Kind k : c.kinds()) {
      h.append("<tr><td>").append(Escape.html(k.kind())).append("</td><td>").append(k.family())
          .append("</td><td>").append(count(k.pauses()))
          .append("</td><td>").append(Durations.format(k.stoppedNanos())).append("</td><td>")
          .append(count(k.requests())).append("</td></tr>\n");
    }
    h.append("</tbody>\n</table>\n");
    TimelineWords.stops(c).ifPresent(words ->
        h.append("<p class=\"muted\">").append(Escape.html(words)).append("</p>\n"));
    List<Correlation.Operation> busy = c.operations().stream()
        .sorted(Comparator.comparingLong(Correlation.Operation::count).reversed()).limit(CHARTS)
        .toList();
    if (c.pauses().intervals() > 0) {
      boolean percentiles = busy.stream().flatMap(o -> o.intervals().stream())
          .anyMatch(i -> i.percentiles().isPresent());
      h.append("<p class=\"muted\">Per interval of ").append(Durations.format(c.pauses().intervalNanos()))
          .append(", the requests that ended in it: ")
          .append(percentiles ? "max (dashed red), p99 (blue) and p50 (grey)"
              : "max (dashed red; too many operations to keep their percentiles per interval)")
          .append("; JVM pauses as bands on the same clock, each at least a pixel wide: a safepoint"
              + " amber the whole height, the GC pause inside it as its lower part in purple (one"
              + " stop, not two), a GC pause with no safepoint around it purple the whole height."
              + " Hover for an interval's or a pause's numbers.</p>\n");
      for (Correlation.Operation o : busy) {
        h.append("<section>\n<h2>").append(Escape.html(o.key())).append(" over time</h2>\n");
        svg(h, o, c.pauses());
        h.append("</section>\n");
      }
    }
  }

  /** The lines drawn, the dashed max last so that it shows where p99 is the max. */
  private static final Series[] LINES = {Series.P99, Series.P50, Series.MAX};

  private static final int HEIGHT_PLOT = HEIGHT - TOP - BOTTOM;

  private static void svg(StringBuilder h, Correlation.Operation o, PauseIndex pauses) {
    long from = pauses.firstIntervalNanos();
    long span = pauses.intervals() * pauses.intervalNanos();
    long top = 1;
    long bottom = Long.MAX_VALUE;
    for (Correlation.Interval i : o.intervals()) {
      top = Math.max(top, i.maxNanos());
      for (Series line : LINES) {
        java.util.OptionalLong v = value(i, line.percentile);
        if (v.isPresent() && v.getAsLong() > 0) {
          bottom = Math.min(bottom, v.getAsLong());
        }
      }
    }
    LatencyAxis axis = LatencyAxis.fitting(Math.min(bottom, top), top);
    int plotWidth = WIDTH - LEFT - RIGHT;
    int plotHeight = HEIGHT_PLOT;
    h.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"")
        .append(HEIGHT).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT)
        .append("\" role=\"img\" aria-label=\"").append(Escape.html(o.key()))
        .append(": p50, p99 and max per interval, and JVM pauses\">\n");
    Grid.latency(h, axis, LEFT, WIDTH - RIGHT, TOP, plotHeight);
    Grid.time(h, TimeAxis.ticks(from / 1_000_000, (from + span) / 1_000_000, true),
        millis -> LEFT + plotWidth * (millis * 1e6 - from) / span, LEFT, WIDTH - RIGHT, TOP,
        TOP + plotHeight, TimeAxis.caption(from / 1_000_000, (from + span) / 1_000_000, true));
    Band[] bands = new Band[2 * Family.values().length]; // per family and inside or not, the band being drawn
    for (int p = 0; p < pauses.size(); p++) {
      double x = LEFT + plotWidth * (double) (pauses.startNanos(p) - from) / span;
      double w = Math.max(1, plotWidth * (double) pauses.durationNanos(p) / span);
      boolean inside = pauses.insideASafepoint(p);
      if (pauses.size() <= MAX_BANDS) {
        new Band(p, inside, x, w).write(h, pauses, plotHeight);
        continue;
      }
      int f = 2 * pauses.family(p).ordinal() + (inside ? 1 : 0);
      if (bands[f] != null && Math.floor(x) == Math.floor(bands[f].x)) { // the same pixel
        bands[f].add(x + w);
        continue;
      }
      if (bands[f] != null) {
        bands[f].write(h, pauses, plotHeight);
      }
      bands[f] = new Band(p, inside, x, w);
    }
    for (Band b : bands) {
      if (b != null) {
        b.write(h, pauses, plotHeight);
      }
    }
    double step = (double) plotWidth / o.intervals().size();
    for (Series line : LINES) {
      StringBuilder d = new StringBuilder();
      boolean open = false;
      for (int i = 0; i < o.intervals().size(); i++) {
        java.util.OptionalLong v = value(o.intervals().get(i), line.percentile);
        if (v.isEmpty()) {
          open = false;
          continue;
        }
        double x = LEFT + step * i;
        double y = TOP + plotHeight * (1 - axis.fraction(v.getAsLong()));
        // a step per interval: the value holds across the whole interval
        d.append(String.format(Locale.ROOT, open ? "V%.1fH%.1f" : "M%.1f,%.1fH%.1f",
            open ? y : x, open ? x + step : y, x + step));
        open = true;
      }
      if (d.length() > 0) {
        h.append("<path class=\"line p").append(line.percentile).append("\" ").append(line.stroke())
            .append(" d=\"").append(d).append("\"><title>").append(line.name)
            .append("</title></path>\n");
      }
    }
    for (int i = 0; i < o.intervals().size(); i++) {
      Correlation.Interval in = o.intervals().get(i);
      if (in.count() > 0) { // what the interval holds, on hover
        h.append(String.format(Locale.ROOT,
            "<rect class=\"interval\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\""
                + " fill-opacity=\"0\"><title>%s</title></rect>\n",
            LEFT + step * i, TOP, step, plotHeight, Escape.html(intervalWords(in))));
      }
    }
    h.append("</svg>\n");
    Series.legend(h, Series.MAX, Series.P99, Series.P50);
    h.append("<li><span class=\"swatch band safepoint\"></span>safepoint (the whole stop)</li>"
        + "<li><span class=\"swatch band gc-part\"></span>its GC part</li>"
        + "<li><span class=\"swatch band gc-pause\"></span>GC pause of its own</li>");
    Series.endLegend(h);
  }

  /**
   * Past this many pauses, the pauses of a family that start in the same pixel of the chart are
   * drawn as one band, which says how many they are: a band per pause made a page of a million
   * pauses hundreds of megabytes (more than the heap held, and more than a browser draws), and a
   * band per pixel draws the same.
   */
  static final int MAX_BANDS = 2_000;

  /** Pauses of one family drawn as one band: the first, where it begins, where the last ends. */
  private static final class Band {
    private final int first;
    private final boolean inside;
    private final double x;
    private final double width; // the first pause's: a band of one is drawn as it always was
    private double right;
    private int pauses = 1;

    Band(int first, boolean inside, double x, double width) {
      this.first = first;
      this.inside = inside;
      this.x = x;
      this.width = width;
      this.right = x + width;
    }

    void add(double pauseRight) {
      right = Math.max(right, pauseRight);
      pauses++;
    }

    /** The band, its title the pause's kind, duration and start; for many, their count too. */
    void write(StringBuilder h, PauseIndex index, int plotHeight) {
      Family family = index.family(first);
      String title;
      if (pauses == 1) {
        title = words(index, first);
      } else {
        long stopped = 0;
        int longest = first;
        for (int p = first, seen = 0; seen < pauses; p++) { // the family's pauses from the first
          if (index.family(p) == family && (family != Family.GC_PAUSE || index.insideASafepoint(p) == inside)) {
            seen++;
            stopped += index.durationNanos(p);
            longest = index.durationNanos(p) > index.durationNanos(longest) ? p : longest;
          }
        }
        title = count(pauses) + " pauses, " + Durations.format(stopped)
            + " stopped, the longest " + words(index, longest);
      }
      // a GC pause inside a safepoint is that stop's part, drawn low inside the safepoint's band,
      // not a second stop beside it
      int height = inside ? plotHeight / 3 : plotHeight;
      h.append(String.format(Locale.ROOT,
          "<rect class=\"pause %s%s\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\""
              + " fill-opacity=\"%s\"><title>%s%s</title></rect>\n",
          family.key(), inside ? " part" : "", x, TOP + plotHeight - height,
          pauses == 1 ? width : right - x, height,
          family == Family.SAFEPOINT ? "#bf8700" : "#8250df", inside ? "0.6" : "0.35",
          inside ? "GC part of a safepoint: " : "", title));
    }

    /** "G1CollectFull 1.02s at 2026-11-23T21:38:40.123Z". */
    private static String words(PauseIndex index, int p) {
      return Escape.html(index.kinds().get(index.kind(p))) + " "
          + Durations.format(index.durationNanos(p)) + " at " + millis(index.startNanos(p));
    }
  }

  /** The interval's value of a line: a percentile, or the exact max when only that was kept. */
  private static java.util.OptionalLong value(Correlation.Interval i, String label) {
    if (i.count() == 0) {
      return java.util.OptionalLong.empty();
    }
    if (label.equals("100")) {
      return java.util.OptionalLong.of(i.maxNanos());
    }
    return i.percentiles().map(p -> java.util.OptionalLong.of(p.at(label)))
        .orElse(java.util.OptionalLong.empty());
  }

  /** "2026-11-23T21:38:40Z: 25 requests, p50 12ms, p99 1.02s, max 1.03s". */
  static String intervalWords(Correlation.Interval i) {
    StringBuilder s = new StringBuilder(time(i.startEpochNanos())).append(": ")
        .append(Counts.of(i.count(), "request"));
    i.percentiles().ifPresent(p -> s.append(", p50 ").append(Durations.format(p.at("50")))
        .append(", p99 ").append(Durations.format(p.at("99"))));
    return s.append(", max ").append(Durations.format(i.maxNanos())).toString();
  }

  private static String millis(long epochNanos) {
    return PrintedZone.iso(Instant.ofEpochSecond(0, epochNanos).truncatedTo(ChronoUnit.MILLIS));
  }

  private static String time(long epochNanos) {
    return PrintedZone.iso(Instant.ofEpochSecond(0, epochNanos).truncatedTo(ChronoUnit.SECONDS));
  }

  private static String count(long n) {
    return Counts.grouped(n);
  }
}
