package tardy.record;

import tardy.analysis.Analyzer;

import tardy.analysis.Analysis;
import tardy.record.ReportIntervals;
import tardy.analysis.Summary;
import tardy.record.grouping.Grouping;
import tardy.record.histogram.NanosHistogram;
import tardy.run.Pipeline;
import tardy.run.Plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.Family;
import tardy.events.input.Input;
import tardy.events.input.LineReader;

/**
 * --interval's numbers against a plain sort per interval of values a regex and java.time read
 * from the same lines; the same whatever the threads and through the encoding; bounded.
 */
class PerIntervalTest {

  @TempDir Path dir;

  private static final Pattern LINE = Pattern.compile(
      "\\[([^\\]]+)\\] \"GET (/[a-z]+)/\\d+ HTTP/1.1\" \\d+ \\d+ \"-\" \"curl/8\" (\\d+)\\.(\\d{3})$");
  private static final DateTimeFormatter NGINX =
      DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT);

  private Path log(int lines, int paths, int perSecond) throws IOException {
    Path file = dir.resolve("access-" + lines + "-" + paths + ".log");
    Random rnd = new Random(11);
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
      for (int i = 0; i < lines; i++) {
        int second = i / perSecond;
        long millis = (long) Math.exp(rnd.nextGaussian() * 1.2 + 3 + (second / 600) % 3);
        w.write(String.format(Locale.ROOT,
            "10.0.0.1 - - [08/Mar/2023:%02d:%02d:%02d -0500] \"GET /%s/%d HTTP/1.1\" 200 5 \"-\""
                + " \"curl/8\" %d.%03d\n", 7 + second / 3600, second / 60 % 60, second % 60,
            "p" + (char) ('a' + rnd.nextInt(paths) % 26) + (char) ('a' + rnd.nextInt(paths) / 26),
            rnd.nextInt(1000), millis / 1000, millis % 1000));
      }
    }
    return file;
  }

  private static Result run(Path file, int threads, long intervalMillis) {
    return run(file, threads, intervalMillis, Grouping.DEFAULT);
  }

  private static Result run(Path file, int threads, long intervalMillis, Grouping grouping) {
    return run(file, threads, 64 << 10, intervalMillis, grouping, ReportIntervals.MAX_TOTAL_PAGES);
  }

  private static Result run(Path file, int threads, long chunk, long intervalMillis,
      Grouping grouping, long pages) {
    Pipeline.Options options = new Pipeline.Options(Optional.empty(), threads,
        LineReader.DEFAULT_MAX_LINE_BYTES, null).withMinChunkBytes(chunk);
    return new Pipeline(options).run(List.of(Input.file(file)),
        Result.Spec.report(grouping, Recorder.DEFAULT_MAX_GROUPS).withPerInterval(intervalMillis)
            .withPerIntervalPages(pages));
  }

  /** Per group ("" for the total), per interval start, the latencies in ns, sorted. */
  private static Map<String, TreeMap<Long, List<Long>>> bySort(Path file, long length)
      throws IOException {
    Map<String, TreeMap<Long, List<Long>>> out = new TreeMap<>();
    for (String line : Files.readAllLines(file)) {
      Matcher m = LINE.matcher(line);
      assertThat(m.find()).as(line).isTrue();
      long t = OffsetDateTime.parse(m.group(1), NGINX).toInstant().toEpochMilli();
      long start = Math.floorDiv(t, length) * length;
      long nanos = (Long.parseLong(m.group(3)) * 1000 + Long.parseLong(m.group(4))) * 1_000_000L;
      for (String key : List.of("", "GET " + m.group(2) + "/{id}")) {
        out.computeIfAbsent(key, k -> new TreeMap<>())
            .computeIfAbsent(start, k -> new ArrayList<>()).add(nanos);
      }
    }
    out.values().forEach(m -> m.values().forEach(l -> l.sort(null)));
    return out;
  }

  private static void assertSame(List<Summary.Interval> got, TreeMap<Long, List<Long>> expected) {
    assertThat(got).extracting(Summary.Interval::startMillis)
        .containsExactlyElementsOf(expected.keySet());
    for (Summary.Interval i : got) {
      List<Long> values = expected.get(i.startMillis());
      assertThat(i.count()).isEqualTo(values.size());
      assertThat(i.latency().at("100")).isEqualTo(values.get(values.size() - 1));
      for (String p : List.of("50", "99")) {
        long exact = values.get((int) Math.ceil(Double.parseDouble(p) / 100 * values.size()) - 1);
        assertThat((double) i.latency().at(p)).isCloseTo(exact, Percentage.withPercentage(0.1));
      }
    }
  }

  @Test
  void everyGroupsIntervalsAreThoseOfAPlainSortWhateverTheThreadsAndThroughTheEncoding()
      throws IOException {
    Path file = log(40_000, 4, 10); // 4,000 s: 67 intervals of a minute
    Map<String, TreeMap<Long, List<Long>>> expected = bySort(file, 60_000);
    Result one = run(file, 1, 60_000);
    Result three = run(file, 3, 60_000);
    Result shipped = ResultCodec.decode(ResultCodec.encode(three), three.spec());
    for (Result r : List.of(one, three, shipped)) {
      Analysis a = Analyzer.analyze("test", r);
      assertSame(a.totalOf(Family.REQUEST).orElseThrow().intervals(), expected.get(""));
      assertThat(a.groups()).hasSize(expected.size() - 1);
      for (Summary s : a.groups()) {
        assertSame(s.intervals(), expected.get(s.key()));
      }
    }
  }

  @Test
  void tooFineAnIntervalShowsNoneAndSaysSo() throws IOException {
    Path file = log(3_000, 2, 1); // 3,000 s
    Analysis a = Analyzer.analyze("test", run(file, 2, 1_000));
    assertThat(a.totalOf(Family.REQUEST).orElseThrow().intervals()).isEmpty();
    assertThat(a.groups()).allMatch(s -> s.intervals().isEmpty());
    assertThat(a.notes()).anyMatch(n -> n.startsWith("--interval 1s is too fine"));
  }

  @Test
  void pastTheBoundTheOperationsTheSampleRanksHighestKeepTheirIntervals() throws IOException {
    Path file = log(120_000, 676, 40); // 3,000 s, 676 operations: 50 intervals of a minute each
    Map<String, TreeMap<Long, List<Long>>> expected = bySort(file, 60_000);
    Grouping sampled = Plan.of(List.of(Input.file(file)), Optional.empty()).grouping(
        tardy.record.grouping.GroupingMode.IDS, 2 * Recorder.DEFAULT_MAX_GROUPS);
    // the rule, from the sample's ranks and a plain count of each operation's intervals: the
    // largest K of (2^16, 2^15, …) whose operations ranked below it have 20,000 at most
    long all = expected.entrySet().stream().filter(e -> !e.getKey().isEmpty())
        .mapToLong(e -> e.getValue().size()).sum();
    assertThat(all).as("past the bound").isGreaterThan(20_000);
    long k = 1L << 16;
    while (histogramsRankedBelow(k, expected, sampled) > 20_000) {
      k /= 2;
    }
    long bound = k;
    List<String> kept = expected.keySet().stream()
        .filter(key -> !key.isEmpty() && sampled.sampleRank(key) < bound).sorted().toList();
    assertThat(kept.size()).isBetween(100, 500);

    Result three = run(file, 3, 60_000, sampled);
    for (Result r : List.of(run(file, 1, 60_000, sampled), three,
        ResultCodec.decode(ResultCodec.encode(three), three.spec()))) {
      Analysis a = Analyzer.analyze("test", r);
      assertSame(a.totalOf(Family.REQUEST).orElseThrow().intervals(), expected.get(""));
      assertThat(a.groups().stream().filter(g -> !g.intervals().isEmpty()).map(Summary::key)
          .sorted().toList()).isEqualTo(kept);
      for (String key : kept) {
        assertSame(a.groups().stream().filter(g -> g.key().equals(key)).findFirst().orElseThrow()
            .intervals(), expected.get(key));
      }
      assertThat(a.notes()).contains(String.format(Locale.ROOT, "Per interval, %,d of the 676"
          + " operations are shown, those the traffic sample saw most: all of them would take"
          + " more than 20,000 histograms or 34.0 MiB of them (fewer operations with"
          + " --max-operations, or a longer --interval, show more).", kept.size()));
    }
  }

  private static long histogramsRankedBelow(long k, Map<String, TreeMap<Long, List<Long>>> byKey,
      Grouping grouping) {
    return byKey.entrySet().stream()
        .filter(e -> !e.getKey().isEmpty() && grouping.sampleRank(e.getKey()) < k)
        .mapToLong(e -> e.getValue().size()).sum();
  }

  /**
   * Pages of counts, counted apart from the histograms: one per run of 32 of HdrHistogram's
   * buckets that a value falls in, per interval.
   */
  private static long pages(TreeMap<Long, List<Long>> byInterval) {
    return byInterval.values().stream().mapToLong(values -> values.stream()
        .map(v -> NanosHistogram.index(v) / 32).distinct().count()).sum();
  }

  @Test
  void pastThePageBudgetTheSameIsKeptWhateverTheThreadsAndTheCuts() throws IOException {
    Path file = log(40_000, 26, 10); // 4,000 s: 67 intervals of a minute, 26 operations
    Map<String, TreeMap<Long, List<Long>>> expected = bySort(file, 60_000);
    Grouping sampled = Plan.of(List.of(Input.file(file)), Optional.empty()).grouping(
        tardy.record.grouping.GroupingMode.IDS, 2 * Recorder.DEFAULT_MAX_GROUPS);
    long totals = pages(expected.get(""));
    long groups = expected.entrySet().stream().filter(e -> !e.getKey().isEmpty())
        .mapToLong(e -> pages(e.getValue())).sum();
    assertThat(groups).as("the groups' pages past twice the totals'").isGreaterThan(2 * totals);
    // the rule, from the sample's ranks and the pages counted apart: the largest K of
    // (2^16, 2^15, …) whose operations ranked below it hold twice the totals' pages at most
    long k = 1L << 16;
    while (pagesRankedBelow(k, expected, sampled) > 2 * totals) {
      k /= 2;
    }
    long bound = k;
    List<String> kept = expected.keySet().stream()
        .filter(key -> !key.isEmpty() && sampled.sampleRank(key) < bound).sorted().toList();
    assertThat(kept.size()).isBetween(1, 25);

    String one = null;
    for (int threads : new int[] {1, 2, 3}) {
      for (long chunk : new long[] {1 << 20, 4096}) {
        Analysis a = Analyzer.analyze("test", run(file, threads, chunk, 60_000, sampled, totals));
        assertSame(a.totalOf(Family.REQUEST).orElseThrow().intervals(), expected.get(""));
        assertThat(a.groups().stream().filter(g -> !g.intervals().isEmpty()).map(Summary::key)
            .sorted().toList()).isEqualTo(kept);
        for (String key : kept) {
          assertSame(a.groups().stream().filter(g -> g.key().equals(key)).findFirst()
              .orElseThrow().intervals(), expected.get(key));
        }
        String shown = a.notes() + "" + java.util.stream.Stream.concat(a.totals().stream(),
            a.groups().stream()).map(g -> g.key() + g.count() + g.intervals()).toList();
        if (one == null) {
          one = shown;
          assertThat(a.notes()).contains(String.format(Locale.ROOT, "Per interval, %d of the 26"
              + " operations are shown, those the traffic sample saw most: all of them would"
              + " take more than 20,000 histograms or %.1f MiB of them (fewer operations with"
              + " --max-operations, or a longer --interval, show more).", kept.size(),
              2 * totals * 272 / 1048576.0));
        }
        assertThat(shown).as("%d threads, parts of %d bytes", threads, chunk).isEqualTo(one);
      }
    }

    // one page fewer and the totals do not fit: none is kept, and the note says why
    for (int threads : new int[] {1, 3}) {
      Analysis a = Analyzer.analyze("test", run(file, threads, 4096, 60_000, sampled, totals - 1));
      assertThat(a.totalOf(Family.REQUEST).orElseThrow().intervals()).isEmpty();
      assertThat(a.groups()).allMatch(s -> s.intervals().isEmpty());
      assertThat(a.notes()).contains(String.format(Locale.ROOT, "--interval 60s is too fine for"
          + " this log: each family's totals per interval would take more than %.1f MiB of"
          + " histograms, so none is shown; choose a longer interval.",
          (totals - 1) * 272 / 1048576.0));
    }
  }

  private static long pagesRankedBelow(long k, Map<String, TreeMap<Long, List<Long>>> byKey,
      Grouping grouping) {
    return byKey.entrySet().stream()
        .filter(e -> !e.getKey().isEmpty() && grouping.sampleRank(e.getKey()) < k)
        .mapToLong(e -> pages(e.getValue())).sum();
  }

  @Test
  void withoutASampleTooManyOperationsTimesIntervalsKeepTheTotalsOnly() throws IOException {
    Path file = log(120_000, 676, 40); // 3,000 s, 676 operations: 50 intervals of a minute each
    Map<String, TreeMap<Long, List<Long>>> expected = bySort(file, 60_000);
    for (int threads : new int[] {1, 3}) {
      Analysis a = Analyzer.analyze("test", run(file, threads, 60_000));
      assertSame(a.totalOf(Family.REQUEST).orElseThrow().intervals(), expected.get(""));
      assertThat(a.groups()).allMatch(s -> s.intervals().isEmpty());
      assertThat(a.notes()).anyMatch(n -> n.startsWith("Per interval, only each family's total"));
    }
  }

  @Test
  void partsHoldingTheirIntervalsAtOnceFitTheHeap() {
    // each part may fill both page budgets (272 bytes a page) before the parts are added
    long budgetBytes = (ReportIntervals.MAX_TOTAL_PAGES + ReportIntervals.MAX_GROUP_PAGES) * 272;
    for (long heapMiB : new long[] {64, 256, 352, 608, 4096}) {
      int parts = ReportIntervals.partsThatFit(heapMiB << 20);
      assertThat(parts).isPositive();
      if (parts > 1) { // the parts, and 64 MiB left for the rest of the report
        assertThat(parts * budgetBytes + (64L << 20)).isLessThan(heapMiB << 20);
      }
    }
    assertThat(ReportIntervals.partsThatFit(256L << 20)).isEqualTo(2); // the launcher's heap
    assertThat(ReportIntervals.partsThatFit(64L << 20)).isEqualTo(1);
  }
}
