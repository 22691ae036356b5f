package tardy.classify;

import tardy.classify.timeline.ClockTolerance;
import tardy.classify.timeline.PauseIndex;
import tardy.parse.RequestEvent;
import tardy.parse.Times;

/**
 * Puts each request on the wall clock and looks up the JVM pauses it overlapped, by binary search
 * in the pause index; keeps counts in the request's group, never the request. One per recorder.
 *
 * <p>A request ended at its line's time or up to the time's resolution later, and began its
 * {@code $request_time} before that. It counts as overlapping a pause only when it surely did:
 * when the request's latest possible start is before the pause's earliest possible end, and its
 * earliest possible end after the pause's latest possible start, whatever the clocks' error
 * ({@link ClockTolerance}). A request logged to the second must therefore be long enough to span
 * a pause whatever its place in that second.
 */
final class PauseOverlaps {

  private final PauseIndex index;
  private final long[] seenAt; // per kind: the request that last met it
  private final int[] longest; // per kind: the longest pause of it the current request met
  private final int[] hit; // the kinds the current request met
  private long request;

  PauseOverlaps(PauseIndex index) {
    this.index = index;
    int kinds = index.kinds().size();
    seenAt = new long[kinds];
    longest = new int[kinds];
    hit = new int[kinds];
  }

  PauseIndex index() {
    return index;
  }

  void record(Group group, RequestEvent e) {
    Stalls stalls = group.stalls(index);
    if (!Times.isSet(e.wallMillis())) {
      stalls.recordUnplaced();
      return;
    }
    long stamp = e.wallMillis() * 1_000_000L;
    int interval = index.intervalOf(stamp);
    if (interval >= 0) {
      stalls.recordInterval(interval, e.latencyNanos());
    }
    // the request surely ran from its latest possible start to its earliest possible end
    long latestStart = stamp + ClockTolerance.requestEndNanos(e.wallResolutionMillis())
        + ClockTolerance.REQUEST_START_NANOS - e.latencyNanos();
    long earliestEnd = stamp;
    request++;
    int hits = 0;
    for (int p = index.firstCandidate(latestStart);
        p < index.size() && index.startNanos(p) + ClockTolerance.PAUSE_NANOS < earliestEnd; p++) {
      if (index.endNanos(p) - ClockTolerance.PAUSE_NANOS <= latestStart) {
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
