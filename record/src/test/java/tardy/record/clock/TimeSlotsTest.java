package tardy.record.clock;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The slots hold, whatever the parts and their order, what a direct count gives: the narrowest
 * width of the ladder whose epoch-aligned slots from the earliest time to the latest number at
 * most 1440, and per slot the times in it, found here by a sort and a division.
 */
class TimeSlotsTest {

  private static final long T0 = 1_795_387_308_000L; // 2026-11-22 22:41:48 UTC

  /** The slots' width, first start and counts, computed from the times alone. */
  private static String direct(long[] times) {
    long[] sorted = times.clone();
    Arrays.sort(sorted);
    long min = sorted[0];
    long max = sorted[sorted.length - 1];
    for (long w : TimeSlots.widthsMillis()) {
      if (Math.floorDiv(max, w) - Math.floorDiv(min, w) < TimeSlots.SLOTS) {
        long first = Math.floorDiv(min, w);
        long[] counts = new long[(int) (Math.floorDiv(max, w) - first + 1)];
        for (long t : sorted) {
          counts[(int) (Math.floorDiv(t, w) - first)]++;
        }
        return w + " " + first * w + " " + Arrays.toString(counts);
      }
    }
    throw new AssertionError("no width");
  }

  private static String of(TimeSlots s) {
    return s.widthMillis() + " " + s.firstMillis() + " " + Arrays.toString(s.counts());
  }

  private static long[] times(Random random, int n, long spreadMillis) {
    long[] t = new long[n];
    for (int i = 0; i < n; i++) {
      t[i] = T0 + (long) (random.nextDouble() * spreadMillis) / 1000 * 1000;
    }
    return t;
  }

  @Test
  void oneRecorderInAnyOrderHoldsTheDirectCount() {
    Random random = new Random(37);
    // a minute (one-second slots), a day (one-minute slots), ten weeks (days), crossings of widths
    for (long spread : new long[] {60_000L, 1_439_000L, 1_441_000L, 86_400_000L, 70L * 86_400_000L,
        400L * 86_400_000L}) {
      long[] times = times(random, 5_000, spread);
      TimeSlots inOrder = new TimeSlots();
      long[] sorted = times.clone();
      Arrays.sort(sorted);
      for (long t : sorted) {
        inOrder.record(t);
      }
      TimeSlots shuffled = new TimeSlots();
      for (long t : times) {
        shuffled.record(t);
      }
      assertThat(of(inOrder)).as("spread %d ms, in order", spread).isEqualTo(direct(times));
      assertThat(of(shuffled)).as("spread %d ms, shuffled", spread).isEqualTo(direct(times));
    }
  }

  /**
   * Times that step back and forth over slots' edges by a millisecond (the last one of a slot,
   * the first of the next), before the epoch too, and past a widening: each lands in its own slot
   * however the slot before it was found.
   */
  @Test
  void timesAtTheEdgesOfSlotsLandInTheirOwn() {
    for (long base : new long[] {T0, -7_000L, 0L}) {
      List<Long> times = new ArrayList<>();
      for (int i = 0; i < 3_000; i++) {
        long edge = base + (i / 3) * 1000L;
        times.add(edge + (i % 3 == 0 ? -1 : i % 3 == 1 ? 0 : 999));
        times.add(edge - 1);
      }
      times.add(base + 2_000_000L); // past 1440 one-second slots: the width grows mid-stream
      times.add(base + 5);
      TimeSlots slots = new TimeSlots();
      long[] all = new long[times.size()];
      for (int i = 0; i < all.length; i++) {
        all[i] = times.get(i);
        slots.record(all[i]);
      }
      assertThat(of(slots)).as("from %d", base).isEqualTo(direct(all));
    }
  }

  @Test
  void partsAddedInAnyGroupingHoldTheDirectCount() throws IOException {
    Random random = new Random(11);
    for (int round = 0; round < 40; round++) {
      long spread = (long) Math.pow(10, 4 + random.nextInt(7)); // 10 s to 115 days
      long[] times = times(random, 2_000, spread);
      // parts of very different spans: a part's slots are narrower than the whole's
      List<TimeSlots> parts = new ArrayList<>();
      int from = 0;
      while (from < times.length) {
        int to = Math.min(times.length, from + 1 + random.nextInt(400));
        TimeSlots part = new TimeSlots();
        for (int i = from; i < to; i++) {
          part.record(times[i]);
        }
        parts.add(roundTrip(part));
        from = to;
      }
      TimeSlots left = new TimeSlots();
      parts.forEach(left::add);
      List<TimeSlots> reversed = new ArrayList<>(parts);
      Collections.reverse(reversed);
      TimeSlots right = new TimeSlots();
      reversed.forEach(right::add);
      assertThat(of(left)).as("round %d, left to right", round).isEqualTo(direct(times));
      assertThat(of(right)).as("round %d, right to left", round).isEqualTo(direct(times));
      assertThat(of(pairwise(parts))).as("round %d, pairwise", round).isEqualTo(direct(times));
    }
  }

  @Test
  void anEmptyPartAddsNothingAndEncodesAsNothing() throws IOException {
    TimeSlots one = new TimeSlots();
    one.record(T0);
    one.add(new TimeSlots());
    TimeSlots empty = new TimeSlots();
    empty.add(roundTrip(new TimeSlots()));
    assertThat(of(one)).isEqualTo("1000 " + T0 + " [1]");
    assertThat(empty.isEmpty()).isTrue();
    assertThat(empty.snapshot()).isNull();
  }

  @Test
  void eachWidthIsAMultipleOfTheOneBefore() {
    long[] w = TimeSlots.widthsMillis();
    assertThat(w[0]).isEqualTo(1000);
    for (int i = 1; i < w.length; i++) {
      assertThat(w[i] % w[i - 1]).as("width %d", w[i]).isZero();
    }
  }

  private static TimeSlots pairwise(List<TimeSlots> parts) {
    List<TimeSlots> level = parts;
    while (level.size() > 1) {
      List<TimeSlots> next = new ArrayList<>();
      for (int i = 0; i < level.size(); i += 2) {
        TimeSlots sum = new TimeSlots();
        sum.add(level.get(i));
        if (i + 1 < level.size()) {
          sum.add(level.get(i + 1));
        }
        next.add(sum);
      }
      level = next;
    }
    return level.get(0);
  }

  private static TimeSlots roundTrip(TimeSlots s) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      s.write(out);
    }
    return TimeSlots.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
  }
}
