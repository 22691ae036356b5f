package tardy.analysis;

import tardy.record.ReportIntervals;

import tardy.record.InputSummary;

import tardy.record.Result;

import tardy.events.Reasons;

import tardy.record.Group;
import tardy.record.Recorder;
import tardy.record.Stalls;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tardy.analysis.heap.HeapAnalyzer;
import tardy.analysis.heap.HeapRun;
import tardy.events.Counts;
import tardy.events.Family;
import tardy.analysis.Correlator;
import tardy.analysis.findings.Findings;

/** Turns what a recorder holds into the immutable analysis that renderers show. */
public final class Analyzer {

  public static final String TOTAL = "(total)";

  static final String COORDINATED_OMISSION_NOTE =
      "Access-log percentiles are a lower bound: while the server stalled, clients sent fewer"
          + " requests, and requests never sent are not in the log (coordinated omission).";

  private Analyzer() {}

  /** The analysis of a report's result, with what --from/--to left out noted. */
  public static Analysis analyze(String tool, Result result) {
    Analysis analysis = analyze(tool, result.recorder().orElseThrow(), result.inputs());
    String exclusionNote = result.exclusionNote();
    if (exclusionNote != null) {
      analysis = analysis.withNote(exclusionNote);
    }
    String windowNote = result.windowNote();
    return windowNote == null ? analysis : analysis.withNote(windowNote);
  }

  public static Analysis analyze(String tool, Recorder recorder, List<InputSummary> inputs) {
    List<Group> groups = new ArrayList<>(recorder.groups());
    groups.sort(Comparator.comparing(Group::family)
        .thenComparing(Comparator.comparingLong(Group::count).reversed())
        .thenComparing(Group::name));
    Map<Family, Group> totals = new EnumMap<>(Family.class);
    for (Group g : groups) {
      totals.computeIfAbsent(g.family(), f -> new Group(TOTAL, f)).add(g);
    }
    ReportIntervals perInterval = recorder.perInterval();
    if (perInterval != null) {
      totals.forEach((f, total) -> total.replaceIntervals(perInterval.total(f)));
    }
    // a group folded into (other) by the cap may have kept its intervals, others not
    List<Summary> summaries = groups.stream().map(g -> perInterval == null || perInterval.shows(g)
        ? Summary.of(g, null) : Summary.of(g, null).withoutIntervals()).toList();
    List<Summary> totalSummaries = totals.values().stream().map(g -> Summary.of(g, null)).toList();
    Analysis.Kind kind = kind(recorder);
    List<String> notes = new ArrayList<>();
    if (kind == Analysis.Kind.REQUESTS || kind == Analysis.Kind.MIXED) {
      notes.add(COORDINATED_OMISSION_NOTE);
    }
    List<String> unread = InputHealth.problems(inputs);
    notes.addAll(unread);
    notes.addAll(InputHealth.formatChanges(inputs));
    totalSummaries.stream().filter(s -> s.family() == Family.REQUEST && s.count() > 0).findFirst()
        .flatMap(s -> TomcatMillisNote.of(inputs, s.latency().at("50"))).ifPresent(notes::add);
    int cycles = recorder.heap().cycles().size();
    if (kind == Analysis.Kind.NONE && unread.isEmpty() && cycles == 0) {
      notes.add("No events: every line was ignored or malformed (see the accounting of lines).");
    }
    if (kind == Analysis.Kind.MIXED) {
      notes.add("The inputs hold both requests and JVM pauses: each family has its own table and"
          + " total, never added together.");
    }
    if (totals.containsKey(Family.SAFEPOINT) && totals.containsKey(Family.GC_PAUSE)) {
      notes.add("GC pauses happen inside safepoints: the safepoints' stopped time already holds"
          + " them, so the two families are shown apart and never added.");
    }
    if (totals.containsKey(Family.STALL)) {
      notes.add("Stalls are single threads waiting for memory (ZGC), not pauses of the whole"
          + " application.");
    }
    if (!totals.containsKey(Family.GC_PAUSE) && cycles > 0) {
      notes.add("The JVM log has " + Counts.of(cycles, "concurrent GC cycle")
          + " but no GC pause: its heap figures are the cycles', no pause is counted; ZGC logs"
          + " its pauses only with -Xlog:gc* (or gc+phases=info), plain -Xlog:gc shows cycles"
          + " and stalls.");
    } else if (!totals.containsKey(Family.GC_PAUSE) && zgcCyclesOnly(inputs)) {
      notes.add("This ZGC log has GC cycles but no pauses: ZGC logs its pauses only with"
          + " -Xlog:gc* (or gc+phases=info); plain -Xlog:gc shows cycles and stalls.");
    }
    if (kind == Analysis.Kind.PAUSES && recorder.uptimeRuns().runs() > 1) {
      notes.add("The JVM restarted " + Counts.of(recorder.uptimeRuns().runs() - 1, "time")
          + " in this log"
          + " (uptime went back); each run's time is measured on its own.");
    }
    if (perInterval != null) {
      notes.addAll(IntervalNotes.of(perInterval,
          summaries.stream().filter(s -> !s.intervals().isEmpty()).count(), summaries.size(),
          recorder.foldedGroupsEstimated()));
    }
    if (recorder.foldedGroups() > 0) {
      notes.add((recorder.foldedGroupsEstimated() ? "About " : "")
          + Counts.of(recorder.foldedGroups(), "more group was", "more groups were")
          + " folded into " + Recorder.OTHER + " past the cap of "
          + Counts.grouped(recorder.maxGroups())
          + " (--max-operations): the ones with the fewest requests.");
    }
    List<HeapRun> heap = HeapAnalyzer.runs(recorder.heap());
    Analysis analysis = new Analysis(tool, inputs, kind, totalSummaries, summaries,
        recorder.foldedGroups(), recorder.maxGroups(), stoppedShare(kind, totals, recorder), notes,
        Optional.empty(), Findings.of(recorder.evidence(),
            inputs.stream().map(InputSummary::source).toList(), groups, heap), Optional.empty(),
        recorder.spans(), heap, recorder.objectiveCounts(), List.of(),
        recorder.evidence().sysShares());
    if (recorder.requests() > 0) {
      analysis = analysis.withSlowestRequests(SlowRequest.of(recorder.slowestRequests(),
          recorder.slowestOfAll(), inputs.stream().map(InputSummary::source).toList(), TOTAL));
    }
    if (recorder.pauseIndex() != null && recorder.requests() > 0) {
      analysis = analysis.withTimeline(Correlator.correlate(recorder.pauseIndex(),
          recorder.coarsestRequestResolutionMillis(), summaries));
    }
    return analysis;
  }

  private static boolean zgcCyclesOnly(List<InputSummary> inputs) {
    return inputs.stream().flatMap(in -> in.reasons().stream())
        .anyMatch(r -> r.reason().equals(Reasons.ZGC_CYCLE.reason()));
  }

  private static Analysis.Kind kind(Recorder r) {
    if (r.requests() > 0 && r.pauses() > 0) {
      return Analysis.Kind.MIXED;
    }
    if (r.requests() > 0) {
      return Analysis.Kind.REQUESTS;
    }
    return r.pauses() > 0 ? Analysis.Kind.PAUSES : Analysis.Kind.NONE;
  }

  /**
   * Stopped time over the time the log covers, on the wall clock when the log has one, else on
   * uptime run by run; needs at least two timestamps apart. The safepoints' stopped time when the
   * log has it, else the GC pauses' ({@link tardy.record.evidence.StoppedFamily}; stalls stop one
   * thread only).
   */
  private static Optional<Double> stoppedShare(Analysis.Kind kind, Map<Family, Group> totals,
      Recorder r) {
    long millis = r.pauseCoverageMillis();
    Group safepoints = totals.get(Family.SAFEPOINT);
    Group gcPauses = totals.get(Family.GC_PAUSE);
    Group stopped = totals.get(tardy.record.evidence.StoppedFamily.of(
        safepoints == null ? 0 : safepoints.sumNanos(), gcPauses == null ? 0 : gcPauses.sumNanos()));
    if (kind != Analysis.Kind.PAUSES || millis <= 0 || stopped == null) {
      return Optional.empty();
    }
    return Optional.of(Math.min(1.0, stopped.sumNanos() / (millis * 1e6)));
  }
}
