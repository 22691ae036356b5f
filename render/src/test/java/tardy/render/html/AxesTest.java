package tardy.render.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tardy.analysis.heap.HeapRun;

/**
 * The charts' axes: ticks at round values and round times, never more than a reader can take
 * in, labels that say the value they stand at; and a chart whose size does not grow with the
 * log. Each expectation is worked out here another way (by counting, by the calendar), not
 * copied from the code's output.
 */
class AxesTest {

  private static final long MS = 1_000_000;

  @Test
  void aLinearLatencyAxisStepsByOneTwoOrFiveTimesAPowerOfTenAndCoversTheTop() {
    for (long top : new long[] {7 * MS, 38 * MS, 475 * MS, 1_080 * MS, 7_760 * MS, 12_345_678}) {
      LatencyAxis axis = LatencyAxis.linear(top);
      List<Long> ticks = axis.ticks();
      long step = ticks.get(1) - ticks.get(0);
      String digits = Long.toString(step).replaceAll("0+$", "");
      assertThat(digits).as("step %d", step).isIn("1", "2", "5");
      assertThat(ticks.get(0)).isZero();
      assertThat(ticks.get(ticks.size() - 1)).isGreaterThanOrEqualTo(top);
      assertThat(ticks.size()).as("ticks for %d", top).isBetween(4, 7);
      for (int i = 1; i < ticks.size(); i++) {
        assertThat(ticks.get(i) - ticks.get(i - 1)).isEqualTo(step);
      }
      assertThat(axis.fraction(0)).isZero();
      assertThat(axis.fraction(ticks.get(ticks.size() - 1))).isEqualTo(1.0);
    }
  }

  @Test
  void valuesThatSpanMuchGetALogAxisOfWholeDecades() {
    LatencyAxis axis = LatencyAxis.fitting(8 * MS, 1_080 * MS);
    assertThat(axis.log()).isTrue();
    assertThat(axis.ticks()).contains(MS, 10 * MS, 100 * MS, 1_000 * MS, 10_000 * MS);
    assertThat(axis.fraction(100 * MS)).isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-9));
    LatencyAxis close = LatencyAxis.fitting(400 * MS, 1_080 * MS);
    assertThat(close.log()).as("within a factor of 20 a linear axis shows all").isFalse();
    LatencyAxis few = LatencyAxis.log(20 * MS, 300 * MS);
    assertThat(few.ticks()).as("2 and 5 between two decades").contains(20 * MS, 50 * MS, 200 * MS, 500 * MS);
  }

  @Test
  void tickLabelsSayTheirValueWithoutPaddingZeros() {
    assertThat(LatencyAxis.label(250 * MS)).isEqualTo("250ms");
    assertThat(LatencyAxis.label(1_500 * MS)).isEqualTo("1.5s");
    assertThat(LatencyAxis.label(2_500_000)).isEqualTo("2.5ms");
    assertThat(LatencyAxis.label(20_000)).isEqualTo("20us");
    assertThat(LatencyAxis.label(0)).isEqualTo("0");
  }

  @Test
  void timeTicksFallOnRoundTimesOfTheWallClock() {
    long from = Instant.parse("2026-11-23T21:38:01.557Z").toEpochMilli();
    long to = Instant.parse("2026-11-23T21:38:34.693Z").toEpochMilli();
    List<TimeAxis.Tick> ticks = TimeAxis.ticks(from, to, true);
    assertThat(ticks).extracting(TimeAxis.Tick::label)
        .containsExactly("21:38:05", "21:38:10", "21:38:15", "21:38:20", "21:38:25", "21:38:30");
    assertThat(TimeAxis.caption(from, to, true)).isEqualTo("UTC, 2026-11-23");
  }

  @Test
  void everySpanGetsAFewTicksAtMultiplesOfARoundStep() {
    long base = Instant.parse("2026-11-01T00:00:04Z").toEpochMilli();
    for (long span : new long[] {40, 900, 17_500, 262_000, 3_600_000, 259_000_000L, 30L * 86_400_000}) {
      List<TimeAxis.Tick> ticks = TimeAxis.ticks(base, base + span, true);
      assertThat(ticks.size()).as("span %d", span).isBetween(3, TimeAxis.MAX_TICKS);
      long step = ticks.get(1).millis() - ticks.get(0).millis();
      for (TimeAxis.Tick t : ticks) {
        assertThat(t.millis() % step).as("%s on a multiple of %d ms", t.label(), step).isZero();
        assertThat(t.millis()).isBetween(base, base + span);
      }
      // the label is the tick's own time on the UTC clock
      LocalDateTime first = LocalDateTime.ofInstant(Instant.ofEpochMilli(ticks.get(0).millis()), ZoneOffset.UTC);
      String label = ticks.get(0).label();
      if (step < 60_000) {
        assertThat(label).startsWith(String.format(java.util.Locale.ROOT, "%02d:%02d:%02d",
            first.getHour(), first.getMinute(), first.getSecond()));
      } else if (step < 86_400_000) {
        assertThat(label).endsWith(String.format(java.util.Locale.ROOT, "%02d:%02d", first.getHour(), first.getMinute()));
      } else {
        assertThat(label).isEqualTo(String.format(java.util.Locale.ROOT, "%02d-%02d", first.getMonthValue(), first.getDayOfMonth()));
      }
    }
    long threeDays = Instant.parse("2026-11-04T00:00:00Z").toEpochMilli();
    assertThat(TimeAxis.caption(base, threeDays, true)).isEqualTo("UTC, 2026-11-01 to 2026-11-04");
    assertThat(TimeAxis.ticks(base, threeDays, true).get(1).label()).as("the day where the span has several")
        .matches("11-0[1-4] \\d\\d:\\d\\d");
  }

  @Test
  void uptimeTicksAreSecondsSinceTheJvmStarted() {
    List<TimeAxis.Tick> ticks = TimeAxis.ticks(428, 690, false);
    assertThat(ticks).extracting(TimeAxis.Tick::label).containsExactly("0.45s", "0.50s", "0.55s", "0.60s", "0.65s");
    assertThat(TimeAxis.caption(428, 690, false)).isEqualTo("JVM uptime");
  }

  @Test
  void theHeapChartIsAsLargeForAMillionPausesAsForAThousand() {
    int small = heapChart(1_000).length();
    int large = heapChart(1_000_000).length();
    assertThat(large).as("per-pixel columns, hover targets and ticks").isLessThan(small * 2).isLessThan(200_000);
  }

  /** A day's run of {@code pauses} GC pauses with heap transitions, drawn. */
  private static String heapChart(int pauses) {
    List<HeapRun.Point> points = new ArrayList<>(pauses);
    long day = 86_400_000;
    for (int i = 0; i < pauses; i++) {
      long after = (100 + i % 37) << 20;
      points.add(new HeapRun.Point(day * i / pauses, (1 + i % 13) * MS, after + (50 << 20), after, 0, 0, i,
          tardy.events.Times.NONE));
    }
    HeapRun run = new HeapRun(1, false, 0, points.get(pauses - 1).millis(), pauses, 0, Optional.empty(),
        Optional.empty(), Optional.empty(), Optional.empty(), null, points, Optional.empty());
    StringBuilder h = new StringBuilder();
    HeapChart.write(h, run, false);
    return h.toString();
  }
}
