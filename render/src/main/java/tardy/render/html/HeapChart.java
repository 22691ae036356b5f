package tardy.render.html;

import java.util.List;
import java.util.Locale;
import tardy.analysis.heap.HeapRun;
import tardy.events.Times;
import tardy.record.heap.HeapSeries;
import tardy.render.Durations;
import tardy.render.Escape;
import tardy.render.HeapWords;

/**
 * A JVM run's GC pauses, heap after GC and allocation rate, three bands on one time axis (the
 * run's clock), inline SVG without script (the page's CSP holds). The run's pauses are put into
 * one column per pixel: the column shows its longest pause, the least and most heap after GC in
 * it, and the bytes allocated in the gaps between transitions that end in it over those gaps'
 * time; so a log of any length draws the same number of marks. Where the log splits the heap,
 * the old generation after the collections the live set is read from (its floor) is a line over
 * the heap band.
 */
final class HeapChart {

  private static final int WIDTH = 960;
  private static final int LEFT = 72;
  private static final int RIGHT = 8;
  private static final int BAND = 90;
  private static final int GAP = 18;
  private static final int TOP = 8;
  private static final int COLUMNS = WIDTH - LEFT - RIGHT;

  private HeapChart() {}

  /** Whether the run has what the chart needs: pauses apart in time. */
  static boolean drawable(HeapRun r) {
    return r.points().size() > 1 && r.lastMillis() > r.firstMillis();
  }

  static void write(StringBuilder h, HeapRun r, boolean several) {
    List<HeapRun.Point> points = r.points();
    long first = r.firstMillis();
    long span = r.lastMillis() - first;
    long[] pause = new long[COLUMNS];
    long[] afterMin = new long[COLUMNS];
    long[] afterMax = new long[COLUMNS];
    double[] allocated = new double[COLUMNS];
    long[] allocationMillis = new long[COLUMNS];
    java.util.Arrays.fill(afterMin, Long.MAX_VALUE);
    java.util.Arrays.fill(afterMax, Long.MIN_VALUE);
    long maxPause = 1;
    long maxHeap = 1;
    HeapRun.Point previous = null;
    for (HeapRun.Point p : points) {
      int c = column(p.millis(), first, span);
      pause[c] = Math.max(pause[c], p.pauseNanos());
      maxPause = Math.max(maxPause, p.pauseNanos());
      if (Times.isSet(p.afterBytes())) {
        afterMin[c] = Math.min(afterMin[c], p.afterBytes());
        afterMax[c] = Math.max(afterMax[c], p.afterBytes());
        maxHeap = Math.max(maxHeap, p.afterBytes());
      }
      if (Times.isSet(p.beforeBytes()) && Times.isSet(p.afterBytes())) {
        if (previous != null && p.millis() > previous.millis()) {
          allocated[c] += Math.max(0, p.beforeBytes() - previous.afterBytes());
          allocationMillis[c] += p.millis() - previous.millis();
        }
        previous = p;
      }
    }
    double maxRate = 1;
    for (int c = 0; c < COLUMNS; c++) {
      if (allocationMillis[c] > 0) {
        maxRate = Math.max(maxRate, allocated[c] * 1000 / allocationMillis[c]);
      }
    }
    int height = TOP + 3 * BAND + 2 * GAP + 24;
    String title = (several ? "Run " + r.run() + ": " : "") + "GC pauses, heap after GC and"
        + " allocation rate";
    h.append("<section>\n<h3>").append(Escape.html(title)).append("</h3>\n")
        .append("<svg class=\"heap-chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        .append(WIDTH).append("\" height=\"").append(height)
        .append("\" role=\"img\" aria-label=\"").append(Escape.html(title)).append("\">\n");
    int pauseTop = TOP;
    int heapTop = TOP + BAND + GAP;
    int rateTop = TOP + 2 * (BAND + GAP);
    StringBuilder bars = new StringBuilder();
    StringBuilder heap = new StringBuilder();
    StringBuilder rate = new StringBuilder();
    StringBuilder floor = new StringBuilder();
    int floorFlags = floorFlags(r);
    for (HeapRun.Point p : points) {
      if ((p.flags() & floorFlags) != 0 && Times.isSet(p.oldAfterBytes())) {
        double y = heapTop + BAND * (1 - (double) Math.min(p.oldAfterBytes(), maxHeap) / maxHeap);
        floor.append(String.format(Locale.ROOT, "%d,%.1f ",
            LEFT + column(p.millis(), first, span), y));
      }
    }
    for (int c = 0; c < COLUMNS; c++) {
      int x = LEFT + c;
      if (pause[c] > 0) {
        double y = pauseTop + BAND * (1 - (double) pause[c] / maxPause);
        bars.append(String.format(Locale.ROOT, "M%d %d V%.1f ", x, pauseTop + BAND, y));
      }
      if (afterMax[c] != Long.MIN_VALUE) {
        double lo = heapTop + BAND * (1 - (double) afterMin[c] / maxHeap);
        double hi = heapTop + BAND * (1 - (double) afterMax[c] / maxHeap);
        heap.append(String.format(Locale.ROOT, "M%d %.1f V%.1f ", x, lo + 0.5, hi - 0.5));
      }
      if (allocationMillis[c] > 0) {
        double y = rateTop + BAND * (1 - allocated[c] * 1000 / allocationMillis[c] / maxRate);
        rate.append(String.format(Locale.ROOT, "%d,%.1f ", x, y));
      }
    }
    path(h, bars, "#cf222e", "GC pause (longest per column)");
    path(h, heap, "#0969da", "heap after GC (least to most per column)");
    if (floor.length() > 0) {
      h.append("<polyline fill=\"none\" stroke=\"#8250df\" stroke-width=\"1.5\""
          + " stroke-dasharray=\"4 2\" points=\"").append(floor.toString().strip())
          .append("\"><title>old generation after full or mixed collections (its floor)</title>"
              + "</polyline>\n");
    }
    if (rate.length() > 0) {
      h.append("<polyline fill=\"none\" stroke=\"#1a7f37\" stroke-width=\"1.5\" points=\"")
          .append(rate.toString().strip()).append("\"><title>allocation rate</title></polyline>\n");
    }
    axis(h, pauseTop, Durations.format(maxPause), "pause");
    axis(h, heapTop, HeapWords.bytes(maxHeap), "heap after GC");
    axis(h, rateTop, HeapWords.bytes(Math.round(maxRate)) + "/s", "allocation");
    h.append(String.format(Locale.ROOT,
        "<text class=\"axis\" x=\"%d\" y=\"%d\">%s</text><text class=\"axis\" x=\"%d\" y=\"%d\""
            + " text-anchor=\"end\">%s</text>\n", LEFT, height - 6,
        Escape.html(HeapWords.time(first, r.wallClock())), WIDTH - RIGHT, height - 6,
        Escape.html(HeapWords.time(r.lastMillis(), r.wallClock()))));
    h.append("</svg>\n<p class=\"muted\">On one time axis: GC pauses (red), heap after GC (blue),"
        + (floor.length() > 0 ? " the old generation after full or mixed collections (violet),"
            : "")
        + " allocation rate between collections (green), from ")
        .append(points.size()).append(" GC pauses</p>\n</section>\n");
  }

  /** The collections the old generation's floor is read from: as the run's live set says. */
  private static int floorFlags(HeapRun r) {
    return r.heap().flatMap(HeapRun.Heap::generations).flatMap(HeapRun.Generations::oldFloor)
        .map(l -> l.from().equals("full") ? HeapSeries.FULL
            : HeapSeries.FULL | HeapSeries.MIXED)
        .orElse(0);
  }

  private static int column(long millis, long first, long span) {
    long c = (millis - first) * (COLUMNS - 1) / span;
    return (int) Math.max(0, Math.min(COLUMNS - 1, c));
  }

  private static void path(StringBuilder h, StringBuilder d, String colour, String title) {
    if (d.length() > 0) {
      h.append("<path fill=\"none\" stroke=\"").append(colour).append("\" stroke-width=\"1\" d=\"")
          .append(d.toString().strip()).append("\"><title>").append(title)
          .append("</title></path>\n");
    }
  }

  private static void axis(StringBuilder h, int top, String max, String name) {
    h.append(String.format(Locale.ROOT,
        "<text class=\"axis\" x=\"4\" y=\"%d\">%s</text><text class=\"axis\" x=\"4\" y=\"%d\">%s"
            + "</text><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#d0d7de\"/>\n",
        top + 10, Escape.html(max), top + BAND / 2 + 4, name, LEFT, top + BAND, WIDTH - RIGHT,
        top + BAND));
  }
}
