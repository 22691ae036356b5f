package tardy.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import tardy.record.clock.SlotCounts;
import tardy.record.clock.Span;
import tardy.record.clock.TimeSlots;

/**
 * The request rate over time, in at most {@link #MAX_SLICES} equal slices of the run: the
 * narrowest width of {@link TimeSlots}' ladder that gives that few, the slices starting on the
 * clock at multiples of the width (ten minutes: 10:00, 10:10, …) and each joining the recorded
 * slots within it. A slice's rate is its requests over the part of it the run covers (from the
 * first logged time to the last plus its resolution, as {@link Span#coveredMillis()}): the first
 * slice starts at the first request, the last ends after the last one, and either joins its
 * neighbour when it would cover less than half a slice, so no rate is of a sliver of time.
 *
 * @param sliceMillis the slices' width (the first and last may be longer, up to one and a half)
 * @param slices in time order
 */
public record RateOverTime(long sliceMillis, List<Slice> slices) {

  /** The most slices: one character each on a line of a terminal. */
  public static final int MAX_SLICES = 60;

  /**
   * One slice of the run.
   *
   * @param startMillis where it starts (the run's first time for the first slice)
   * @param coveredMillis how much of the run it covers
   * @param events the requests logged in it
   */
  public record Slice(long startMillis, long coveredMillis, long events) {

    /** Requests per second over the time it covers. */
    public double perSecond() {
      return events * 1000.0 / coveredMillis;
    }
  }

  public RateOverTime {
    slices = List.copyOf(slices);
  }

  /** The rate over time of a span with slots, when it has at least two slices. */
  public static Optional<RateOverTime> of(Span span) {
    SlotCounts slots = span.slots();
    if (slots == null) {
      return Optional.empty();
    }
    long width = sliceWidth(slots);
    long end = span.lastMillis() + span.resolutionMillis();
    List<Slice> slices = new ArrayList<>();
    long sliceStart = Math.floorDiv(slots.firstMillis(), width) * width;
    int slot = 0;
    while (slot < slots.size()) {
      long events = 0;
      for (; slot < slots.size() && slotStart(slots, slot) < sliceStart + width; slot++) {
        events += slots.count(slot);
      }
      long start = Math.max(sliceStart, span.firstMillis());
      long stop = Math.min(sliceStart + width, end);
      slices.add(new Slice(start, stop - start, events));
      sliceStart += width;
    }
    if (slices.size() > 1 && 2 * slices.get(0).coveredMillis() < width) {
      slices.set(0, join(slices.get(0), slices.remove(1)));
    }
    int n = slices.size();
    if (n > 1 && 2 * slices.get(n - 1).coveredMillis() < width) {
      slices.set(n - 2, join(slices.get(n - 2), slices.remove(n - 1)));
    }
    return slices.size() < 2 ? Optional.empty() : Optional.of(new RateOverTime(width, slices));
  }

  private static long slotStart(SlotCounts slots, int slot) {
    return slots.firstMillis() + slot * slots.widthMillis();
  }

  private static Slice join(Slice a, Slice b) {
    return new Slice(a.startMillis(), a.coveredMillis() + b.coveredMillis(), a.events() + b.events());
  }

  /**
   * The narrowest width of the ladder, a multiple of the slots', whose slices on the clock (from
   * a multiple of the width) number at most MAX_SLICES.
   */
  private static long sliceWidth(SlotCounts slots) {
    long lastSlot = slotStart(slots, slots.size() - 1);
    for (long w : TimeSlots.widthsMillis()) {
      if (w >= slots.widthMillis() && w % slots.widthMillis() == 0
          && Math.floorDiv(lastSlot, w) - Math.floorDiv(slots.firstMillis(), w) < MAX_SLICES) {
        return w;
      }
    }
    throw new IllegalStateException("no width of the ladder holds " + slots);
  }

  /** The median of the slices' rates (the mean of the middle two of an even number). */
  public double medianPerSecond() {
    double[] rates = slices.stream().mapToDouble(Slice::perSecond).sorted().toArray();
    int n = rates.length;
    return n % 2 == 1 ? rates[n / 2] : (rates[n / 2 - 1] + rates[n / 2]) / 2;
  }

  /** The slice with the least rate, the earliest of equals. */
  public Slice least() {
    Slice least = slices.get(0);
    for (Slice s : slices) {
      if (compare(s, least) < 0) {
        least = s;
      }
    }
    return least;
  }

  /** The slice with the most rate, the earliest of equals. */
  public Slice most() {
    Slice most = slices.get(0);
    for (Slice s : slices) {
      if (compare(s, most) > 0) {
        most = s;
      }
    }
    return most;
  }

  /**
   * Each slice's rate as a level from 0 (no request) to {@code levels}, the busiest slice's
   * rate being {@code levels}: a nonzero rate is at least 1, rounded up exactly (no floating point,
   * so a rate on a boundary falls the same way on every machine).
   */
  public int[] levels(int levels) {
    Slice most = most();
    int[] out = new int[slices.size()];
    for (int i = 0; i < out.length; i++) {
      Slice s = slices.get(i);
      if (s.events() == 0) {
        continue;
      }
      // rate / most = (events × mostCovered) / (covered × mostEvents), rounded up
      java.math.BigInteger num = java.math.BigInteger.valueOf(s.events())
          .multiply(java.math.BigInteger.valueOf(most.coveredMillis()))
          .multiply(java.math.BigInteger.valueOf(levels));
      java.math.BigInteger den = java.math.BigInteger.valueOf(s.coveredMillis())
          .multiply(java.math.BigInteger.valueOf(most.events()));
      java.math.BigInteger[] qr = num.divideAndRemainder(den);
      out[i] = qr[0].intValueExact() + (qr[1].signum() > 0 ? 1 : 0);
    }
    return out;
  }

  /** Orders two slices by their rate exactly: a × b's covered against b × a's. */
  private static int compare(Slice a, Slice b) {
    return Long.compare(Math.multiplyHigh(a.events(), b.coveredMillis()),
        Math.multiplyHigh(b.events(), a.coveredMillis())) != 0
        ? Long.compare(Math.multiplyHigh(a.events(), b.coveredMillis()),
            Math.multiplyHigh(b.events(), a.coveredMillis()))
        : Long.compareUnsigned(a.events() * b.coveredMillis(), b.events() * a.coveredMillis());
  }

  @Override
  public String toString() {
    return "RateOverTime[" + sliceMillis + "ms: " + Arrays.toString(slices.toArray()) + "]";
  }
}
