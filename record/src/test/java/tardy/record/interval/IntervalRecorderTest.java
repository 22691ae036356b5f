package tardy.record.interval;


import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tardy.record.grouping.Grouping;
import tardy.events.PauseEvent;
import tardy.events.Times;

class IntervalRecorderTest {

  /** Seeds of the any-cut properties: short in the build, longer with -Dtardy.fuzz.rounds. */
  static final int SEEDS = Math.min(2_000, Integer.getInteger("tardy.fuzz.rounds", 200));

  static final long T0 = 1_700_000_000_000L; // a multiple of 5 s
  static final IntervalRecorder.Settings PER_PAUSE =
      new IntervalRecorder.Settings(5_000, 0, 1000);

  static PauseEvent pause(String kind, long nanos, long wall, long uptime) {
    byte[] k = kind.getBytes(StandardCharsets.US_ASCII);
    return new PauseEvent().reset().kind(k, 0, k.length).totalNanos(nanos).wallMillis(wall)
        .uptimeMillis(uptime);
  }

  /** The default grouping, with a traffic sample that ranked K1 and K3 among its heaviest. */
  static final Grouping RANKED = new Grouping() {
    @Override
    public String requestGroup(String method, String path) {
      return Grouping.DEFAULT.requestGroup(method, path);
    }

    @Override
    public String pauseGroup(String kind) {
      return kind;
    }

    @Override
    public boolean expected(String group) {
      return group.equals("K1") || group.equals("K3");
    }
  };

  static IntervalRecorder recorder(IntervalRecorder.Settings s) {
    return new IntervalRecorder(s, RANKED);
  }

  static IntervalRecorder recorder(IntervalRecorder.Settings s, int pendingCap) {
    return new IntervalRecorder(s, RANKED, pendingCap);
  }

  /**
   * An input with more groups than the cap keeps the histograms of the ranked ones only, in every
   * interval, those recorded before it went past the cap too; every event stays untagged.
   */
  @Test
  void pastTheCapOnlyTheRankedGroupsKeepTheirHistograms() {
    IntervalRecorder r = recorder(new IntervalRecorder.Settings(5_000, 0, 3));
    for (String kind : List.of("K0", "K1", "K2", "K0")) {
      r.pause(pause(kind, 1_000_000, T0 + 100, 100));
    }
    assertThat(r.isPastTheCap()).isFalse();
    assertThat(r.timelines().get(0).intervals().firstEntry().getValue().groupNames())
        .containsExactly("K0", "K1", "K2");
    for (int i = 0; i < 1_000; i++) { // a thousand kinds later: none is held
      r.pause(pause(i % 2 == 0 ? "K3" : "X" + i, 2_000_000, T0 + 20_000 + i, 20_000 + i));
    }
    assertThat(r.isPastTheCap()).isTrue();
    List<Interval> intervals = List.copyOf(r.timelines().get(0).intervals().values());
    assertThat(intervals).hasSize(2);
    assertThat(intervals.get(0).groupNames()).containsExactly("K1");
    assertThat(intervals.get(0).all().getTotalCount()).isEqualTo(4);
    assertThat(intervals.get(1).groupNames()).containsExactly("K3");
    assertThat(intervals.get(1).byGroup().get("K3").getTotalCount()).isEqualTo(500);
    assertThat(intervals.get(1).all().getTotalCount()).isEqualTo(1_000);
  }

  /** Parts each under the cap that together are past it: the same as one pass. */
  @Test
  void partsUnderTheCapThatTogetherArePastItAddUpToOnePass() {
    IntervalRecorder.Settings settings = new IntervalRecorder.Settings(5_000, 0, 3);
    List<PauseEvent> events = new ArrayList<>();
    for (String kind : List.of("K0", "K1", "K2", "K3", "K4", "K1")) {
      events.add(pause(kind, 1_000_000, T0 + events.size() * 100, events.size() * 100));
    }
    IntervalRecorder one = recorder(settings);
    events.forEach(one::pause);
    IntervalRecorder first = recorder(settings);
    events.subList(0, 3).forEach(first::pause);
    IntervalRecorder second = recorder(settings);
    events.subList(3, 6).forEach(second::pause);
    assertThat(first.isPastTheCap()).isFalse();
    assertThat(second.isPastTheCap()).isFalse();
    first.add(shipped(second, settings));
    assertThat(first.isPastTheCap()).isTrue();
    assertThat(describe(first)).isEqualTo(describe(one)).contains(" K1=2/").doesNotContain(" K0=");
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
    r.request(new tardy.events.RequestEvent().reset(line).request(0, 3, 4, line.length)
        .latencyNanos(7_000_000).wallMillis(T0 + 10));
    r.request(new tardy.events.RequestEvent().reset(line).latencyNanos(1_000)); // no time
    Interval iv = r.timelines().get(0).intervals().firstEntry().getValue();
    assertThat(r.timelines().get(0).clock()).isEqualTo(Clock.WALL);
    assertThat(iv.byGroup()).containsOnlyKeys(
        Grouping.DEFAULT.requestGroup("GET", "/users/123"));
    assertThat(r.untimed()).isEqualTo(1);
  }

  @Test
  void uptimeOnlyPausesBeforeTheFirstDatestampJoinTheWallClockTimeline() {
    // JDK 8: the first stopped-time line has no datestamp, the later ones have
    IntervalRecorder r = recorder(PER_PAUSE);
    r.pause(pause("A", 1_000_000, Times.NONE, 10_500));
    r.pause(pause("A", 2_000_000, T0 + 11_500, 11_500));
    r.pause(pause("A", 3_000_000, T0 + 12_500, 12_500));

    assertThat(r.timelines()).hasSize(1);
    Timeline t = r.timelines().get(0);
    assertThat(t.clock()).isEqualTo(Clock.WALL);
    assertThat(t.events()).isEqualTo(3);
    assertThat(t.firstMillis()).isEqualTo(T0 + 10_500);
    assertThat(t.restarts()).isEmpty();
  }

  @Test
  void aChunkStartingWithoutADatestampTakesTheOffsetOfTheChunkBefore() {
    IntervalRecorder first = recorder(PER_PAUSE);
    first.pause(pause("A", 1_000, T0 + 1_000, 1_000));
    IntervalRecorder second = recorder(PER_PAUSE);
    second.pause(pause("A", 1_000, Times.NONE, 4_000));
    second.pause(pause("A", 1_000, T0 + 6_003, 6_000)); // the clock moved 3 ms since
    first.add(second);

    assertThat(first.timelines()).hasSize(1);
    Timeline t = first.timelines().get(0);
    assertThat(t.clock()).isEqualTo(Clock.WALL);
    assertThat(t.events()).isEqualTo(3);
    assertThat(t.intervals()).containsOnlyKeys(T0 / 5_000, T0 / 5_000 + 1);
  }

  @Test
  void uptimeGoingBackLessThanASecondIsNotARestart() {
    IntervalRecorder uptime = recorder(PER_PAUSE);
    uptime.pause(pause("A", 1_000, Times.NONE, 10_500));
    uptime.pause(pause("A", 1_000, Times.NONE, 10_499)); // interleaved threads
    assertThat(uptime.timelines()).hasSize(1);
    assertThat(uptime.timelines().get(0).events()).isEqualTo(2);

    IntervalRecorder wall = recorder(PER_PAUSE);
    wall.pause(pause("A", 1_000, T0 + 10_500, 10_500));
    wall.pause(pause("A", 1_000, T0 + 10_499, 10_499));
    assertThat(wall.timelines()).hasSize(1);
    assertThat(wall.timelines().get(0).restarts()).isEmpty();
  }

  @Test
  void aRestartedRunThatGetsDatestampsLaterJoinsTheWallClockTimeline() {
    IntervalRecorder r = recorder(PER_PAUSE);
    r.pause(pause("A", 1_000, T0 + 90_000, 90_000));
    r.pause(pause("A", 1_000, Times.NONE, 500)); // new JVM, datestamp not yet known
    r.pause(pause("A", 1_000, T0 + 200_700, 700));

    assertThat(r.timelines()).hasSize(1);
    assertThat(r.timelines().get(0).restarts()).containsExactly(T0 + 200_500);
    assertThat(r.timelines().get(0).events()).isEqualTo(3);
  }

  @Test
  void aRestartedRunWithoutDatestampsDoesNotBorrowTheOldRunsOffset() {
    IntervalRecorder r = recorder(PER_PAUSE);
    r.pause(pause("A", 1_000, T0 + 90_000, 90_000));
    r.pause(pause("A", 1_000, Times.NONE, 500));
    r.pause(pause("A", 1_000, Times.NONE, 700));

    assertThat(r.timelines()).extracting(Timeline::clock)
        .containsExactly(Clock.WALL, Clock.UPTIME);
    assertThat(r.timelines().get(1).events()).isEqualTo(2);
    assertThat(r.timelines().get(1).firstMillis()).isEqualTo(500);
  }

  /**
   * Runs with and without datestamps, threads' jitter and restarts, cut anywhere into any number
   * of parts and added in order or as a tree: always what one pass gives. Also with a pending
   * cap of 4, so that stretches without datestamp go on uptime, across cuts too, and with group
   * cap of 3 for five kinds, so that parts under the cap add up to an input past it.
   */
  @Test
  void anyCutOfMixedClocksAddsUpToOnePass() {
    for (long seed = 1; seed <= SEEDS; seed++) {
      checkAnyCut(new Random(seed), new int[] {0, 33, 66, 99}, "mixed, seed " + seed);
    }
  }

  @Test
  void anyCutOfAnUptimeOnlyLogAddsUpToOnePassWhateverTheCap() {
    for (long seed = 1; seed <= SEEDS * 3 / 4; seed++) {
      checkAnyCut(new Random(seed), new int[] {0}, "uptime only, seed " + seed);
    }
  }

  @Test
  void anyCutOfRunsAllDatestampedOrAllUptimeAddsUpToOnePassWhateverTheCap() {
    for (long seed = 1; seed <= SEEDS * 3 / 4; seed++) {
      checkAnyCut(new Random(seed), new int[] {0, 100}, "whole runs, seed " + seed);
    }
  }

  static void checkAnyCut(Random random, int[] datestampedPercents, String as) {
    List<PauseEvent> events = mixedLog(random, datestampedPercents);
    for (int cap : new int[] {IntervalRecorder.PENDING_CAP, 4, 1}) {
      for (IntervalRecorder.Settings settings : List.of(PER_PAUSE,
          new IntervalRecorder.Settings(1_000, 0, 1000),
          new IntervalRecorder.Settings(1_000, 0, 3))) { // past the cap with four of K0 … K4
        IntervalRecorder one = recorder(settings, cap);
        events.forEach(one::pause);
        List<IntervalRecorder> parts = new ArrayList<>();
        int from = 0;
        while (from < events.size() || parts.isEmpty()) {
          int to = Math.min(events.size(), from + random.nextInt(events.size() / 3 + 2));
          IntervalRecorder part = recorder(settings, cap);
          events.subList(from, to).forEach(part::pause);
          parts.add(random.nextInt(3) == 0 ? shipped(part, settings) : part);
          from = to;
        }
        IntervalRecorder added =
            random.nextBoolean() ? inOrder(parts, cap) : asTree(parts, random);
        assertThat(describe(added)).as("%s, cap %d", as, cap).isEqualTo(describe(one));
        if (one.isPastTheCap()) {
          assertThat(describe(one)).doesNotContain(" K0=", " K2=", " K4=");
        }
      }
    }
  }

  /** Through its encoding, as a driver ships a part's result to where it is added. */
  static IntervalRecorder shipped(IntervalRecorder r, IntervalRecorder.Settings settings) {
    try {
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      r.write(new java.io.DataOutputStream(bytes));
      java.io.DataInputStream in =
          new java.io.DataInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()));
      IntervalRecorder read = IntervalRecorder.read(in, settings, RANKED);
      assertThat(in.read()).isEqualTo(-1);
      assertThat(describe(read)).isEqualTo(describe(r));
      return read;
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static List<PauseEvent> mixedLog(Random random, int[] datestampedPercents) {
    List<PauseEvent> events = new ArrayList<>();
    long up = random.nextInt(5_000);
    long wallMinusUptime = T0 + random.nextInt(1_000_000);
    int datestamped = datestampedPercents[random.nextInt(datestampedPercents.length)]; // per run
    for (int i = 0, n = random.nextInt(300); i < n; i++) {
      int step = random.nextInt(40);
      if (step == 0) { // a restart: uptime starts again, the wall clock went on
        up = random.nextInt(3_000);
        wallMinusUptime += 100_000 + random.nextInt(10_000_000);
        datestamped = datestampedPercents[random.nextInt(datestampedPercents.length)];
      } else if (step < 6) { // interleaved threads: back by less than a second
        up = Math.max(0, up - random.nextInt(1_000));
      } else {
        up += random.nextInt(4_000);
      }
      if (random.nextInt(10) == 0) {
        wallMinusUptime += random.nextInt(5) - 2; // datestamp and uptime disagree by a few ms
      }
      long wall = random.nextInt(100) < datestamped ? up + wallMinusUptime : Times.NONE;
      events.add(pause("K" + random.nextInt(5), 1 + random.nextInt(50_000_000), wall, up));
    }
    return events;
  }

  @Test
  void aMillionUptimeOnlyPausesHoldNoMoreThanTheCap() {
    IntervalRecorder r = recorder(PER_PAUSE);
    PauseEvent e = pause("A", 1_000, Times.NONE, 0);
    int most = 0;
    for (int i = 0; i < 1_000_000; i++) {
      r.pause(e.uptimeMillis(10_000L + i * 30L));
      most = Math.max(most, r.pendingEvents());
    }
    assertThat(most).isEqualTo(IntervalRecorder.PENDING_CAP);
    assertThat(r.pendingEvents()).isZero(); // past the cap: straight onto the uptime timeline
    assertThat(r.timelines()).hasSize(1);
    assertThat(r.timelines().get(0).clock()).isEqualTo(Clock.UPTIME);
    assertThat(r.timelines().get(0).events()).isEqualTo(1_000_000);
  }

  @Test
  void moreThanTheCapWithoutDatestampInARowIsSplitOffOnUptime() {
    IntervalRecorder few = recorder(PER_PAUSE, 3);
    IntervalRecorder many = recorder(PER_PAUSE, 3);
    for (int i = 0; i < 4; i++) {
      many.pause(pause("A", 1_000, Times.NONE, 10_000 + i));
      if (i < 3) {
        few.pause(pause("A", 1_000, Times.NONE, 10_000 + i));
      }
    }
    for (IntervalRecorder r : List.of(few, many)) {
      r.pause(pause("A", 1_000, T0 + 20_000, 20_000));
    }
    assertThat(few.timelines()).extracting(Timeline::clock).containsExactly(Clock.WALL);
    assertThat(few.timelines().get(0).events()).isEqualTo(4); // 3 held, then placed
    assertThat(many.timelines()).extracting(Timeline::clock)
        .containsExactly(Clock.UPTIME, Clock.WALL);
    assertThat(many.timelines()).extracting(Timeline::events).containsExactly(4L, 1L);
    assertThat(many.timelines().get(0).firstMillis()).isEqualTo(10_000);
  }

  @Test
  void timelinesLeavesTheRecorderAsItIs() {
    IntervalRecorder r = recorder(PER_PAUSE);
    r.pause(pause("A", 1_000, Times.NONE, 10_000));
    r.pause(pause("A", 1_000, T0 + 11_000, 11_000));
    r.pause(pause("A", 1_000, Times.NONE, 12_000)); // held: a later part may continue the stretch
    String before = describe(r);
    assertThat(describe(r)).isEqualTo(before);
    assertThat(r.timelines().get(0).events()).isEqualTo(3);
  }

  static IntervalRecorder inOrder(List<IntervalRecorder> parts, int pendingCap) {
    IntervalRecorder total = recorder(parts.get(0).settings(), pendingCap);
    parts.forEach(total::add);
    return total;
  }

  /** Adds neighbours in random order, as a parallel reduction might. */
  static IntervalRecorder asTree(List<IntervalRecorder> parts, Random random) {
    List<IntervalRecorder> left = new ArrayList<>(parts);
    while (left.size() > 1) {
      int i = random.nextInt(left.size() - 1);
      left.get(i).add(left.remove(i + 1));
    }
    return left.get(0);
  }

  /** Every timeline, interval, group and count, as text to compare. */
  static String describe(IntervalRecorder r) {
    StringBuilder b = new StringBuilder();
    for (Timeline t : r.timelines()) {
      b.append(t.clock()).append(' ').append(t.events()).append(' ').append(t.restarts())
          .append(' ').append(t.firstMillis()).append('-').append(t.lastMillis()).append('\n');
      t.intervals().forEach((i, iv) -> { // the encodings, not decoded copies: thousands of these
        EncodedHistogram all = iv.encodedAll();
        byte[] base64 = new byte[all.base64Length()];
        b.append(i).append(": ").append(all.totalCount()).append('/').append(all.maxValue())
            .append(' ').append(new String(base64, 0, all.base64(base64), StandardCharsets.US_ASCII));
        iv.encodedByGroup().forEach((g, h) -> b.append(' ').append(g).append('=')
            .append(h.totalCount()).append('/').append(h.maxValue()));
        b.append('\n');
      });
    }
    return b.toString();
  }
}
