package tardy.render;

import java.time.Instant;
import java.util.Locale;
import java.util.function.UnaryOperator;
import tardy.analysis.Correlation;
import tardy.events.Counts;

/** The sentences the table and the HTML page say about requests and JVM pauses, said once. */
public final class TimelineWords {

  private TimelineWords() {}

  /**
   * "62 % of GET /p/{id} requests slower than 500ms (its budget) overlapped a JVM pause; without
   * them p99 goes from 2.23s to 310ms."
   */
  public static String verdict(Correlation.Operation o, UnaryOperator<String> escape) {
    return String.format(Locale.ROOT,
        "%d %% of %s requests slower than %s (%s) overlapped a JVM pause (%s of %s);"
            + " without the %s requests that overlapped one, p99 goes from %s to %s.",
        Math.round(100 * o.slowShare()), escape.apply(o.key()), Durations.format(o.slowNanos()),
        o.slowFrom().equals("budget") ? "its budget" : "its p99", Counts.grouped(o.slowOverlapped()),
        Counts.grouped(o.slow()), Counts.grouped(o.overlapped()),
        Durations.format(o.with().at("99")), Durations.format(o.without().at("99")));
  }

  /**
   * "FAIL Browse products: 5 of 12 requests over 100ms overlapped JVM pauses: G1CollectFull 685ms
   * at … (4 of its requests met one), …": per kind the longest pause the requirement's requests
   * met, behind a failed requirement.
   */
  public static String failed(Correlation.Operation o, UnaryOperator<String> escape) {
    StringBuilder s = new StringBuilder("FAIL ").append(escape.apply(o.key())).append(": ")
        .append(Counts.grouped(o.slowOverlapped())).append(" of ")
        .append(Counts.of(o.slow(), "request")).append(" over ").append(Durations.format(o.slowNanos()))
        .append(" overlapped JVM pauses: ");
    for (int i = 0; i < o.pauses().size(); i++) {
      Correlation.Met m = o.pauses().get(i);
      s.append(i == 0 ? "" : ", ").append(pause(m, escape)).append(" (")
          .append(Counts.grouped(m.requests())).append(" of its requests met one)");
    }
    return s.toString();
  }

  /** How requests and pauses were aligned, and how far off they may be. */
  public static String clock(Correlation c) {
    boolean seconds = c.requestResolutionMillis() >= 1000;
    return "A request counts as overlapping a pause only when it surely did: by more than the"
        + " clocks' alignment error of " + Durations.format(c.toleranceNanos()) + " (request times"
        + (seconds ? " in whole seconds" : " in milliseconds")
        + ", JVM times in milliseconds, nginx's cached clock)."
        + (seconds ? " With whole seconds ($time_local) only requests longer than about a second"
            + " can be placed surely: log $msec for a finer timeline." : "");
  }

  /**
   * "134 pauses on the timeline, 93 stops: 41 GC pauses lie inside a safepoint, ...", when some
   * pauses are part of another's stop; empty otherwise.
   */
  public static java.util.Optional<String> stops(Correlation c) {
    long inside = c.pausesPlaced() - c.stops();
    if (inside == 0) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(Counts.of(c.pausesPlaced(), "pause") + " on the timeline, "
        + Counts.of(c.stops(), "stop") + " of the JVM: "
        + Counts.of(inside, "GC pause lies", "GC pauses lie") + " inside a safepoint and"
        + " belong to its stop; a request that met both is one request in pause.");
  }

  /**
   * How the pauses that have uptime only were put on the wall clock: with --start-time, or per
   * JVM log by its own lines that give both a date and the uptime. One sentence each.
   */
  public static java.util.List<String> uptimePlaced(Correlation c) {
    java.util.List<String> out = new java.util.ArrayList<>();
    tardy.record.pause.PauseIndex index = c.pauses();
    if (index.startTimePauses() > 0) {
      out.add(Counts.of(index.startTimePauses(), "pause with uptime only was",
          "pauses with uptime only were") + " placed with --start-time " + millis(index.startTimeMillis()) + " as uptime 0.");
    }
    for (tardy.record.pause.PauseIndex.Anchored a : index.anchored()) {
      out.add(Counts.of(a.pauses(), "pause") + " of " + a.source() + " with uptime only "
          + Counts.word(a.pauses(), "was", "were")
          + " placed by the log's own lines that give both a date and the uptime: "
          + Counts.of(a.lines(), "line") + ", the first (line "
          + a.firstLine() + ") " + millis(a.firstWallMillis()) + " at uptime "
          + String.format(Locale.ROOT, "%.3fs", a.firstUptimeMillis() / 1000.0) + ", so uptime 0 was "
          + millis(a.firstWallMillis() - a.firstUptimeMillis()) + "."
          + (a.spreadMillis() > 0 ? " The two clocks drifted " + Durations.format(a.spreadMillis()
              * 1_000_000L) + " apart across those lines: each pause is placed between the"
              + " lines around it and counts only beyond that drift." : ""));
    }
    return out;
  }

  private static String millis(long epochMillis) {
    return PrintedZone.iso(Instant.ofEpochMilli(epochMillis));
  }

  /** "G1CollectFull 685ms at 2026-11-23T21:26:47.302Z". */
  public static String pause(Correlation.Met m, UnaryOperator<String> escape) {
    return escape.apply(m.kind()) + " " + Durations.format(m.longestNanos()) + " at "
        + PrintedZone.iso(Instant.ofEpochSecond(0, m.longestStartEpochNanos()).truncatedTo(
            java.time.temporal.ChronoUnit.MILLIS));
  }
}
