package tardy.classify.interval;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tardy.classify.Grouping;
import tardy.parse.PauseEvent;
import tardy.parse.Times;

class IntervalRecorderTest {

  static final long T0 = 1_700_000_000_000L; // a multiple of 5 s
  static final IntervalRecorder.Settings PER_PAUSE =
      new IntervalRecorder.Settings(5_000, 0, 1000);

  static PauseEvent pause(String kind, long nanos, long wall, long uptime) {
    byte[] k = kind.getBytes(StandardCharsets.US_ASCII);
    return new PauseEvent().reset().kind(k, 0, k.length).totalNanos(nanos).wallMillis(wall)
        .uptimeMillis(uptime);
  }

  static IntervalRecorder recorder(IntervalRecorder.Settings s) {
    return new IntervalRecorder(s, Grouping.DEFAULT);
  }

  @Test
  void binsByTheLogsClockAndKeepsEachKind() {
    IntervalRecorder r = recorder(PER_PAUSE);
    r.pause(pause("G1CollectForAllocation", 2_000_000, T0 + 100, 100));
    r.pause(pause("no vm operation", 50_000, T0 + 4_999, 4_999));
    r.pause(pause("G1CollectForAllocation", 3_000_000, T0 + 15_000, 15_000));

    assertThat(r.timelines()).hasSize(1);
    Timeline t = r.timelines().get(0);
    assertThat(t.clock()).isEqualTo(Clock.WALL);
    assertThat(t.intervals()).containsOnlyKeys(T0 / 5_000, T0 / 5_000 + 3);
    Interval first = t.intervals().get(T0 / 5_000);
    assertThat(first.all().getTotalCount()).isEqualTo(2);
    assertThat(first.byGroup()).containsOnlyKeys("G1CollectForAllocation", "no vm operation");
  }

  @Test
  void aRestartWithDatestampsStaysOnOneTimelineAndWithoutStartsAnother() {
    IntervalRecorder wall = recorder(PER_PAUSE);
    wall.pause(pause("A", 1_000, T0, 90_000));
    wall.pause(pause("A", 1_000, T0 + 20_000, 500)); // new JVM, uptime back near 0
    assertThat(wall.timelines()).hasSize(1);
    assertThat(wall.timelines().get(0).restarts()).containsExactly(T0 + 20_000);

    IntervalRecorder uptime = recorder(PER_PAUSE);
    uptime.pause(pause("A", 1_000, Times.NONE, 90_000));
    uptime.pause(pause("A", 1_000, Times.NONE, 500));
    assertThat(uptime.timelines()).hasSize(2);
    assertThat(uptime.timelines()).allMatch(t -> t.clock() == Clock.UPTIME);
  }

  @Test
  void pausesWithoutAKindHaveOnlyTheUntaggedSeries() {
    IntervalRecorder r = recorder(PER_PAUSE);
    r.pause(new PauseEvent().reset().totalNanos(1_000).uptimeMillis(10));
    Interval iv = r.timelines().get(0).intervals().firstEntry().getValue();
    assertThat(iv.all().getTotalCount()).isEqualTo(1);
    assertThat(iv.byGroup()).isEmpty();
  }

  @Test
  void partsAddedInOrderEqualOnePass() {
    for (long seed = 1; seed <= 20; seed++) {
      Random random = new Random(seed);
      int n = 200 + random.nextInt(500);
      PauseEvent[] events = new PauseEvent[n];
      long up = random.nextInt(1000);
      for (int i = 0; i < n; i++) {
        up += random.nextInt(3_000);
        if (random.nextInt(100) == 0) {
          up = random.nextInt(100); // a restart
        }
        String kind = "K" + random.nextInt(4);
        events[i] = pause(kind, 1 + random.nextInt(50_000_000), Times.NONE, up);
      }
      IntervalRecorder one = recorder(PER_PAUSE);
      for (PauseEvent e : events) {
        one.pause(e);
      }
      IntervalRecorder parts = recorder(PER_PAUSE);
      int cut1 = random.nextInt(n);
      int cut2 = cut1 + random.nextInt(n - cut1 + 1);
      for (int[] range : new int[][] {{0, cut1}, {cut1, cut2}, {cut2, n}}) {
        IntervalRecorder part = recorder(PER_PAUSE);
        for (int i = range[0]; i < range[1]; i++) {
          part.pause(events[i]);
        }
        parts.add(part);
      }
      assertThat(describe(parts)).as("seed %d", seed).isEqualTo(describe(one));
    }
  }

  @Test
  void jhiccupModeCountsRunningTimeAsZeroSamples() {
    IntervalRecorder r = recorder(new IntervalRecorder.Settings(5_000, 1_000_000, 1000));
    r.pause(pause("A", 10_000_000, T0 + 1_000, 1_000)); // 10 ms ending at +1 s
    r.pause(pause("A", 1_000_000, T0 + 7_000, 7_000)); // 1 ms ending at +7 s
    Timeline t = r.timelines().get(0);
    long zeros = t.intervals().values().stream()
        .mapToLong(iv -> iv.all().getCountAtValue(0)).sum();
    assertThat(zeros).isEqualTo(7_000 - 1 - 1_000); // running time between the pauses, per ms
    long total = t.intervals().values().stream().mapToLong(iv -> iv.all().getTotalCount()).sum();
    assertThat(total - zeros).isEqualTo(10 + 1); // the 10 ms pause back-filled at 1 ms steps
    assertThat(t.intervals().values()).allMatch(iv -> iv.byGroup().isEmpty());
  }

  @Test
  void requestsAreTaggedByOperationOnTheWallClock() {
    IntervalRecorder r = recorder(PER_PAUSE);
    byte[] line = "GET /users/123?x=1".getBytes(StandardCharsets.US_ASCII);
    r.request(new tardy.parse.RequestEvent().reset(line).request(0, 3, 4, line.length)
        .latencyNanos(7_000_000).wallMillis(T0 + 10));
    r.request(new tardy.parse.RequestEvent().reset(line).latencyNanos(1_000)); // no time
    Interval iv = r.timelines().get(0).intervals().firstEntry().getValue();
    assertThat(r.timelines().get(0).clock()).isEqualTo(Clock.WALL);
    assertThat(iv.byGroup()).containsOnlyKeys(
        Grouping.DEFAULT.requestGroup("GET", "/users/123"));
    assertThat(r.untimed()).isEqualTo(1);
  }

  /** Every timeline, interval, group and count, as text to compare. */
  static String describe(IntervalRecorder r) {
    StringBuilder b = new StringBuilder();
    for (Timeline t : r.timelines()) {
      b.append(t.clock()).append(' ').append(t.events()).append(' ').append(t.restarts())
          .append('\n');
      t.intervals().forEach((i, iv) -> {
        b.append(i).append(": ").append(iv.all().getTotalCount()).append('/')
            .append(iv.all().getMaxValue());
        iv.byGroup().forEach((g, h) -> b.append(' ').append(g).append('=')
            .append(h.getTotalCount()));
        b.append('\n');
      });
    }
    return b.toString();
  }
}
