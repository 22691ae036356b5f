package tardy.record.heap;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import tardy.events.Times;

/** A column gives back every value exactly, packed or widened. */
class LongColumnTest {

  private static LongColumn filled(LongColumn column, long[] values) {
    column.capacity(values.length);
    for (int i = 0; i < values.length; i++) {
      column.set(i, values[i]);
    }
    return column;
  }

  private static void assertHolds(LongColumn column, long[] values) {
    for (int i = 0; i < values.length; i++) {
      assertThat(column.get(i)).as("value %d", i).isEqualTo(values[i]);
    }
  }

  @Test
  void sizesInWholeKibStayPackedAndAnyOtherSizeWidensExactly() {
    long[] heap = {Times.NONE, 0, 24L << 20, 3L << 20, 256L << 20, 1536L << 30, 123456L << 10};
    LongColumn packed = filled(LongColumn.bytes(), heap);
    assertThat(packed.wide()).isFalse();
    assertHolds(packed, heap);
    long[] odd = heap.clone();
    odd[3] = (3L << 20) + 1; // a size in bytes, as a recording may give it
    LongColumn widened = filled(LongColumn.bytes(), odd);
    assertThat(widened.wide()).isTrue();
    assertHolds(widened, odd);
  }

  @Test
  void timesStayPackedWithin24DaysOfTheFirstAndWidenPastThem() {
    long first = 1_764_460_800_000L; // an epoch millisecond of 2025
    long[] times = {first, first + 5, Times.NONE, first - 1000, first + Integer.MAX_VALUE};
    LongColumn packed = filled(LongColumn.times(), times);
    assertThat(packed.wide()).isFalse();
    assertHolds(packed, times);
    long[] longer = {first, first + Integer.MAX_VALUE + 1L, 0, Long.MAX_VALUE, Long.MIN_VALUE + 1};
    LongColumn widened = filled(LongColumn.times(), longer);
    assertThat(widened.wide()).isTrue();
    assertHolds(widened, longer);
  }

  /** A field a log never prints holds no array; its first value fills the rest with none. */
  @Test
  void aColumnOfNoneHoldsNothingUntilItsFirstValue() {
    LongColumn column = filled(LongColumn.bytes(), new long[] {Times.NONE, Times.NONE});
    assertThat(column.held()).isFalse();
    assertHolds(column, new long[] {Times.NONE, Times.NONE});
    column.capacity(4);
    column.set(2, 512L << 10);
    assertThat(column.held()).isTrue();
    assertHolds(column, new long[] {Times.NONE, Times.NONE, 512L << 10, Times.NONE});
  }

  /** A value whose offset from the base overflows a long is never packed as a wrong int. */
  @Test
  void anOffsetThatOverflowsWidens() {
    long[] values = {Long.MIN_VALUE + 2, Long.MAX_VALUE - 1};
    LongColumn column = filled(LongColumn.times(), values);
    assertHolds(column, values);
    assertThat(column.wide()).isTrue();
  }

  @Test
  void randomValuesComeBackAsTheyWentInWhateverTheGrowth() {
    Random random = new Random(42);
    for (int round = 0; round < 200; round++) {
      LongColumn column = random.nextBoolean() ? LongColumn.bytes()
          : random.nextBoolean() ? LongColumn.times() : LongColumn.counts();
      long[] values = new long[1 + random.nextInt(300)];
      int capacity = 0;
      for (int i = 0; i < values.length; i++) {
        values[i] = switch (random.nextInt(5)) {
          case 0 -> Times.NONE;
          case 1 -> random.nextLong();
          case 2 -> (long) random.nextInt(1 << 20) << 10;
          default -> random.nextInt();
        };
        if (i == capacity) {
          capacity = capacity * 2 + 1;
          column.capacity(capacity);
        }
        column.set(i, values[i]);
      }
      assertHolds(column, values);
    }
  }

  /**
   * A column given another's values in bulk holds what it holds after setting them one by one:
   * the same values, packed or wide alike, whatever both columns' bases and the values' reach.
   */
  @Test
  void valuesSetInBulkAreWhatSetOneByOneGives() {
    Random random = new Random(36);
    long[] bases = {0, 1_764_460_800_000L, -5L << 40, 3L << 59, (1L << 61) + 7};
    for (int round = 0; round < 2_000; round++) {
      int kind = random.nextInt(3);
      long base = bases[random.nextInt(bases.length)];
      long[] values = new long[1 + random.nextInt(200)];
      int cut = random.nextInt(values.length + 1);
      int wild = random.nextInt(4); // 0: the values stay packed, mostly
      // sometimes the tail's values lie far from the head's, each packed near its own first
      long jump = random.nextInt(3) == 0 ? (long) random.nextInt(1 << 12) << 30 : 0;
      for (int i = 0; i < values.length; i++) {
        long at = i < cut ? base : base + jump;
        values[i] = switch (wild == 0 ? 4 * random.nextInt(2) : random.nextInt(8)) {
          case 0 -> Times.NONE;
          case 5 -> random.nextLong();
          case 6 -> at + ((long) random.nextInt() << 10);
          case 7 -> at + random.nextInt(1 << 30) * 1024L + random.nextInt(2);
          case 1 -> at + (long) random.nextInt(1 << 21) * (1 << 10) * (1 << 10);
          default -> at + random.nextInt(1 << 20) * 1024L;
        };
      }
      LongColumn whole = filled(column(kind), values);
      LongColumn head = column(kind);
      head.capacity(values.length);
      for (int i = 0; i < cut; i++) {
        head.set(i, values[i]);
      }
      LongColumn tail = filled(column(kind), java.util.Arrays.copyOfRange(values, cut,
          values.length));
      head.setAll(cut, tail, values.length - cut);
      assertHolds(head, values);
      assertThat(head.wide()).as("round %d", round).isEqualTo(whole.wide());
      assertThat(head.held()).as("round %d", round).isEqualTo(whole.held());
    }
  }

  private static LongColumn column(int kind) {
    return kind == 0 ? LongColumn.bytes() : kind == 1 ? LongColumn.times() : LongColumn.counts();
  }
}
