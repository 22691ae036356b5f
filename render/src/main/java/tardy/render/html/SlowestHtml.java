package tardy.render.html;

import java.util.ArrayList;
import java.util.List;
import tardy.analysis.Analysis;
import tardy.analysis.SlowRequest;
import tardy.analysis.Summary;
import tardy.events.Family;
import tardy.events.Times;
import tardy.record.clock.Span;
import tardy.render.Durations;
import tardy.render.Escape;
import tardy.render.PrintedZone;
import tardy.render.SpanWords;

/**
 * {@code --exemplars} on the page: the slowest requests of each request row shown, in the page's
 * order, then of all, slowest first: latency, when it ended (in the page's zone), status, the id
 * the line logged and {@code source:line}. One {@code tbody} per row, its name on its first
 * request, so the filter box hides a row's requests with it and the order, which is the point,
 * is not re-sorted. Columns nothing has are left out, as in the table. Ids and sources are the
 * logs' text: all of it goes through {@link Escape#html}.
 */
final class SlowestHtml {

  private SlowestHtml() {}

  static void write(StringBuilder h, Analysis a, List<Summary> shown) {
    List<Summary> rows = new ArrayList<>();
    for (Summary s : shown) {
      if (s.family() == Family.REQUEST) {
        rows.add(s);
      }
    }
    a.totalOf(Family.REQUEST).ifPresent(rows::add);
    boolean ids = false;
    boolean ended = false;
    boolean statuses = false;
    for (Summary s : rows) {
      for (SlowRequest r : a.slowestRequests().getOrDefault(s.key(), List.of())) {
        ids |= r.requestId() != null;
        ended |= Times.isSet(r.wallMillis());
        statuses |= r.status() > 0;
      }
    }
    int columns = 3 + (ended ? 1 : 0) + (statuses ? 1 : 0) + (ids ? 1 : 0);
    h.append("<h2>Slowest requests</h2>\n<p class=\"muted\">The slowest requests of each row above"
        + " and of all, slowest first");
    if (ended) {
      h.append("; ended: ").append(Escape.html(PrintedZone.name()));
    }
    h.append(".</p>\n<table class=\"slowest\" id=\"slowest\">\n<thead><tr><th>operation</th>"
        + "<th>latency</th>");
    h.append(ended ? "<th>ended</th>" : "").append(statuses ? "<th>status</th>" : "")
        .append(ids ? "<th>request id</th>" : "").append("<th>at</th></tr></thead>\n");
    int resolutionMillis = resolutionMillis(a);
    long resolution = Durations.resolution(a.kind());
    for (Summary s : rows) {
      boolean total = s == rows.get(rows.size() - 1) && a.totalOf(Family.REQUEST).isPresent();
      String key = Escape.html(s.key());
      h.append(total ? "<tfoot>\n" : "<tbody data-key=\"" + key + "\">\n");
      List<SlowRequest> slowest = a.slowestRequests().get(s.key());
      if (slowest == null || slowest.isEmpty()) { // past the bound: its own were not kept
        h.append("<tr><th>").append(key).append("</th><td class=\"muted\" colspan=\"")
            .append(columns - 1).append("\">not kept: more operations than the bound; the"
                + " total's are exact</td></tr>\n");
      }
      for (int i = 0; slowest != null && i < slowest.size(); i++) {
        SlowRequest r = slowest.get(i);
        // the name on its first request only; an empty cell under it keeps the columns in place
        h.append("<tr><th>").append(i == 0 ? key : "").append("</th>");
        h.append("<td data-v=\"").append(r.nanos()).append("\">")
            .append(Durations.format(r.nanos(), resolution)).append("</td>");
        if (ended) {
          h.append("<td>").append(Times.isSet(r.wallMillis())
              ? SpanWords.time(r.wallMillis(), resolutionMillis) : "-").append("</td>");
        }
        if (statuses) {
          h.append("<td>").append(r.status() > 0 ? Integer.toString(r.status()) : "-")
              .append("</td>");
        }
        if (ids) {
          h.append("<td>").append(r.requestId() != null
              ? "<code>" + Escape.html(r.requestId()) + "</code>" : "-").append("</td>");
        }
        h.append("<td><code>").append(Escape.html(Times.isSet(r.line())
            ? r.source() + ":" + r.line() : r.source())).append("</code></td></tr>\n");
      }
      h.append(total ? "</tfoot>\n" : "</tbody>\n");
    }
    h.append("</table>\n");
  }

  /** The requests' times as precise as their span says: whole seconds unless it has more. */
  private static int resolutionMillis(Analysis a) {
    for (Span span : a.spans()) {
      if (span.family() == Family.REQUEST) {
        return span.resolutionMillis();
      }
    }
    return 1000;
  }
}
