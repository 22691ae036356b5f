package tardy.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.Family;
import tardy.events.input.Input;
import tardy.events.input.LineReader;
import tardy.record.Recorder;
import tardy.record.Result;
import tardy.record.clock.Span;
import tardy.record.grouping.Grouping;
import tardy.run.Pipeline;

/**
 * The request rate over time against the generated lines' own timestamps, read back by a regex
 * and java.time: each slice holds exactly the lines stamped within it, the slices tile the run
 * from its first second to its last, and a file read by several threads gives the same slices.
 */
class RateOverTimeTest {

  private static final Pattern LOCAL =
      Pattern.compile("\\[(\\d\\d/\\w{3}/\\d{4}:[\\d:]{8} [+-]\\d{4})\\]");
  private static final DateTimeFormatter NGINX =
      DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT);
  private static final long T0 = 1_795_387_308_000L; // 2026-11-22 22:41:48 UTC

  @TempDir
  Path dir;

  /**
   * Three hours of traffic in +0200: a steady 2/s, a burst of 40/s for 5 minutes, no request at
   * all for 20 minutes; some lines out of order, as nginx writes them when they end.
   */
  private Path threeHours() throws IOException {
    Random random = new Random(37);
    StringBuilder log = new StringBuilder();
    DateTimeFormatter out = NGINX.withZone(java.time.ZoneOffset.ofHours(2));
    for (long s = 0; s < 3 * 3600; s++) {
      boolean quiet = s >= 7200 && s < 7200 + 1200;
      boolean burst = s >= 3000 && s < 3300;
      int n = quiet ? 0 : burst ? 40 : random.nextInt(5);
      for (int i = 0; i < n; i++) {
        long t = T0 + 1000 * Math.max(0, s - (random.nextInt(20) == 0 ? 3 : 0));
        log.append("10.0.0.1 - - [").append(out.format(java.time.Instant.ofEpochMilli(t)))
            .append("] \"GET /a HTTP/1.1\" 200 5 \"-\" \"t\" 0.0").append(1 + random.nextInt(9))
            .append('\n');
      }
    }
    Path file = dir.resolve("three-hours.log");
    Files.writeString(file, log, StandardCharsets.ISO_8859_1);
    return file;
  }

  private static long[] stamps(Path file) throws IOException {
    List<Long> times = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.ISO_8859_1)) {
      Matcher m = LOCAL.matcher(line);
      if (m.find()) {
        times.add(OffsetDateTime.parse(m.group(1), NGINX).toInstant().toEpochMilli());
      }
    }
    return times.stream().mapToLong(Long::longValue).toArray();
  }

  private static Analysis analyse(Path file, int threads) {
    Pipeline.Options options = new Pipeline.Options(Optional.empty(), threads,
        LineReader.DEFAULT_MAX_LINE_BYTES, null).withMinChunkBytes(4096);
    return Analyzer.analyze("test", new Pipeline(options).run(List.of(Input.file(file)),
        Result.Spec.report(Grouping.DEFAULT, Recorder.DEFAULT_MAX_GROUPS)));
  }

  @Test
  void eachSliceHoldsTheLinesStampedWithinItWhateverTheThreads() throws IOException {
    Path file = threeHours();
    long[] times = stamps(file);
    long first = Arrays.stream(times).min().orElseThrow();
    long last = Arrays.stream(times).max().orElseThrow();
    RateOverTime one = RateOverTime.of(analyse(file, 1).spanOf(Family.REQUEST).orElseThrow())
        .orElseThrow();
    for (int threads : new int[] {2, 4}) {
      Span span = analyse(file, threads).spanOf(Family.REQUEST).orElseThrow();
      assertThat(RateOverTime.of(span)).as("%d threads", threads).contains(one);
    }
    // three hours in 10-second slots (1,080 of them), shown as 18 slices of ten minutes
    assertThat(one.sliceMillis()).isEqualTo(600_000);
    assertThat(one.slices()).hasSize(18);
    long start = first;
    long total = 0;
    for (RateOverTime.Slice s : one.slices()) {
      assertThat(s.startMillis()).isEqualTo(start);
      long end = s.startMillis() + s.coveredMillis();
      long inside = Arrays.stream(times).filter(t -> t >= s.startMillis() && t < end).count();
      assertThat(s.events()).as("slice from %d", s.startMillis()).isEqualTo(inside);
      total += inside;
      start = end;
    }
    assertThat(start).as("the last slice ends one second after the last line").isEqualTo(last + 1000);
    assertThat(total).isEqualTo(times.length);
    // slices start on the clock's ten minutes after the first, which starts at the first line
    for (RateOverTime.Slice s : one.slices().subList(1, one.slices().size())) {
      assertThat(s.startMillis() % 600_000).isZero();
    }
  }

  @Test
  void theLeastMostAndMedianAreTheSlicesRatesSorted() throws IOException {
    RateOverTime r = RateOverTime.of(analyse(threeHours(), 1).spanOf(Family.REQUEST)
        .orElseThrow()).orElseThrow();
    double[] rates = r.slices().stream()
        .mapToDouble(s -> s.events() / (s.coveredMillis() / 1000.0)).sorted().toArray();
    assertThat(r.least().perSecond()).isEqualTo(rates[0]).isZero(); // the quiet 20 minutes
    assertThat(r.most().perSecond()).isEqualTo(rates[rates.length - 1]);
    assertThat(r.medianPerSecond()).isEqualTo((rates[8] + rates[9]) / 2);
    // the burst: 300 s of 40/s and 300 s of about 2/s in its ten minutes
    assertThat(r.most().perSecond()).isBetween(20.0, 22.0);
    int[] levels = r.levels(9);
    assertThat(Arrays.stream(levels).max().orElseThrow()).isEqualTo(9);
    assertThat(levels[Math.toIntExact(r.slices().indexOf(r.least()))]).isZero();
  }

  @Test
  void aRunWithinOneSlotHasNoRateOverTime() {
    long[] oneSecond = {T0};
    Span span = new Span(Family.REQUEST, T0, T0, 1000, 1,
        new tardy.record.clock.SlotCounts(1000, T0, new long[] {1}));
    assertThat(RateOverTime.of(span)).isEmpty();
    assertThat(oneSecond).hasSize(1);
    assertThat(RateOverTime.of(new Span(Family.REQUEST, T0, T0 + 5000, 1000, 2))).isEmpty();
  }

  @Test
  void aFirstOrLastSliceOfASliverJoinsItsNeighbour() {
    // 296 one-second slots from 8 s past a ten-second mark: 30 slices of 10 s on the clock (150
    // of 2 s would be too many), the first of 2 s and the last of 4 s joined to their neighbours
    long start = T0 - T0 % 10_000 + 8_000;
    long[] counts = new long[296];
    Arrays.fill(counts, 1);
    Span span = new Span(Family.REQUEST, start, start + 295_000, 1000, 296,
        new tardy.record.clock.SlotCounts(1000, start, counts));
    RateOverTime r = RateOverTime.of(span).orElseThrow();
    assertThat(r.sliceMillis()).isEqualTo(10_000);
    assertThat(r.slices()).hasSize(29);
    assertThat(r.slices().get(0)).isEqualTo(new RateOverTime.Slice(start, 12_000, 12));
    assertThat(r.slices().get(28))
        .isEqualTo(new RateOverTime.Slice(start + 282_000, 14_000, 14));
    assertThat(r.slices().get(1).startMillis() % 10_000).isZero();
    assertThat(r.most().perSecond()).isEqualTo(1.0);
  }
}
