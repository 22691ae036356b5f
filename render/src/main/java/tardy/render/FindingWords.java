package tardy.render;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tardy.analysis.findings.Finding;
import tardy.record.evidence.Signature;
import tardy.events.Counts;
import tardy.events.Times;

/** The words every rendering of a finding uses, so the table and the page say the same thing. */
public final class FindingWords {

  private static final DateTimeFormatter WALL =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSXXX", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter WALL_MINUTE =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mmXXX", Locale.ROOT).withZone(ZoneOffset.UTC);

  private FindingWords() {}

  /**
   * {@code Time to safepoint dominates: 6 pauses, 3.37s, 99.5% of the stopped time}; for the
   * stopped share, the worst minute.
   */
  public static String headline(Finding f) {
    StringBuilder s = new StringBuilder(title(f));
    if (!f.subject().isEmpty()) {
      s.append(": ").append(f.subject());
    }
    if (f.requests().isPresent()) {
      return requests(s.append(": "), f, f.requests().get());
    }
    if (f.heap().isPresent()) {
      return heap(s.append(": "), f, f.heap().get());
    }
    if (f.worstMinute().isPresent()) {
      Finding.WorstMinute m = f.worstMinute().get();
      return s.append(": the minute from ").append(minute(m)).append(" stopped ")
          .append(Durations.format(m.nanos())).append(" (").append(percent(f.share()))
          .append("); ").append(Counts.grouped(m.minutesOver())).append(" of ")
          .append(Counts.of(m.minutes(), "minute")).append(" with pauses stopped ")
          .append("5% or more").toString();
    }
    if (!f.signature().stopsTheWorld()) {
      return s.append(": ").append(Counts.of(f.count(), "stall")).append(", ")
          .append(Durations.format(f.nanos()))
          .append(" in all (each stops one thread)").toString();
    }
    return s.append(": ").append(Counts.of(f.count(), "pause")).append(", ")
        .append(Durations.format(f.nanos()))
        .append(", ").append(percent(f.share())).append(" of the stopped time").toString();
  }

  /**
   * {@code Live set grows (a leak?): heap after 8 full collections 33.0MiB first, 81.0MiB last
   * over 33.1s; trend +1.40MiB/s}, or {@code Low throughput: 45.52% …}, as the heap section
   * says them.
   */
  private static String heap(StringBuilder s, Finding f, tardy.analysis.heap.HeapRun r) {
    if (r.longPauses().isPresent()) {
      return s.append(HeapWords.longPauses(r.longPauses().get(), r.wallClock(), f.share()))
          .toString();
    }
    if (f.signature() == Signature.LIVE_SET_GROWTH) {
      java.util.Optional<tardy.analysis.heap.HeapRun.LiveSet> oldFloor = r.heap()
          .flatMap(tardy.analysis.heap.HeapRun.Heap::generations)
          .flatMap(tardy.analysis.heap.HeapRun.Generations::oldFloor)
          .filter(tardy.analysis.heap.HeapRun.LiveSet::growing);
      if (oldFloor.isPresent()) {
        return s.append(HeapWords.oldFloorFigures(oldFloor.get())).toString();
      }
      return s.append(HeapWords.liveSetFigures(r.heap().orElseThrow().liveSet().orElseThrow()))
          .toString();
    }
    String t = HeapWords.lines(r, false).get(0);
    return s.append(t, "Throughput ".length(), t.length() - 1).toString();
  }

  /**
   * The findings of one signature the table and the HTML page show: a log of a JVM restarted
   * thousands of times has a low-throughput finding per run, which would bury the others. JSON
   * keeps every finding.
   */
  public static final int SHOWN_PER_SIGNATURE = 10;

  /** The findings shown: of each signature, the first {@link #SHOWN_PER_SIGNATURE}, in order. */
  public static List<Finding> shown(List<Finding> findings) {
    Map<Signature, Integer> seen = new EnumMap<>(Signature.class);
    List<Finding> out = new ArrayList<>();
    for (Finding f : findings) {
      if (seen.merge(f.signature(), 1, Integer::sum) <= SHOWN_PER_SIGNATURE) {
        out.add(f);
      }
    }
    return out.size() == findings.size() ? findings : out;
  }

  /**
   * What {@link #shown} leaves out, after the findings: {@code Not shown: 4,990 more findings of
   * Low throughput (every finding: --format json).}; empty when all are shown.
   */
  public static Optional<String> notShown(List<Finding> findings) {
    Map<Signature, Integer> count = new EnumMap<>(Signature.class);
    findings.forEach(f -> count.merge(f.signature(), 1, Integer::sum));
    StringBuilder s = new StringBuilder();
    for (Finding f : findings) { // in the order of their first finding
      Integer n = count.remove(f.signature());
      if (n != null && n > SHOWN_PER_SIGNATURE) {
        s.append(s.length() == 0 ? "Not shown: " : "; ")
            .append(Counts.of(n - SHOWN_PER_SIGNATURE, "more finding"))
            .append(" of ").append(f.signature().title());
      }
    }
    return s.length() == 0 ? Optional.empty()
        : Optional.of(s.append(" (every finding: --format json).").toString());
  }

  /** How the findings are ordered, for the heading above them. */
  public static String order(List<Finding> findings) {
    boolean requests = findings.stream().anyMatch(f -> f.signature().aboutRequests());
    boolean pauses = findings.stream().anyMatch(f -> !f.signature().aboutRequests());
    if (!requests) {
      return "most stopped time first";
    }
    return pauses ? "most stopped time first, then requests by request time"
        : "most request time first";
  }

  /**
   * {@code p99 request 1.52s vs p99 upstream 103ms over 1,000 requests with an upstream time (of
   * 1,000); 61.0% of the request time is outside the backend}, or {@code 120 of 5,000 requests
   * (2.4%) ended 499 after a median wait of 1.00s (longest 1.01s); 110 of them waited 1.00s to
   * 1.01s: a client or proxy timeout of about 1.01s may be cutting them off}: a client's timeout
   * starts before nginx's clock, so the longest wait of the cluster is nearest to it.
   */
  private static String requests(StringBuilder s, Finding f, Finding.Requests r) {
    if (f.signature() == Signature.TIME_OUTSIDE_BACKEND) {
      return s.append("p99 request ").append(Durations.format(r.requestP99Nanos()))
          .append(" vs p99 upstream ").append(Durations.format(r.upstreamP99Nanos()))
          .append(" over ").append(Counts.of(r.withUpstream(), "request"))
          .append(" with an upstream time (of ").append(Counts.grouped(r.requests()))
          .append("); ").append(percent(f.share()))
          .append(" of the request time is outside the backend").toString();
    }
    s.append(Counts.grouped(r.clientClosed())).append(" of ")
        .append(Counts.of(r.requests(), "request")).append(" (").append(percent(f.share()))
        .append(closedHow(r)).append(" after a median wait of ").append(Durations.format(r.waitedP50Nanos()))
        .append(" (longest ").append(Durations.format(r.waitedMaxNanos())).append(')');
    if (r.clusterCount() > 0) {
      s.append("; ").append(Counts.grouped(r.clusterCount())).append(" of them waited ")
          .append(Durations.format(r.clusterFromNanos())).append(" to ")
          .append(Durations.format(r.clusterToNanos()))
          .append(": a client or proxy timeout of about ")
          .append(Durations.format(r.clusterToNanos())).append(" may be cutting them off");
    }
    return s.toString();
  }

  /**
   * The finding's title: its signature's, without the {@code (499)} of clients giving up when
   * the log did not write 499 for all of them (a proxy that says so in its own words).
   */
  public static String title(Finding f) {
    if (f.signature() == Signature.CLIENTS_GAVE_UP
        && f.requests().map(Finding.Requests::notAll499).orElse(false)) {
      return CLIENTS_GAVE_UP_UNNUMBERED;
    }
    return f.signature().title();
  }

  private static final String CLIENTS_GAVE_UP_UNNUMBERED = "Clients giving up";

  /** {@code ) ended 499}, or what the log said when it was not 499 for all of them. */
  private static String closedHow(Finding.Requests r) {
    if (!r.notAll499()) {
      return ") ended 499";
    }
    return r.loggedAs499() == 0 ? ") were closed by their client first"
        : ") were closed by their client first (" + Counts.grouped(r.loggedAs499()) + " logged 499)";
  }

  /** The figures that make one pause evidence: {@code 2.06s at 2026-…Z: reaching safepoint 2.06s}. */
  public static String example(Finding.Example e) {
    StringBuilder s = new StringBuilder(Durations.format(e.nanos())).append(" at ")
        .append(when(e.timeMillis(), e.wallClock())).append(": ");
    s.append(e.kind().isEmpty() ? "(unnamed)" : e.kind());
    if (Times.isSet(e.timeToSafepointNanos())) {
      s.append(", reaching safepoint ").append(Durations.format(e.timeToSafepointNanos()));
    }
    if (Times.isSet(e.realNanos())) {
      s.append(", user ").append(Durations.format(e.userNanos())).append(" sys ")
          .append(Durations.format(e.sysNanos())).append(" real ")
          .append(Durations.format(e.realNanos()));
    }
    return s.toString();
  }

  /** Where the pause is: {@code gc.log line 52}. */
  public static String where(Finding.Example e) {
    return e.input() + " line " + e.line();
  }

  /** A breakdown entry: {@code PrintThreads: 8 for 2.72ms}. */
  public static String operation(Finding.Operation o) {
    return o.name() + ": " + Counts.grouped(o.count()) + " for " + Durations.format(o.nanos());
  }

  public static String evidence(Signature s) {
    return "counted when " + s.threshold();
  }

  /** The finding's criterion, which a requirements file may have set. */
  public static String evidence(Finding f) {
    return "counted when " + f.criterion();
  }

  public static String remedy(Signature s) {
    return "may be: " + s.remedy();
  }

  static String when(long millis, boolean wallClock) {
    if (!Times.isSet(millis)) {
      return "an unknown time";
    }
    return wallClock ? PrintedZone.in(WALL).format(Instant.ofEpochMilli(millis))
        : "uptime " + Durations.formatMillis(millis);
  }

  private static String minute(Finding.WorstMinute m) {
    return m.wallClock() ? PrintedZone.in(WALL_MINUTE).format(Instant.ofEpochMilli(m.startMillis()))
        : "uptime " + m.startMillis() / 60_000 + " min";
  }

  private static String percent(double share) {
    return String.format(Locale.ROOT, "%.1f%%", 100 * share);
  }
}
