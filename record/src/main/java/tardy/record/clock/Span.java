package tardy.record.clock;

import tardy.events.Family;

/**
 * The stretch of wall-clock time one family's events cover, from the earliest logged time to the
 * latest, and how many events had a time. A logged time stands for the whole of its resolution
 * (a {@code $time_local} second holds every request that ended in it), so the rate is counted
 * over the span plus one resolution: 100 requests stamped within one second are 100 per second;
 * it is given only over a second or more.
 *
 * @param firstMillis the earliest logged time, epoch milliseconds
 * @param lastMillis the latest logged time
 * @param resolutionMillis the coarsest resolution of those times: 1000 for whole seconds
 * @param events the events that had a time (those without are in no span)
 * @param slots the events per slot of the clock, for the rate over time; null: not counted (kept
 *     for requests only)
 */
public record Span(Family family, long firstMillis, long lastMillis, int resolutionMillis,
    long events, SlotCounts slots) {

  public Span(Family family, long firstMillis, long lastMillis, int resolutionMillis, long events) {
    this(family, firstMillis, lastMillis, resolutionMillis, events, null);
  }

  public Span {
    if (lastMillis < firstMillis || resolutionMillis < 1 || events < 1) {
      throw new IllegalArgumentException("a span has events, a resolution, and ends after it starts");
    }
  }

  /** The time the span covers, its last time's resolution included, in milliseconds. */
  public long coveredMillis() {
    return lastMillis - firstMillis + resolutionMillis;
  }

  /**
   * Whether a rate means something: the events cover at least a second. Two pauses in one
   * millisecond are not 2,000 per second.
   */
  public boolean rated() {
    return coveredMillis() >= 1000;
  }

  /** Events per second over {@link #coveredMillis()}; see {@link #rated()}. */
  public double perSecond() {
    return events * 1000.0 / coveredMillis();
  }
}
