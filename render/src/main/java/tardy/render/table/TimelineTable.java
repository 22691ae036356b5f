package tardy.render.table;

import java.util.List;
import java.util.Set;
import tardy.analysis.Correlation;
import tardy.events.Counts;
import tardy.render.Durations;
import tardy.render.Escape;
import tardy.render.TimelineWords;
import tardy.render.View;

/** The table's view of requests against JVM pauses: per operation, then per pause kind. */
final class TimelineTable {

  /** The columns a narrow terminal loses, in this order. */
  private static final String[] DROP_ORDER = {"max w/o", "max", "slow"};

  private TimelineTable() {}

  /**
   * @param shown the operations the report's tables show (--top): the others are left out here too
   * @param failed the requirements that failed in a check: each is told the pauses it met
   */
  static void write(StringBuilder text, Correlation c, Set<String> shown, List<String> failed,
      View view) {
    TextTable ops = new TextTable("operation", "count", "in pause",
        "slow", "slow in pause", "p99", "p99 w/o", "max", "max w/o").dropFirst(DROP_ORDER);
    for (Correlation.Operation o : c.operations()) {
      if (!shown.contains(o.key())) {
        continue;
      }
      ops.add(o.slowOverlapped() > 0 ? "33" : null, Escape.terminal(o.key()), count(o.count()),
          count(o.overlapped()), count(o.slow()) + " >" + Durations.format(o.slowNanos()),
          count(o.slowOverlapped()), Durations.format(o.with().at("99")),
          without(o, "99"), Durations.format(o.with().at("100")), without(o, "100"));
    }
    text.append("Requests during JVM pauses\n");
    ops.write(text, view.colour(), view.width());
    text.append('\n');
    TextTable kinds = new TextTable("pause kind", "family", "pauses",
        "stopped", "requests in them");
    for (Correlation.Kind k : c.kinds()) {
      kinds.add(null, Escape.terminal(k.kind()), k.family(), count(k.pauses()),
          Durations.format(k.stoppedNanos()), count(k.requests()));
    }
    kinds.write(text, view.colour(), view.width());
    text.append('\n');
    for (Correlation.Operation o : c.operations()) {
      if (failed.contains(o.key()) && o.slowOverlapped() > 0) {
        paragraph(text, TimelineWords.failed(o, Escape::terminal), view);
      }
    }
    c.headline().ifPresent(o -> paragraph(text, TimelineWords.verdict(o, Escape::terminal), view));
    TimelineWords.stops(c).ifPresent(words -> paragraph(text, words, view));
    paragraph(text, TimelineWords.clock(c), view);
    TimelineWords.uptimePlaced(c).forEach(words -> paragraph(text, words, view));
    if (c.pausesUnplaced() > 0) {
      paragraph(text, Counts.of(c.pausesUnplaced(), "pause has", "pauses have")
          + " JVM uptime only and " + Counts.word(c.pausesUnplaced(), "is", "are") + " not on"
          + " the timeline: give the JVM's start with --start-time.", view);
    }
    if (c.requestsUnplaced() > 0) {
      paragraph(text, Counts.of(c.requestsUnplaced(), "request has no time in its line and is",
          "requests have no time in their line and are") + " not on the timeline.", view);
    }
    text.append('\n');
  }

  private static void paragraph(StringBuilder text, String words, View view) {
    Wrap.words(text, words, view.width(), "", "  ");
  }

  /** A percentile of the requests that met no pause; "-" when every request met one. */
  private static String without(Correlation.Operation o, String label) {
    return o.count() > o.overlapped() ? Durations.format(o.without().at(label)) : "-";
  }

  private static String count(long n) {
    return Counts.grouped(n);
  }
}
