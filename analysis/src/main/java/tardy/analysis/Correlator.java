package tardy.analysis;

import tardy.record.pause.ClockTolerance;
import tardy.record.pause.PauseIndex;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import tardy.record.histogram.NanosHistogram;
import tardy.record.histogram.Percentiles;
import tardy.record.Stalls;
import tardy.analysis.Summary;
import tardy.analysis.BudgetResult;
import tardy.events.Family;

/**
 * Turns what the recorder counted per operation into the {@link Correlation} a report shows.
 * Counts over a threshold use HdrHistogram's buckets, as budgets do. Operations are taken one at
 * a time: only one histogram copy is alive, whatever the number of operations.
 */
public final class Correlator {

  /** One operation as recorded: its latencies and what its requests met. */
  record Recorded(String key, NanosHistogram latency, Stalls stalls, long slowNanos,
      String slowFrom) {}

  private Correlator() {}

  /**
   * @param operations each operation with its slow threshold, in the report's order
   */
  static Correlation correlateRecorded(PauseIndex index, int requestResolutionMillis,
      Iterable<Recorded> operations) {
    List<Correlation.Operation> rows = new ArrayList<>();
    long unplaced = 0;
    long[] stalledPerKind = new long[index.kinds().size()];
    for (Recorded r : operations) {
      if (r.stalls() == null) {
        continue;
      }
      unplaced += r.stalls().unplaced();
      for (int k = 0; k < stalledPerKind.length; k++) {
        stalledPerKind[k] += r.stalls().kindCount(k);
      }
      rows.add(row(index, r));
    }
    Optional<Correlation.Operation> headline = rows.stream()
        .filter(o -> o.slowOverlapped() > 0)
        .max(Comparator.comparingLong(Correlation.Operation::slowOverlapped)
            .thenComparingDouble(Correlation.Operation::slowShare));
    return new Correlation(ClockTolerance.alignmentNanos(Math.max(1, requestResolutionMillis)),
        requestResolutionMillis, index.size(), index.stops(), index.unplaced(), unplaced, rows,
        kinds(index, stalledPerKind), headline, index);
  }

  /**
   * The timeline of an analysis's groups: an operation is slow over its strictest budget's limit
   * when a requirement judges it, else over its p99.
   */
  public static Correlation correlate(PauseIndex index, int requestResolutionMillis,
      Iterable<Summary> groups) {
    // one operation's histogram copied at a time, dropped once its row is made: a report may
    // hold thousands of operations
    Iterable<Recorded> recorded = () -> java.util.stream.StreamSupport
        .stream(groups.spliterator(), false)
        .filter(s -> s.stalls() != null)
        .map(Correlator::recorded)
        .iterator();
    return correlateRecorded(index, requestResolutionMillis, recorded);
  }

  private static Recorded recorded(Summary s) {
    Optional<Long> limit = s.judgement() == null ? Optional.empty()
        : s.judgement().budgets().stream().map(BudgetResult::limitNanos).min(Long::compare);
    NanosHistogram latency = s.latencyCounts(); // read, never changed
    return new Recorded(s.key(), latency, s.stalls(),
        limit.orElseGet(() -> latency.valueAtPercentile(99)),
        limit.isPresent() ? "budget" : "p99");
  }

  /** The same timeline with each operation's thresholds taken from its judgement. */
  public static Correlation rejudged(Correlation c, Iterable<Summary> judged) {
    return correlate(c.pauses(), c.requestResolutionMillis(), judged);
  }

  private static Correlation.Operation row(PauseIndex index, Recorded r) {
    NanosHistogram all = r.latency();
    NanosHistogram overlapped = r.stalls().overlapped();
    NanosHistogram without = all;
    if (overlapped.totalCount() > 0) {
      without = all.copy();
      without.subtract(overlapped);
    }
    long slow = over(all, r.slowNanos());
    long slowOverlapped = over(overlapped, r.slowNanos());
    List<Correlation.Met> met = new ArrayList<>();
    for (int k = 0; k < index.kinds().size(); k++) {
      int longest = r.stalls().longestPause(k);
      if (r.stalls().kindCount(k) > 0 && longest >= 0) {
        met.add(new Correlation.Met(index.kinds().get(k), index.kindFamily(k).key(),
            r.stalls().kindCount(k),
            index.startNanos(longest), index.durationNanos(longest)));
      }
    }
    met.sort(Comparator.comparing(Correlation.Met::family, Correlator::familyOrder)
        .thenComparing(Comparator.comparingLong(Correlation.Met::requests).reversed())
        .thenComparing(Correlation.Met::kind));
    List<Correlation.Interval> intervals = new ArrayList<>();
    for (int i = 0; i < index.intervals(); i++) {
      intervals.add(new Correlation.Interval(index.firstIntervalNanos() + i * index.intervalNanos(),
          r.stalls().intervalCount(i), r.stalls().intervalMax(i), r.stalls().intervalPercentiles(i)));
    }
    return new Correlation.Operation(r.key(), all.totalCount(), overlapped.totalCount(),
        r.slowNanos(), r.slowFrom(), slow, slowOverlapped, Percentiles.of(all),
        Percentiles.of(without), met, intervals);
  }

  /** Safepoints (the whole stops) before GC pauses (the collector's part of them). */
  private static int familyOrder(String a, String b) {
    return Boolean.compare(!a.equals(Family.SAFEPOINT.key()), !b.equals(Family.SAFEPOINT.key()));
  }

  /** Values above {@code limit}, bucket by bucket as a budget counts them. */
  private static long over(NanosHistogram h, long limit) {
    return h.totalCount() - h.countAtOrBelow(limit);
  }

  private static List<Correlation.Kind> kinds(PauseIndex index, long[] stalled) {
    long[] pauses = new long[stalled.length];
    long[] stopped = new long[stalled.length];
    for (int p = 0; p < index.size(); p++) {
      pauses[index.kind(p)]++;
      stopped[index.kind(p)] += index.durationNanos(p);
    }
    List<Correlation.Kind> kinds = new ArrayList<>();
    for (int k = 0; k < stalled.length; k++) {
      if (pauses[k] > 0) {
        kinds.add(new Correlation.Kind(index.kinds().get(k), index.kindFamily(k).key(), pauses[k],
            stopped[k], stalled[k]));
      }
    }
    kinds.sort(Comparator.comparing(Correlation.Kind::family, Correlator::familyOrder)
        .thenComparing(Comparator.comparingLong(Correlation.Kind::requests).reversed())
        .thenComparing(Comparator.comparingLong(Correlation.Kind::stoppedNanos).reversed())
        .thenComparing(Correlation.Kind::kind));
    return kinds;
  }

}
