package tardy.render.hdr;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogProcessor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.record.grouping.Grouping;
import tardy.record.histogram.Histograms;
import tardy.record.interval.IntervalRecorder;
import tardy.record.interval.Timeline;

class HlogWriterTest {

  @TempDir Path dir;

  @Test
  void everyIntervalAndTagReadsBackWithHdrHistogramsReader() throws IOException {
    for (long seed = 1; seed <= 10; seed++) {
      Random random = new Random(seed);
      IntervalRecorder r = new IntervalRecorder(
          new IntervalRecorder.Settings(1_000 + random.nextInt(9_000), 0, 1000),
          Grouping.DEFAULT);
      Map<String, AbstractHistogram> expected = new HashMap<>();
      AbstractHistogram all = Histograms.newNanos();
      long t = HlogFixtures.T0 + random.nextInt(100_000);
      int n = 1 + random.nextInt(2_000);
      for (int i = 0; i < n; i++) {
        t += random.nextInt(random.nextInt(10) == 0 ? 60_000 : 2_000);
        String kind = HlogFixtures.KINDS[random.nextInt(HlogFixtures.KINDS.length)];
        long nanos = 1 + (long) (Math.pow(10, 3 + 6 * random.nextDouble()));
        r.pause(HlogFixtures.pause(kind, nanos, t, Long.MIN_VALUE));
        all.recordValue(nanos);
        expected.computeIfAbsent(HlogFormat.sanitize(kind), k -> Histograms.newNanos())
            .recordValue(nanos);
      }
      Timeline timeline = r.timelines().get(0);
      HlogReader.Content read = HlogReader.read(stream(
          HlogFixtures.write(timeline, OptionalLong.of(0))));

      List<HlogReader.Line> untagged = read.tagged(null);
      long length = timeline.lengthMillis();
      long first = timeline.intervals().firstKey();
      assertThat(untagged).as("seed %d: one untagged line per interval, holes included", seed)
          .hasSize((int) (timeline.intervals().lastKey() - first + 1));
      for (int i = 0; i < untagged.size(); i++) {
        // the reader turns seconds back into ms through a double: allow its 1 ms truncation
        assertThat(untagged.get(i).startMillis())
            .isCloseTo((first + i) * length, org.assertj.core.data.Offset.offset(1L));
        assertThat(untagged.get(i).endMillis())
            .isCloseTo((first + i + 1) * length, org.assertj.core.data.Offset.offset(1L));
      }
      assertThat(read.startTimeSec())
          .isCloseTo(first * length / 1000.0, org.assertj.core.data.Offset.offset(0.001));
      assertSame(sum(untagged), all, seed + " all");
      for (Map.Entry<String, AbstractHistogram> tag : expected.entrySet()) {
        assertSame(sum(read.tagged(tag.getKey())), tag.getValue(), seed + " " + tag.getKey());
      }
      assertThat(read.lines()).hasSize(untagged.size() + (int) read.lines().stream()
          .filter(l -> l.tag() != null).count());
    }
  }

  @Test
  void aKindWithASpaceOrCommaDoesNotCostTheLinesAfterIt() throws IOException {
    String hlog = HlogFixtures.write(HlogFixtures.fixed().timelines().get(0), OptionalLong.of(0));
    assertThat(hlog).contains("Tag=no_vm_operation,").contains("Tag=Cleanup_odd,");
    HlogReader.Content read = HlogReader.read(stream(hlog));
    assertThat(read.lines()).hasSize(
        (int) hlog.lines().filter(l -> !l.startsWith("#") && !l.startsWith("\"")).count());
    assertThat(sum(read.tagged(null)).getTotalCount()).isEqualTo(7);
    assertThat(sum(read.tagged("no_vm_operation")).getTotalCount()).isEqualTo(3);
  }

  @Test
  void tagsThatSanitiseAlikeStayApart() {
    HlogFormat.Tags tags = new HlogFormat.Tags();
    assertThat(tags.of("no vm operation")).isEqualTo("no_vm_operation");
    assertThat(tags.of("no,vm operation")).isEqualTo("no_vm_operation~2");
    assertThat(tags.of("no vm operation")).isEqualTo("no_vm_operation");
    assertThat(tags.of("")).isEqualTo("_");
    assertThat(tags.mapping()).containsEntry("no,vm operation", "no_vm_operation~2");
  }

  @Test
  void histogramLogProcessorReadsTheUntaggedAndATaggedSeries() throws Exception {
    Path hlog = dir.resolve("gc.hlog");
    Files.writeString(hlog,
        HlogFixtures.write(HlogFixtures.fixed().timelines().get(0), OptionalLong.of(0)));

    String all = process(hlog, null);
    assertThat(totalCount(all)).isEqualTo(7);
    assertThat(max(all)).isCloseTo(1200.0, org.assertj.core.data.Percentage.withPercentage(0.1));

    String g1 = process(hlog, "G1CollectForAllocation");
    assertThat(totalCount(g1)).isEqualTo(3);
    assertThat(max(g1)).isCloseTo(8.0, org.assertj.core.data.Percentage.withPercentage(0.1));
    assertThat(totalCount(process(hlog, "no_vm_operation"))).isEqualTo(3);
  }

  /** HistogramLogProcessor in-process, as a user runs it: the .hgrm it writes beside -o. */
  static String process(Path hlog, String tag) throws Exception {
    Path out = hlog.resolveSibling("out-" + (tag == null ? "all" : tag));
    List<String> args = new java.util.ArrayList<>(
        List.of("-i", hlog.toString(), "-o", out.toString()));
    if (tag != null) {
      args.addAll(List.of("-tag", tag));
    }
    HistogramLogProcessor processor = new HistogramLogProcessor(args.toArray(String[]::new));
    processor.run();
    return Files.readString(Path.of(out + ".hgrm"));
  }

  static long totalCount(String hgrm) {
    Matcher m = Pattern.compile("Total count\\s*=\\s*(\\d+)").matcher(hgrm);
    assertThat(m.find()).as("a Total count line in %s", hgrm).isTrue();
    return Long.parseLong(m.group(1));
  }

  static double max(String hgrm) {
    Matcher m = Pattern.compile("#\\[Max\\s*=\\s*([0-9.]+)").matcher(hgrm);
    assertThat(m.find()).isTrue();
    return new java.math.BigDecimal(m.group(1)).doubleValue();
  }

  static Histogram sum(List<HlogReader.Line> lines) {
    Histogram total = new Histogram(3);
    total.setAutoResize(true);
    lines.forEach(l -> total.add((Histogram) l.histogram()));
    return total;
  }

  static void assertSame(AbstractHistogram read, AbstractHistogram expected, String what) {
    assertThat(read.getTotalCount()).as(what + " count").isEqualTo(expected.getTotalCount());
    assertThat(read.highestEquivalentValue(read.getMaxValue())).as(what + " max")
        .isEqualTo(expected.highestEquivalentValue(expected.getMaxValue()));
    assertThat(read.getValueAtPercentile(99)).as(what + " p99")
        .isEqualTo(expected.getValueAtPercentile(99));
  }

  static InputStream stream(String text) {
    return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }



  @Test
  void twoPausesACenturyApartWriteTwoIntervalsAndSaySo() throws IOException {
    long century = 100L * 365 * 24 * 3_600_000;
    IntervalRecorder r =
        new IntervalRecorder(new IntervalRecorder.Settings(5_000, 0, 1000), Grouping.DEFAULT);
    r.pause(HlogFixtures.pause("G1Pause", 2_000_000, 631_152_000_000L, 1_000));
    r.pause(HlogFixtures.pause("G1Pause", 3_000_000, 631_152_000_000L + century, 2_000));
    String hlog = HlogFixtures.write(r.timelines().get(0), OptionalLong.of(0));
    assertThat(hlog.length()).isLessThan(4_000);
    assertThat(hlog).contains("#[No events in " + (century / 5_000 - 1) + " intervals, from ");
    HlogReader.Content read = HlogReader.read(stream(hlog));
    assertThat(read.tagged(null)).hasSize(2);
    assertThat(read.tagged(null).get(1).startMillis() - read.tagged(null).get(0).startMillis())
        .isEqualTo(century);
    assertThat(sum(read.tagged("G1Pause")).getTotalCount()).isEqualTo(2);
  }
}
