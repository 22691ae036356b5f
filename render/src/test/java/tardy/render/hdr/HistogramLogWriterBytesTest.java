package tardy.render.hdr;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import tardy.record.grouping.Grouping;
import tardy.record.interval.IntervalRecorder;
import tardy.record.interval.Timeline;

/**
 * The interval lines of tardy's .hlog are, byte for byte, what HdrHistogram's own {@code
 * HistogramLogWriter} writes for {@code Histogram(3)}s that recorded the same pauses, binned by
 * plain arithmetic: whatever the number of values per interval (a few, or past what a live
 * interval holds as indices), repeated single values, late pauses, the input cut into parts, and
 * thousands of intervals (the lines are rendered in blocks, on several threads) with long
 * stretches without events among them.
 */
class HistogramLogWriterBytesTest {

  private static final String[] GROUPS = {"Cleanup", "G1CollectForAllocation", "RevokeBias",
      "ICBufferFull", "Deoptimize"};

  @Test
  void intervalLinesAreHistogramLogWritersForRandomPauses() throws IOException {
    for (long seed = 1; seed <= 9; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      long length = new long[] {10, 100, 1_000, 5_000}[random.nextInt(4)];
      int parts = 1 + random.nextInt(3);
      List<IntervalRecorder> recorders = new ArrayList<>();
      for (int p = 0; p < parts; p++) {
        recorders.add(new IntervalRecorder(new IntervalRecorder.Settings(length, 0, 1_000),
            Grouping.DEFAULT));
      }
      // interval index -> group ("" untagged) -> what HdrHistogram records
      TreeMap<Long, TreeMap<String, Histogram>> expected = new TreeMap<>();
      long t = HlogFixtures.T0;
      int n = 1 + random.nextInt(8_000);
      int perStep = seed % 3 == 0 ? 3_000 : 5; // thousands of pauses an interval, or a few
      for (int i = 0; i < n; i++) {
        t += random.nextInt(perStep) == 0 ? random.nextLong(3 * length) : 0;
        if (random.nextInt(3_000) == 0) { // a stretch without events, written as one comment
          t += (Timeline.MAX_FILLED_GAP + random.nextLong(5_000)) * length;
        }
        // now and then a late pause, some intervals back
        long at = random.nextInt(200) == 0 ? t - random.nextLong(40 * length + 1) : t;
        String group = GROUPS[random.nextInt(random.nextBoolean() ? 2 : GROUPS.length)];
        long nanos = random.nextInt(3) == 0 ? 20_000 // the same single value, again and again
            : random.nextLong(1, 1L << random.nextInt(10, 36));
        recorders.get((int) ((long) i * parts / n))
            .pause(HlogFixtures.pause(group, nanos, at, Long.MIN_VALUE));
        TreeMap<String, Histogram> interval = expected.computeIfAbsent(
            Math.floorDiv(at, length), k -> new TreeMap<>());
        hdr(interval, "").recordValue(nanos);
        hdr(interval, group).recordValue(nanos);
      }
      IntervalRecorder whole = recorders.get(0);
      recorders.subList(1, parts).forEach(whole::add);
      Timeline timeline = whole.timelines().get(0);

      String ours = HlogFixtures.write(timeline, OptionalLong.of(0));
      String lines = ours.substring(ours.indexOf(HlogFormat.LEGEND) + HlogFormat.LEGEND.length());
      assertThat(lines).as("seed %d: %d pauses in %d parts, %d ms intervals", seed, n, parts,
          length).isEqualTo(theirs(expected, length));
    }
  }

  private static Histogram hdr(Map<String, Histogram> interval, String group) {
    return interval.computeIfAbsent(group, g -> {
      Histogram h = new Histogram(3);
      h.setAutoResize(true);
      return h;
    });
  }

  /** HistogramLogWriter's lines: every interval from the first to the last, empty ones too. */
  private static String theirs(TreeMap<Long, TreeMap<String, Histogram>> expected, long length) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    HistogramLogWriter writer =
        new HistogramLogWriter(new PrintStream(bytes, false, StandardCharsets.UTF_8));
    long first = expected.firstKey();
    writer.setBaseTime(first * length);
    for (long i = first; i <= expected.lastKey(); i++) {
      long next = expected.ceilingKey(i);
      if (next - i > Timeline.MAX_FILLED_GAP) {
        writer.outputComment("[No events in " + (next - i) + " intervals, from "
            + HlogFormat.seconds((i - first) * length) + " to "
            + HlogFormat.seconds((next - first) * length) + " s: not written]");
        i = next;
      }
      TreeMap<String, Histogram> interval = expected.getOrDefault(i, new TreeMap<>());
      hdr(interval, "");
      for (Map.Entry<String, Histogram> group : interval.entrySet()) {
        Histogram h = group.getValue();
        h.setStartTimeStamp(i * length);
        h.setEndTimeStamp((i + 1) * length);
        h.setTag(group.getKey().isEmpty() ? null : group.getKey());
        writer.outputIntervalHistogram(h);
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
