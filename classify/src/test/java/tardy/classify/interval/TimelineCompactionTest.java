package tardy.classify.interval;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A long log keeps its old intervals compact; nothing recorded is lost by that. */
class TimelineCompactionTest {

  @Test
  void oldIntervalsAreCompactedAndLateEventsReopenThem() {
    Timeline t = new Timeline(Clock.WALL, 1_000, 0);
    for (long i = 0; i < 1_000; i++) {
      t.record(i * 1_000 + 500, 1_000_000 + i, i % 2 == 0 ? "A" : "B");
    }
    t.record(3_700, 42_000, "C"); // late: interval 3 was compacted long ago
    Interval third = t.intervals().get(3L);
    assertThat(third.all().getTotalCount()).isEqualTo(2);
    assertThat(third.groupNames()).containsExactly("B", "C");
    assertThat(third.byGroup().get("C").getMaxValue()).isEqualTo(third.byGroup().get("C").highestEquivalentValue(42_000));
    long total = t.intervals().values().stream().mapToLong(iv -> iv.all().getTotalCount()).sum();
    assertThat(total).isEqualTo(1_001).isEqualTo(t.events());
    Interval old = t.intervals().get(500L);
    assertThat(old.all().getMaxValue()).isEqualTo(old.all().highestEquivalentValue(1_000_500));
    assertThat(old.groupNames()).containsExactly("A");
  }

  @Test
  void copiesOfCompactIntervalsAreIndependent() {
    Timeline t = new Timeline(Clock.WALL, 1_000, 0);
    for (long i = 0; i < 10; i++) {
      t.record(i * 1_000, 5_000, "A");
    }
    Timeline copy = t.copy();
    copy.record(1_500, 7_000, "A"); // reopens the copy's interval 1 only
    assertThat(copy.intervals().get(1L).all().getTotalCount()).isEqualTo(2);
    assertThat(t.intervals().get(1L).all().getTotalCount()).isEqualTo(1);
  }
}
