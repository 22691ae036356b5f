package tardy.analysis.findings;

import tardy.record.evidence.Evidence;
import tardy.record.evidence.Instance;
import tardy.record.evidence.MinuteShare;
import tardy.record.evidence.PauseEvidence;
import tardy.record.evidence.Signature;
import tardy.record.evidence.SysShares;
import tardy.record.evidence.Thresholds;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import tardy.analysis.heap.HeapRun;
import tardy.analysis.heap.HeapThresholds;
import tardy.record.Group;

/**
 * Turns gathered evidence into findings: only those whose evidence meets its threshold, ordered
 * by the stopped time each explains (then by signature and subject, so the order is fixed), then
 * the runs' live-set growth and low throughput, the stopped share per minute last; then the access logs' findings, by the request time each
 * concerns, because stopped time and request time (summed over concurrent requests) do not
 * compare.
 */
public final class Findings {

  /** The most non-GC operations a finding lists. */
  static final int OPERATIONS_SHOWN = 5;

  /**
   * Causes by the stopped time they explain; the stopped share, which explains none, after them;
   * the requests' findings last, by the request time they concern.
   */
  private static final Comparator<Finding> MOST_STOPPED_FIRST = Comparator
      .comparing((Finding f) -> f.signature().aboutRequests())
      .thenComparingInt((Finding f) -> f.signature() == Signature.STOPPED_SHARE ? 2
          : f.signature().aboutHeap() ? 1 : 0)
      .thenComparing(Comparator.comparingLong(Finding::nanos).reversed())
      .thenComparing(Finding::signature)
      .thenComparing(Finding::subject, Findings::compareSubjects)
      .thenComparing(Finding::subject);

  private Findings() {}

  /**
   * Subjects in the order a reader counts them: digits as numbers, so "run 2" comes before
   * "run 10" (a log of many JVM runs has a subject per run); the rest character by character.
   */
  static int compareSubjects(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      char x = a.charAt(i);
      char y = b.charAt(j);
      if (isDigit(x) && isDigit(y)) {
        int endI = digitsEnd(a, i);
        int endJ = digitsEnd(b, j);
        // without leading zeros, the longer run of digits is the larger number
        int fromI = nonZero(a, i, endI);
        int fromJ = nonZero(b, j, endJ);
        int byLength = Integer.compare(endI - fromI, endJ - fromJ);
        if (byLength != 0) {
          return byLength;
        }
        int byDigits = a.substring(fromI, endI).compareTo(b.substring(fromJ, endJ));
        if (byDigits != 0) {
          return byDigits;
        }
        i = endI;
        j = endJ;
      } else if (x != y) {
        return Character.compare(x, y);
      } else {
        i++;
        j++;
      }
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static int digitsEnd(String s, int from) {
    while (from < s.length() && isDigit(s.charAt(from))) {
      from++;
    }
    return from;
  }

  private static int nonZero(String s, int from, int to) {
    while (from < to - 1 && s.charAt(from) == '0') {
      from++;
    }
    return from;
  }

  /**
   * The findings of {@code evidence}, whose input places are the indexes of {@code inputNames}.
   */
  public static List<Finding> of(PauseEvidence evidence, List<String> inputNames) {
    return of(evidence, inputNames, List.of());
  }

  /** The same, and the findings of the access logs' groups (other families are passed over). */
  public static List<Finding> of(PauseEvidence evidence, List<String> inputNames,
      List<Group> groups) {
    return of(evidence, inputNames, groups, List.of());
  }

  /** The same, and the findings of the JVM runs' heap and throughput. */
  public static List<Finding> of(PauseEvidence evidence, List<String> inputNames,
      List<Group> groups, List<HeapRun> heap) {
    long stopped = evidence.stoppedNanos();
    List<Finding> out = new ArrayList<>();
    for (Evidence ev : evidence.evidence()) {
      if (ev.count() == 0) {
        continue;
      }
      List<Finding.Operation> operations = List.of();
      if (ev.signature() == Signature.NON_GC_SAFEPOINTS) {
        if (ev.nanos() * 100 < Thresholds.NON_GC_MIN_PERCENT * stopped) {
          continue;
        }
        operations = operations(evidence.nonGcOperations());
      }
      double share = ev.signature().stopsTheWorld() && stopped > 0
          ? (double) ev.nanos() / stopped : 0;
      out.add(new Finding(ev.signature(), ev.subject(), ev.count(), ev.nanos(), share,
          examples(ev.worst(), inputNames), operations, Optional.empty(), Optional.empty()));
    }
    kernelTime(evidence.sysShares(), Thresholds.SYS_SHARE_PERCENT, stopped, inputNames)
        .ifPresent(out::add);
    stoppedShare(evidence.minutes()).ifPresent(out::add);
    out.addAll(RequestFindings.of(groups));
    out.addAll(HeapFindings.of(heap, stopped, HeapThresholds.DEFAULTS, inputNames));
    out.sort(MOST_STOPPED_FIRST);
    return List.copyOf(out);
  }

  /**
   * The same findings with the heap's (and kernel time's, when its share is not the default)
   * judged by other thresholds (a requirements file's): the others stand as they are.
   */
  public static List<Finding> withHeapThresholds(List<Finding> findings, List<HeapRun> heap,
      SysShares sysShares, long stoppedNanos, HeapThresholds thresholds,
      List<String> inputNames) {
    List<Finding> out = new ArrayList<>();
    boolean sysShareSet = thresholds.sysSharePercent() != Thresholds.SYS_SHARE_PERCENT;
    for (Finding f : findings) {
      if (!f.signature().aboutHeap() && !(sysShareSet && f.signature() == Signature.KERNEL_TIME)) {
        out.add(f); // kernel time at the default share stands as the analysis found it
      }
    }
    if (sysShareSet) {
      kernelTime(sysShares, thresholds.sysSharePercent(), stoppedNanos, inputNames)
          .ifPresent(out::add);
    }
    out.addAll(HeapFindings.of(heap, stoppedNanos, thresholds, inputNames));
    out.sort(MOST_STOPPED_FIRST);
    return List.copyOf(out);
  }

  /**
   * The GC pauses with sys CPU above {@code percent} % of user + sys; the share of those other
   * than the default is said in the subject, as the evidence's words name the default.
   */
  private static Optional<Finding> kernelTime(SysShares shares, int percent, long stopped,
      List<String> inputNames) {
    Evidence ev = shares.over(percent);
    if (ev.count() == 0) {
      return Optional.empty();
    }
    String subject = percent == Thresholds.SYS_SHARE_PERCENT ? ""
        : "sys above " + percent + "% of user + sys";
    double share = stopped > 0 ? (double) ev.nanos() / stopped : 0;
    return Optional.of(new Finding(ev.signature(), subject, ev.count(), ev.nanos(), share,
        examples(ev.worst(), inputNames), List.of(), Optional.empty(), Optional.empty()));
  }

  private static Optional<Finding> stoppedShare(MinuteShare minutes) {
    MinuteShare.Minute worst = minutes.worst();
    if (worst == null || !MinuteShare.isOver(worst)) {
      return Optional.empty();
    }
    double share = worst.nanos() / (MinuteShare.MINUTE_MILLIS * 1e6);
    return Optional.of(new Finding(Signature.STOPPED_SHARE, "", minutes.minutesOver(),
        worst.nanos(), Math.min(1.0, share), List.of(), List.of(),
        Optional.of(new Finding.WorstMinute(worst.minute() * MinuteShare.MINUTE_MILLIS,
            worst.wallClock(), worst.nanos(), minutes.minutes(), minutes.minutesOver())),
        Optional.empty()));
  }

  private static List<Finding.Operation> operations(List<Evidence> byOperation) {
    return byOperation.stream()
        .sorted(Comparator.comparingLong(Evidence::nanos).reversed()
            .thenComparing(Evidence::subject))
        .limit(OPERATIONS_SHOWN)
        .map(ev -> new Finding.Operation(ev.subject(), ev.count(), ev.nanos()))
        .toList();
  }

  private static List<Finding.Example> examples(List<Instance> worst, List<String> inputNames) {
    return worst.stream()
        .map(i -> new Finding.Example(
            i.input() < inputNames.size() ? inputNames.get(i.input()) : "?", i.line(),
            i.timeMillis(), i.wallClock(), i.nanos(), i.kind(), i.timeToSafepointNanos(),
            i.userNanos(), i.sysNanos(), i.realNanos()))
        .toList();
  }
}
