package tardy.render.html;

import java.util.List;
import java.util.Locale;
import tardy.analysis.heap.HeapRun;
import tardy.events.Counts;
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
 * the heap band. A concurrent collector's (ZGC, Shenandoah) heap is its cycles' ({@link
 * HeapRun#cycles}): then the heap band shows the heap after each cycle at its end and the heap
 * when it began at its start, and the allocation rate is the cycles' gaps', each put in the
 * column its gap ends in; the pauses stay in their band, and the axis spans pauses and cycles.
 */
final class HeapChart {

  private static final int WIDTH = 960;
  private static final int LEFT = 72;
  private static final int RIGHT = 8;
  private static final int BAND = 90;
  private static final int GAP = 30;
  private static final int TOP = 20;
  private static final int COLUMNS = WIDTH - LEFT - RIGHT;
  /** Columns that share one hover target: about one target per 10 pixels. */
  private static final int PER_TARGET = 10;
  /** The heap after a concurrent cycle, and when it began: other blues than the pauses' heap. */
  private static final String CYCLE_AFTER = "#0a3069";
  private static final String CYCLE_BEFORE = "#80ccff";

  private HeapChart() {}

  /** Whether the run has what the chart needs: pauses (or cycles) apart in time. */
  static boolean drawable(HeapRun r) {
    if (!r.cycles().isEmpty()) {
      return r.points().size() + r.cycles().size() > 1 && last(r) > first(r);
    }
    return r.points().size() > 1 && r.lastMillis() > r.firstMillis();
  }

  /** The start of the chart's time axis: the first pause's time or cycle's start. */
  private static long first(HeapRun r) {
    long first = r.points().isEmpty() ? Long.MAX_VALUE : r.firstMillis();
    for (HeapRun.Cycle c : r.cycles()) {
      first = Math.min(first, c.startMillis());
    }
    return r.cycles().isEmpty() ? r.firstMillis() : first;
  }

  /** The end of the chart's time axis: the last pause's time or cycle's end. */
  private static long last(HeapRun r) {
    long last = r.points().isEmpty() ? Long.MIN_VALUE : r.lastMillis();
    for (HeapRun.Cycle c : r.cycles()) {
      last = Math.max(last, c.endMillis());
    }
    return r.cycles().isEmpty() ? r.lastMillis() : last;
  }

  static void write(StringBuilder h, HeapRun r, boolean several) {
    List<HeapRun.Point> points = r.points();
    boolean cycles = !r.cycles().isEmpty();
    long first = first(r);
    long span = last(r) - first;
    long[] pause = new long[COLUMNS];
    long[] afterMin = new long[COLUMNS];
    long[] afterMax = new long[COLUMNS];
    double[] allocated = new double[COLUMNS];
    long[] allocationMillis = new long[COLUMNS];
    java.util.Arrays.fill(afterMin, Long.MAX_VALUE);
    java.util.Arrays.fill(afterMax, Long.MIN_VALUE);
    long[] beforeMin = new long[cycles ? COLUMNS : 0];
    long[] beforeMax = new long[cycles ? COLUMNS : 0];
    java.util.Arrays.fill(beforeMin, Long.MAX_VALUE);
    java.util.Arrays.fill(beforeMax, Long.MIN_VALUE);
    long maxPause = 1;
    long maxHeap = 1;
    HeapRun.Point previous = null;
    for (HeapRun.Point p : points) {
      int c = column(p.millis(), first, span);
      pause[c] = Math.max(pause[c], p.pauseNanos());
      maxPause = Math.max(maxPause, p.pauseNanos());
      if (cycles) {
        continue; // the heap is the cycles'
      }
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
    for (HeapRun.Cycle y : r.cycles()) {
      int c = column(y.endMillis(), first, span);
      afterMin[c] = Math.min(afterMin[c], y.afterBytes());
      afterMax[c] = Math.max(afterMax[c], y.afterBytes());
      maxHeap = Math.max(maxHeap, y.afterBytes());
      int b = column(y.startMillis(), first, span);
      if (Times.isSet(y.beforeBytes())) {
        beforeMin[b] = Math.min(beforeMin[b], y.beforeBytes());
        beforeMax[b] = Math.max(beforeMax[b], y.beforeBytes());
        maxHeap = Math.max(maxHeap, y.beforeBytes());
      }
      if (y.allocationMillis() > 0) {
        allocated[b] += y.allocatedBytes();
        allocationMillis[b] += y.allocationMillis();
      }
    }
    double maxRate = 1;
    for (int c = 0; c < COLUMNS; c++) {
      if (allocationMillis[c] > 0) {
        maxRate = Math.max(maxRate, allocated[c] * 1000 / allocationMillis[c]);
      }
    }
    int height = TOP + 3 * BAND + 2 * GAP + 40;
    String title = (several ? "Run " + r.run() + ": " : "") + (cycles
        ? "GC pauses, heap per concurrent GC cycle and allocation rate"
        : "GC pauses, heap after GC and allocation rate");
    h.append("<section>\n<h3>").append(Escape.html(title)).append("</h3>\n")
        .append("<svg class=\"heap-chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        .append(WIDTH).append("\" height=\"").append(height).append("\" viewBox=\"0 0 ")
        .append(WIDTH).append(' ').append(height).append("\" role=\"img\" aria-label=\"").append(Escape.html(title)).append("\">\n");
    int pauseTop = TOP;
    int heapTop = TOP + BAND + GAP;
    int rateTop = TOP + 2 * (BAND + GAP);
    StringBuilder bars = new StringBuilder();
    StringBuilder heap = new StringBuilder();
    StringBuilder rate = new StringBuilder();
    StringBuilder floor = new StringBuilder();
    StringBuilder before = new StringBuilder();
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
      if (cycles && beforeMax[c] != Long.MIN_VALUE) {
        double lo = heapTop + BAND * (1 - (double) beforeMin[c] / maxHeap);
        double hi = heapTop + BAND * (1 - (double) beforeMax[c] / maxHeap);
        before.append(String.format(Locale.ROOT, "M%d %.1f V%.1f ", x, lo + 0.5, hi - 0.5));
      }
      if (allocationMillis[c] > 0) {
        double y = rateTop + BAND * (1 - allocated[c] * 1000 / allocationMillis[c] / maxRate);
        rate.append(String.format(Locale.ROOT, "%d,%.1f ", x, y));
      }
    }
    if (cycles && points.isEmpty()) {
      axis(h, pauseTop, maxPause, v -> "", "GC pause: none logged (the log holds the cycles only)");
    } else {
      axis(h, pauseTop, maxPause, Durations::format, "GC pause, the longest per pixel");
    }
    axis(h, heapTop, maxHeap, HeapWords::bytes, cycles
        ? "heap after concurrent GC cycles and when they began, least to most per pixel"
        : "heap after GC, least to most per pixel");
    axis(h, rateTop, Math.round(maxRate), v -> HeapWords.bytes(v) + "/s", cycles
        ? "allocation rate between concurrent GC cycles" : "allocation rate between collections");
    long last = first + span;
    Grid.time(h, TimeAxis.ticks(first, last, r.wallClock()),
        t -> LEFT + (double) (t - first) * (COLUMNS - 1) / span, LEFT, WIDTH - RIGHT, pauseTop,
        rateTop + BAND,
        TimeAxis.caption(first, last, r.wallClock()));
    path(h, bars, "#cf222e", "1.5", "GC pause (longest per pixel)");
    if (cycles) {
      path(h, before, CYCLE_BEFORE, "3", "heap when concurrent GC cycles began (least to most per"
          + " pixel)");
      path(h, heap, CYCLE_AFTER, "3", "heap after concurrent GC cycles (least to most per pixel)");
    } else {
      path(h, heap, "#0969da", "3", "heap after GC (least to most per pixel)");
    }
    if (floor.length() > 0) {
      h.append("<polyline fill=\"none\" stroke=\"#8250df\" stroke-width=\"1.5\""
          + " stroke-dasharray=\"4 2\" points=\"").append(floor.toString().strip())
          .append("\"><title>old generation after full or mixed collections (its floor)</title>"
              + "</polyline>\n");
    }
    if (rate.length() > 0) {
      h.append("<polyline fill=\"none\" stroke=\"#1a7f37\" stroke-width=\"1.5\" points=\"")
          .append(rate.toString().strip()).append("\"><title>allocation rate")
          .append(cycles ? " between concurrent GC cycles" : "").append("</title></polyline>\n");
    }
    for (int c = 0; c < COLUMNS; c += PER_TARGET) { // what some pixels hold, on hover
      long longest = 0;
      long least = Long.MAX_VALUE;
      long most = Long.MIN_VALUE;
      for (int k = c; k < Math.min(COLUMNS, c + PER_TARGET); k++) {
        longest = Math.max(longest, pause[k]);
        least = Math.min(least, afterMin[k]);
        most = Math.max(most, afterMax[k]);
      }
      if (longest == 0 && most == Long.MIN_VALUE) {
        continue;
      }
      h.append(String.format(Locale.ROOT, "<rect class=\"column\" x=\"%d\" y=\"%d\" width=\"%d\""
          + " height=\"%d\" fill-opacity=\"0\"><title>", LEFT + c, pauseTop, PER_TARGET,
          rateTop + BAND - pauseTop))
          .append(Escape.html(HeapWords.time(first + (long) c * span / (COLUMNS - 1), r.wallClock())))
          .append(": ");
      if (!cycles) {
        h.append("longest GC pause ").append(Durations.format(longest))
            .append(most == Long.MIN_VALUE ? "" : ", heap after GC " + HeapWords.bytes(least)
                + (least == most ? "" : " to " + HeapWords.bytes(most)));
      } else {
        h.append(longest == 0 ? "" : "longest GC pause " + Durations.format(longest))
            .append(longest == 0 || most == Long.MIN_VALUE ? "" : ", ")
            .append(most == Long.MIN_VALUE ? "" : "heap after concurrent GC cycles "
                + HeapWords.bytes(least) + (least == most ? "" : " to " + HeapWords.bytes(most)));
      }
      h.append("</title></rect>\n");
    }
    if (cycles) {
      h.append("</svg>\n<p class=\"muted\">On one time axis: GC pauses (red), heap after"
          + " concurrent GC cycles (dark blue) and when they began (light blue), allocation rate"
          + " between cycles (green), from ").append(Counts.of(points.size(), "GC pause"))
          .append(" and ").append(Counts.of(r.cycles().size(), "concurrent GC cycle"))
          .append(": a cycle is no pause</p>\n</section>\n");
      return;
    }
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

  private static void path(StringBuilder h, StringBuilder d, String colour, String width, String title) {
    if (d.length() > 0) {
      h.append("<path fill=\"none\" stroke=\"").append(colour).append("\" stroke-linecap=\"round\" stroke-width=\"").append(width)
          .append("\" d=\"").append(d.toString().strip()).append("\"><title>").append(title)
          .append("</title></path>\n");
    }
  }

  /** A band's name above it, and its top, middle and 0 labelled at the left with grid lines. */
  private static void axis(StringBuilder h, int top, long max, java.util.function.LongFunction<String> label,
      String name) {
    h.append(String.format(Locale.ROOT, "<text class=\"axis name\" x=\"%d\" y=\"%d\">%s</text>\n",
        LEFT, top - 5, name));
    for (int i = 0; i <= 2; i++) {
      int y = top + BAND * i / 2;
      h.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%d\" y1=\"%d\" x2=\"%d\""
          + " y2=\"%d\"/><text class=\"axis\" x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n",
          LEFT, y, WIDTH - RIGHT, y, LEFT - 6, y + 4,
          i == 2 ? "0" : Escape.html(label.apply(i == 0 ? max : max / 2))));
    }
  }
}
