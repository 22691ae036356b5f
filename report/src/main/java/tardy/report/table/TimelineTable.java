package tardy.report.table;

import tardy.classify.timeline.Correlation;
import tardy.report.CheckWords;
import tardy.report.Durations;
import tardy.report.Escape;
import tardy.report.TimelineWords;

/** The table's view of requests against JVM pauses: per operation, then per pause kind. */
final class TimelineTable {

  private TimelineTable() {}

  /** @param failed the requirements that failed in a check: each is told the pauses it met */
  static void write(StringBuilder text, Correlation c, java.util.List<String> failed, boolean colour) {
    TextTable ops = new TextTable(TableRenderer.KEY_WIDTH, "operation", "count", "in pause",
        "slow", "slow in pause", "p99", "p99 w/o", "max", "max w/o");
    for (Correlation.Operation o : c.operations()) {
      ops.add(o.slowOverlapped() > 0 ? "33" : null, Escape.terminal(o.key()), count(o.count()),
          count(o.overlapped()), count(o.slow()) + " >" + Durations.format(o.slowNanos()),
          count(o.slowOverlapped()), Durations.format(o.with().at("99")),
          without(o, "99"), Durations.format(o.with().at("100")), without(o, "100"));
    }
    text.append("Requests during JVM pauses\n");
    ops.write(text, colour);
    text.append('\n');
    TextTable kinds = new TextTable(TableRenderer.KEY_WIDTH, "pause kind", "pauses", "stopped",
        "requests in them");
    for (Correlation.Kind k : c.kinds()) {
      kinds.add(null, Escape.terminal(k.kind()), count(k.pauses()), Durations.format(k.stoppedNanos()),
          count(k.requests()));
    }
    kinds.write(text, colour);
    text.append('\n');
    for (Correlation.Operation o : c.operations()) {
      if (failed.contains(o.key()) && o.slowOverlapped() > 0) {
        text.append(TimelineWords.failed(o, Escape::terminal)).append('\n');
      }
    }
    c.headline().ifPresent(o -> text.append(TimelineWords.verdict(o, Escape::terminal)).append('\n'));
    text.append(TimelineWords.clock(c)).append('\n');
    if (c.pausesUnplaced() > 0) {
      text.append(count(c.pausesUnplaced())).append(" pauses have JVM uptime only and are not on"
          + " the timeline: give the JVM's start with --start-time.\n");
    }
    if (c.requestsUnplaced() > 0) {
      text.append(count(c.requestsUnplaced())).append(" requests have no time in their line and are"
          + " not on the timeline.\n");
    }
    text.append('\n');
  }

  /** A percentile of the requests that met no pause; "-" when every request met one. */
  private static String without(Correlation.Operation o, String label) {
    return o.count() > o.overlapped() ? Durations.format(o.without().at(label)) : "-";
  }

  private static String count(long n) {
    return CheckWords.count(n);
  }
}
