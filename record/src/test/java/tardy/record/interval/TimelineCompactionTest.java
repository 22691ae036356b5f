package tardy.record.interval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
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

  /**
   * An interval's groups come out in name order with each one's own counts, whether few (sorted
   * by insertion) or many, in any order of arrival, and after a late event reopened the interval.
   */
  @Test
  void groupsComeOutInNameOrderWhateverTheirNumberAndArrival() {
    for (int groups : new int[] {1, 2, 5, 31, 32, 33, 200}) {
      Timeline t = new Timeline(Clock.WALL, 1_000, 0);
      java.util.List<String> names = new java.util.ArrayList<>();
      for (int g = 0; g < groups; g++) {
        names.add(String.format(java.util.Locale.ROOT, "op%03d", (g * 37) % 1_000));
      }
      java.util.List<String> arrival = new java.util.ArrayList<>(names);
      java.util.Collections.shuffle(arrival, new java.util.Random(groups));
      java.util.Collections.reverse(arrival.subList(0, groups / 2)); // a descending run too
      for (int i = 0; i < arrival.size(); i++) {
        for (int n = 0; n <= i % 3; n++) {
          t.record(100, 1_000_000L * (i + 1), arrival.get(i));
        }
      }
      t.record(50_000, 5, "later"); // interval 0 falls behind and is encoded
      t.record(200, 7_000_000, "aaa"); // a late event reopens it with a new group
      t.compactAll();
      Interval first = t.intervals().get(0L);
      java.util.List<String> expected = new java.util.ArrayList<>(names);
      expected.add("aaa");
      java.util.Collections.sort(expected);
      java.util.List<String> got = new java.util.ArrayList<>();
      for (int g = 0; g < first.groups(); g++) {
        got.add(first.groupName(g));
        String name = first.groupName(g);
        long count = name.equals("aaa") ? 1 : arrival.indexOf(name) % 3 + 1;
        assertThat(first.encodedGroup(g).totalCount()).as("%s of %d", name, groups)
            .isEqualTo(count);
      }
      assertThat(got).as("%d groups", groups).isEqualTo(expected);
      assertThat(first.encodedByGroup().keySet()).containsExactlyElementsOf(expected);
    }
  }

  /** Groups dropped past the cap leave a live interval's names too: it encodes those it kept. */
  @Test
  void aLiveIntervalEncodesTheGroupsItKept() {
    Interval iv = new Interval(new HashSet<>());
    for (String g : new String[] {"C", "B", "A", "B", "D"}) {
      iv.record(1_000_000, g);
    }
    iv.retainGroups(g -> !g.equals("B") && !g.equals("D"));
    iv.record(2_000_000, "E");
    assertThat(iv.groups()).isEqualTo(3);
    assertThat(iv.encodedByGroup().keySet()).containsExactly("A", "C", "E");
    assertThat(iv.encodedAll().totalCount()).isEqualTo(6);
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

  @Test
  void aClockSteppingBackAnHourKeepsFewIntervalsLiveAndLosesNothing() {
    long hour = 3_600_000;
    Timeline stepped = new Timeline(Clock.WALL, 5_000, 0);
    Timeline inOrder = new Timeline(Clock.WALL, 5_000, 0);
    long maxLive = 0;
    for (long i = 0; i < 20_000; i++) {
      long millis = i * 500 - (i >= 10_000 ? hour : 0); // 2.8 h of log, then an hour again
      stepped.record(millis, 100_000 + i, "G" + i % 3);
      maxLive = Math.max(maxLive, stepped.liveIntervals());
    }
    java.util.List<long[]> sorted = new java.util.ArrayList<>();
    for (long i = 0; i < 20_000; i++) {
      sorted.add(new long[] {i * 500 - (i >= 10_000 ? hour : 0), 100_000 + i, i % 3});
    }
    sorted.sort(java.util.Comparator.comparingLong(e -> e[0]));
    sorted.forEach(e -> inOrder.record(e[0], e[1], "G" + e[2]));

    assertThat(maxLive).isLessThanOrEqualTo(Timeline.OPEN_BEHIND + Timeline.LATE_LIVE + 1L);
    assertThat(stepped.intervals().keySet()).isEqualTo(inOrder.intervals().keySet());
    for (long index : inOrder.intervals().keySet()) {
      Interval a = stepped.intervals().get(index);
      Interval b = inOrder.intervals().get(index);
      assertThat(a.all()).as("interval %d", index).isEqualTo(b.all());
      assertThat(a.byGroup()).as("interval %d", index).isEqualTo(b.byGroup());
    }
  }

  @Test
  void pausesACenturyApartCostTwoIntervalsEvenTimeWeighted() {
    long century = 100L * 365 * 24 * 3_600_000;
    Timeline t = new Timeline(Clock.WALL, 5_000, 1_000_000);
    t.record(1_000, 2_000_000, null);
    t.record(1_000 + century, 3_000_000, null);
    assertThat(t.intervals()).hasSize(2);
    long zeros = t.intervals().values().stream()
        .mapToLong(iv -> iv.all().getCountAtValue(0)).sum();
    // the running time in the two partial intervals, one sample a millisecond: 1 s to 5 s of the
    // first, and the last one up to the second pause's start
    assertThat(zeros).isEqualTo(4_000 + 997);
    Timeline near = new Timeline(Clock.WALL, 5_000, 1_000_000);
    near.record(1_000, 2_000_000, null);
    near.record(1_000 + 5_000 * Timeline.MAX_FILLED_GAP, 3_000_000, null);
    assertThat(near.intervals()).hasSize((int) Timeline.MAX_FILLED_GAP + 1); // filled: short
  }
  /**
   * Intervals come out in index order however events and parts arrived (a late one before the
   * first, an earlier part's last interval shared with a later part's first), and the timeline's
   * group names are those its intervals hold, also of intervals a reader compacted itself.
   */
  @Test
  void intervalsInIndexOrderAndNamesOfEveryIntervalWhateverTheArrival() {
    Timeline early = new Timeline(Clock.WALL, 1_000, 0);
    early.record(5_500, 1_000, "E");
    early.record(2_500, 2_000, null);
    early.record(9_500, 3_000, "A");
    early.record(2_600, 4_000, "B");
    early.record(500, 5_000, null);
    Timeline later = new Timeline(Clock.WALL, 1_000, 0);
    later.record(9_700, 6_000, "C"); // the earlier part's last interval
    later.record(7_100, 7_000, "D"); // between the earlier part's: a late event of this part
    for (long i = 10; i < 100; i++) {
      later.record(i * 1_000, 8_000, "F");
    }
    later.intervalAt(0).groups(); // a reader compacts an interval itself
    early.add(later);
    early.record(50_500, 9_000, "G"); // a late event, into an interval the later part opened
    java.util.List<Long> indices = new java.util.ArrayList<>();
    long events = 0;
    for (int i = 0; i < early.size(); i++) {
      indices.add(early.indexAt(i));
      events += early.intervalAt(i).all().getTotalCount();
    }
    java.util.List<Long> expected = new java.util.ArrayList<>(java.util.List.of(0L, 2L, 5L, 7L, 9L));
    for (long i = 10; i < 100; i++) {
      expected.add(i);
    }
    assertThat(indices).isEqualTo(expected);
    assertThat(early.intervals().keySet()).containsExactlyElementsOf(expected);
    assertThat(events).isEqualTo(early.events()).isEqualTo(98);
    assertThat(early.intervals().get(9L).groupNames()).containsExactly("A", "C");
    assertThat(early.groupNames()).containsExactlyInAnyOrder("A", "B", "C", "D", "E", "F", "G");
    early.retainGroups(name -> !name.equals("F"));
    assertThat(early.groupNames()).containsExactlyInAnyOrder("A", "B", "C", "D", "E", "G");
    assertThat(early.copy().groupNames()).isEqualTo(early.groupNames());
  }
}
