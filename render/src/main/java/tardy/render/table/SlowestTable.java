package tardy.render.table;

import java.util.ArrayList;
import java.util.List;
import tardy.analysis.Analysis;
import tardy.analysis.SlowRequest;
import tardy.analysis.Summary;
import tardy.events.Family;
import tardy.events.Times;
import tardy.record.clock.Span;
import tardy.render.Durations;
import tardy.render.Focus;
import tardy.render.PrintedZone;
import tardy.render.SpanWords;
import tardy.render.View;

/**
 * {@code --exemplars}: the slowest requests of each request row the latency table shows (a
 * check's in its order), then of the total, one line each, slowest first: its time, when it ended (in the printed zone),
 * its status, the id its line logged and where it is ({@code source:line}), to be looked up in
 * the log or the application's traces. A section of its own, so the latency table stays as it is.
 * Columns nothing has (no id logged, no time) are left out.
 */
final class SlowestTable {

  private SlowestTable() {}

  static void write(StringBuilder text, Analysis a, Focus focus, View view) {
    List<Summary> rows = new ArrayList<>();
    for (Summary s : focus.shown()) {
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
    // a check's rows are its requirements, named as its own table names them
    List<String> header = new ArrayList<>(List.of(a.verdict().isPresent() ? "requirement"
        : "operation", "latency"));
    if (ended) {
      header.add("ended");
    }
    if (statuses) {
      header.add("status");
    }
    if (ids) {
      header.add("request id");
    }
    header.add("at");
    TextTable table = new TextTable(header.toArray(String[]::new)).dropFirst("status", "ended")
        .leftAligned("request id", "at");
    int resolutionMillis = resolutionMillis(a);
    long resolution = Durations.resolution(a.kind());
    for (Summary s : rows) {
      List<SlowRequest> slowest = a.slowestRequests().get(s.key());
      if (slowest == null || slowest.isEmpty()) { // past the bound: its own were not kept
        table.add(null, cells(header.size(), s.key()));
        table.detail(null, "  not kept: more operations than the bound; the total's are exact");
        continue;
      }
      for (int i = 0; i < slowest.size(); i++) {
        SlowRequest r = slowest.get(i);
        List<String> cells = new ArrayList<>(List.of(i == 0 ? s.key() : "",
            Durations.format(r.nanos(), resolution)));
        if (ended) {
          cells.add(Times.isSet(r.wallMillis()) ? SpanWords.time(r.wallMillis(), resolutionMillis)
              : "-");
        }
        if (statuses) {
          cells.add(r.status() > 0 ? Integer.toString(r.status()) : "-");
        }
        if (ids) {
          cells.add(r.requestId() != null ? r.requestId() : "-");
        }
        cells.add(Times.isSet(r.line()) ? r.source() + ":" + r.line() : r.source());
        table.add(null, cells.toArray(String[]::new));
      }
    }
    text.append("Slowest requests").append(ended ? " (ended: " + PrintedZone.name() + ")" : "")
        .append('\n');
    table.write(text, view.colour(), view.width());
    text.append('\n');
  }

  /** A row of that name and nothing else. */
  private static String[] cells(int columns, String name) {
    String[] cells = new String[columns];
    java.util.Arrays.fill(cells, "");
    cells[0] = name;
    return cells;
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
