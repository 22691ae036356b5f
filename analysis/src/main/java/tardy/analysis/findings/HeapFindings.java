package tardy.analysis.findings;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tardy.analysis.heap.HeapRun;
import tardy.analysis.heap.HeapThresholds;
import tardy.analysis.heap.LongPauses;
import tardy.record.evidence.Signature;
import tardy.record.evidence.Thresholds;

/**
 * The findings a JVM run's heap and throughput give: a live set that grows ({@link
 * HeapRun.LiveSet#growing}), and throughput under {@value Thresholds#THROUGHPUT_MIN_PERCENT}% (or
 * the requirements file's {@code low_throughput}) over a run of at least a minute. Each counts the run's GC pauses and their time (for the live set,
 * the collections it was read from).
 */
final class HeapFindings {

  private HeapFindings() {}

  static List<Finding> of(List<HeapRun> runs, long stoppedNanos, HeapThresholds thresholds,
      List<String> inputNames) {
    List<Finding> out = new ArrayList<>();
    for (HeapRun r : runs) {
      String subject = runs.size() > 1 ? "run " + r.run() : "";
      double share = stoppedNanos > 0 ? Math.min(1.0, (double) r.pausedNanos() / stoppedNanos) : 0;
      Optional<HeapRun.LiveSet> live = r.heap().flatMap(HeapRun.Heap::liveSet);
      Optional<HeapRun.LiveSet> oldFloor = r.heap().flatMap(HeapRun.Heap::generations)
          .flatMap(HeapRun.Generations::oldFloor);
      if (oldFloor.isPresent() && oldFloor.get().growing()) { // the old generation says it best
        out.add(finding(Signature.LIVE_SET_GROWTH, subject, oldFloor.get().samples(), r, share));
      } else if (live.isPresent() && live.get().growing()) {
        out.add(finding(Signature.LIVE_SET_GROWTH, subject, live.get().samples(), r, share));
      }
      if (r.throughput().isPresent()
          && r.lastMillis() - r.firstMillis() >= Thresholds.THROUGHPUT_MIN_RUN_MS
          && r.throughput().get() * 100 < thresholds.lowThroughputPercent()) {
        out.add(finding(Signature.LOW_THROUGHPUT, subject, r.pauses(), r, share));
      }
      Optional<LongPauses> longPauses = LongPauses.of(r, thresholds);
      if (longPauses.isPresent() && longPauses.get().bytesPerSecond().isPresent()) {
        LongPauses l = longPauses.get();
        double lShare = stoppedNanos > 0 ? Math.min(1.0, (double) l.pausedNanos() / stoppedNanos)
            : 0;
        out.add(new Finding(Signature.ALLOCATION_BEFORE_LONG_PAUSES, subject, l.pauses(),
            l.pausedNanos(), lShare, examples(l, r.wallClock(), inputNames), List.of(),
            Optional.empty(), Optional.empty(), Optional.of(r.withLongPauses(l))));
      }
    }
    return out;
  }

  /** The longest pauses as the evidence's lines: where each is in the logs. */
  private static List<Finding.Example> examples(LongPauses l, boolean wallClock,
      List<String> inputNames) {
    List<Finding.Example> out = new java.util.ArrayList<>();
    for (HeapRun.Point p : l.worst()) {
      if (tardy.events.Times.isSet(p.line())) {
        out.add(new Finding.Example(p.input() < inputNames.size() ? inputNames.get(p.input()) : "?",
            p.line(), p.millis(), wallClock, p.pauseNanos(), "GC pause", tardy.events.Times.NONE,
            tardy.events.Times.NONE, tardy.events.Times.NONE, tardy.events.Times.NONE));
      }
    }
    return out;
  }

  private static Finding finding(Signature s, String subject, long count, HeapRun r, double share) {
    return new Finding(s, subject, count, r.pausedNanos(), share, List.of(), List.of(),
        Optional.empty(), Optional.empty(), Optional.of(r));
  }
}
