package tardy.record;

import tardy.record.pause.ClockTolerance;
import tardy.record.pause.PauseIndex;
import tardy.events.RequestEvent;
import tardy.events.Times;

/**
 * Puts each request on the wall clock and looks up the JVM pauses it overlapped in the pause index,
 * searching from where the last request's search ended (requests come nearly in time order);
 * keeps counts in the request's group, never the request. One per recorder.
 *
 * <p>A request ended at its line's time or up to the time's resolution later, and began its
 * {@code $request_time} before that. It counts as overlapping a pause only when it surely did:
 * when the request's latest possible start is before the pause's earliest possible end, and its
 * earliest possible end after the pause's latest possible start, whatever the clocks' error
 * ({@link ClockTolerance}). A request logged to the second must therefore be long enough to span
 * a pause whatever its place in that second.
 */
final class PauseOverlaps {

  /**
   * At most this many interval histograms across a recorder's groups (a few hundred bytes each);
   * past it every group's go and the timeline keeps each interval's count and largest latency.
   * The count only grows when parts are added, so what is kept does not depend on the cuts.
   */
  static final long MAX_INTERVAL_HISTOGRAMS = 20_000;

  /** The recorder's groups' stalls, for the bound above. */
  interface Groups {
    Iterable<Stalls> stalls();
  }

  private final PauseIndex index;
  private final Groups groups;
  private long intervalHistograms;
  private boolean intervalHistogramsDropped;
  private final long[] seenAt; // per kind: the request that last met it
  private final int[] longest; // per kind: the longest pause of it the current request met
  private final int[] hit; // the kinds the current request met
  private long request;
  private int near; // the first candidate of the last request placed

  PauseOverlaps(PauseIndex index, Groups groups) {
    this.index = index;
    this.groups = groups;
    int kinds = index.kinds().size();
    seenAt = new long[kinds];
    longest = new int[kinds];
    hit = new int[kinds];
  }

  PauseIndex index() {
    return index;
  }

  /**
   * After the groups took in another recorder's (or were read): the bound holds for what they
   * now hold together, and once any group's histograms went, every group's go.
   */
  void settle() {
    long n = 0;
    for (Stalls s : groups.stalls()) {
      intervalHistogramsDropped |= s.intervalHistogramsDropped();
      n += s.intervalHistograms();
    }
    intervalHistograms = n;
    if (intervalHistogramsDropped || n > MAX_INTERVAL_HISTOGRAMS) {
      dropIntervalHistograms();
    }
  }

  /** Every group's interval histograms go, now and for good (counts and maxima stay). */
  void dropIntervalHistograms() {
    intervalHistogramsDropped = true;
    intervalHistograms = 0;
    groups.stalls().forEach(Stalls::dropIntervalHistograms);
  }

  void record(Group group, RequestEvent e) {
    boolean made = !group.hasStalls();
    Stalls stalls = group.stalls(index);
    if (made && intervalHistogramsDropped) {
      stalls.dropIntervalHistograms();
    }
    if (!Times.isSet(e.wallMillis())) {
      stalls.recordUnplaced();
      return;
    }
    long stamp = e.wallMillis() * 1_000_000L;
    int interval = index.intervalOf(stamp);
    if (interval >= 0 && stalls.recordInterval(interval, e.latencyNanos())
        && ++intervalHistograms > MAX_INTERVAL_HISTOGRAMS) {
      dropIntervalHistograms();
    }
    // the request surely ran from its latest possible start to its earliest possible end
    long latestStart = stamp + ClockTolerance.requestEndNanos(e.wallResolutionMillis())
        + ClockTolerance.REQUEST_START_NANOS - e.latencyNanos();
    long earliestEnd = stamp;
    request++;
    int hits = 0;
    near = index.firstCandidate(latestStart, near);
    for (int p = near;
        p < index.size() && index.startNanos(p) + ClockTolerance.PAUSE_NANOS < earliestEnd; p++) {
      long slack = index.slackNanos(p); // at least PAUSE_NANOS; more for a pause placed by anchors
      if (index.endNanos(p) - slack <= latestStart || index.startNanos(p) + slack >= earliestEnd) {
        continue;
      }
      int k = index.kind(p);
      if (seenAt[k] != request) {
        seenAt[k] = request;
        longest[k] = p;
        hit[hits++] = k;
      } else if (index.durationNanos(p) > index.durationNanos(longest[k])) {
        longest[k] = p;
      }
    }
    if (hits > 0) {
      stalls.recordOverlapped(e.latencyNanos());
      for (int i = 0; i < hits; i++) {
        stalls.recordKind(hit[i], longest[hit[i]], index);
      }
    }
  }
}
