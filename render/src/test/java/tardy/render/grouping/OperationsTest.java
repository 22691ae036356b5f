package tardy.render.grouping;

import tardy.analysis.Analyzer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.analysis.Analysis;
import tardy.record.histogram.Percentiles;
import tardy.run.Pipeline;
import tardy.record.Recorder;
import tardy.record.Result;
import tardy.analysis.Summary;
import tardy.record.grouping.GroupingMode;
import tardy.record.grouping.SampledGrouping;
import tardy.events.Corpus;
import tardy.formats.Formats;
import tardy.events.LogFormat;
import tardy.events.input.Input;
import tardy.events.input.LineReader;

/**
 * The report's rows are the service's operations: on generated traffic whose operations are
 * known, exactly those, with counts and percentiles equal to the exact values over the requests
 * each holds; on real logs, few rows and little traffic in one-request rows.
 */
class OperationsTest {

  @TempDir Path dir;

  static Analysis analyze(Input input, Optional<LogFormat> format, GroupingMode mode,
      int maxGroups, int threads) {
    Pipeline.Options options = new Pipeline.Options(format, threads,
        LineReader.DEFAULT_MAX_LINE_BYTES, null).withMinChunkBytes(1 << 16);
    return Analyzer.analyze("t", new Pipeline(options).run(List.of(input), plan ->
        Result.Spec.report(plan.grouping(mode, 2 * maxGroups), maxGroups)));
  }

  @Test
  void generatedShopTrafficGivesItsOperationsWithExactCountsAndPercentiles() throws IOException {
    ShopTraffic traffic = new ShopTraffic(7);
    // larger than the whole-file sample, so the templates come from windows spread over it
    Path log = traffic.write(dir.resolve("shop.log"), 90_000);
    assertThat(Files.size(log)).isGreaterThan(tardy.record.grouping.TrafficSample.BYTES);
    Analysis a = analyze(Input.file(log), Optional.empty(), GroupingMode.INFER, 1000, 3);
    assertThat(a.groups()).extracting(Summary::key)
        .containsExactlyInAnyOrderElementsOf(ShopTraffic.operations());
    for (Summary s : a.groups()) {
      long[] sorted = traffic.truth.get(s.key()).stream().mapToLong(Long::longValue).sorted()
          .toArray();
      assertThat(s.count()).as(s.key()).isEqualTo(sorted.length);
      assertThat(s.minNanos()).as(s.key()).isEqualTo(sorted[0]);
      assertThat(s.maxNanos()).as(s.key()).isEqualTo(sorted[sorted.length - 1]);
      assertThat(s.sumNanos()).as(s.key()).isEqualTo(Arrays.stream(sorted).sum());
      for (Percentiles.Point p : s.latency().points()) {
        long exact = exactAt(sorted, p.percentile());
        assertThat(s.histogram().lowestEquivalentValue(p.nanos())).as(s.key() + " p" + p.label())
            .isLessThanOrEqualTo(exact);
        assertThat(p.nanos()).as(s.key() + " p" + p.label()).isGreaterThanOrEqualTo(exact)
            .isLessThanOrEqualTo(exact + Math.max(1, exact / 1000));
      }
    }
  }

  /**
   * A content site: articles with Persian titles under thick and thin categories, tags, talks,
   * files and images by extension. Its rows are exactly its operations (nothing in (other)), the
   * same whatever the threads, each with the exact count and percentiles of the requests it holds.
   */
  @Test
  void aGeneratedContentSiteGivesItsOperationsWithExactCountsAndPercentiles() throws IOException {
    ContentSiteTraffic traffic = new ContentSiteTraffic(11);
    Path log = traffic.write(dir.resolve("site.log"), 60_000);
    Analysis a = analyze(Input.file(log), Optional.of(Formats.resolve("combined")),
        GroupingMode.INFER, 1000, 3);
    Analysis one = analyze(Input.file(log), Optional.of(Formats.resolve("combined")),
        GroupingMode.INFER, 1000, 1);
    assertThat(a.groups()).extracting(Summary::key)
        .containsExactlyInAnyOrderElementsOf(ContentSiteTraffic.operations());
    assertThat(keys(one)).isEqualTo(keys(a));
    assertThat(oneRequestShare(a)).isLessThan(0.01);
    assertExact(a, traffic.truth);
  }

  /** Each row's count, min, max, sum and percentiles against a plain sort of its requests. */
  static void assertExact(Analysis a, java.util.Map<String, List<Long>> truth) {
    for (Summary s : a.groups()) {
      long[] sorted = truth.get(s.key()).stream().mapToLong(Long::longValue).sorted().toArray();
      assertThat(s.count()).as(s.key()).isEqualTo(sorted.length);
      assertThat(s.minNanos()).as(s.key()).isEqualTo(sorted[0]);
      assertThat(s.maxNanos()).as(s.key()).isEqualTo(sorted[sorted.length - 1]);
      assertThat(s.sumNanos()).as(s.key()).isEqualTo(Arrays.stream(sorted).sum());
      for (Percentiles.Point p : s.latency().points()) {
        long exact = exactAt(sorted, p.percentile());
        assertThat(s.histogram().lowestEquivalentValue(p.nanos())).as(s.key() + " p" + p.label())
            .isLessThanOrEqualTo(exact);
        assertThat(p.nanos()).as(s.key() + " p" + p.label()).isGreaterThanOrEqualTo(exact)
            .isLessThanOrEqualTo(exact + Math.max(1, exact / 1000));
      }
    }
  }

  @Test
  void theFixedIdRulesAloneLeaveTheLongTailApart() throws IOException {
    Path log = new ShopTraffic(7).write(dir.resolve("shop.log"), 20_000);
    Analysis ids = analyze(Input.file(log), Optional.empty(), GroupingMode.IDS, 100, 1);
    Analysis raw = analyze(Input.file(log), Optional.empty(), GroupingMode.RAW, 100, 1);
    assertThat(ids.foldedGroups()).isGreaterThan(5_000);
    assertThat(raw.foldedGroups()).isGreaterThan(ids.foldedGroups());
    assertThat(ids.groups()).extracting(Summary::key).contains("GET /api/v1/products/{id}")
        .noneMatch(k -> k.contains("{hash}") || k.contains("{slug}") || k.contains("{*}"));
  }

  /** The nearest-rank percentile, as HdrHistogram defines it: rank ceil(p/100 * n), at least 1. */
  static long exactAt(long[] sorted, double percentile) {
    double justBelow = Math.nextAfter(percentile, Double.NEGATIVE_INFINITY);
    long rank = Math.max(1, (long) Math.ceil(justBelow / 100.0 * sorted.length));
    return sorted[(int) Math.min(rank, sorted.length) - 1];
  }

  @Test
  void realProductionTrafficHasFewRowsAndLittleInOneRequestRows() {
    Path log = Corpus.require("access").resolve("lihaogm_spark-analyse-log/10000_access.log");
    Optional<LogFormat> format = Optional.of(Formats.resolve(CorpusFormats.IMOOC));
    Analysis ids = analyze(Input.file(log), format, GroupingMode.IDS, 1000, 1);
    Analysis infer = analyze(Input.file(log), format, GroupingMode.INFER, 1000, 1);
    assertThat(infer.totalOf(tardy.events.Family.REQUEST).orElseThrow().count()).isEqualTo(10_000);
    assertThat(infer.groups().size()).isLessThan(450).isLessThan(ids.groups().size() * 6 / 10);
    assertThat(oneRequestShare(infer)).isLessThan(0.025);
    assertThat(infer.groups()).extracting(Summary::key).doesNotContain(Recorder.OTHER)
        .contains("HEAD /", "GET /video/{id}", "GET /socket.io/{id}/websocket/{*}",
            "GET /u/{id}/course/{id}/codes", "POST /course/ajaxmediauser")
        .noneMatch(k -> k.startsWith("POST /{*}")); // a first segment of route words stays
  }

  @Test
  void aRealShopsPathsBecomeItsOperations() throws IOException {
    // zanbil.ir's log has no request time: the same lines with one appended keep its real paths
    Path source = Corpus.require("access").resolve("tstack_lnav/test/logfile_shop_access_log.0");
    List<String> lines = Files.readAllLines(source, java.nio.charset.StandardCharsets.ISO_8859_1);
    Path log = dir.resolve("shop.log");
    Files.write(log, lines.stream().map(l -> l + " 0.010").toList(),
        java.nio.charset.StandardCharsets.ISO_8859_1);
    Optional<LogFormat> format = Optional.of(Formats.resolve("combined"));
    Analysis ids = analyze(Input.file(log), format, GroupingMode.IDS, 1000, 1);
    Analysis infer = analyze(Input.file(log), format, GroupingMode.INFER, 1000, 1);
    assertThat(ids.groups().size()).isGreaterThan(300);
    assertThat(infer.groups().size()).isLessThan(100);
    assertThat(oneRequestShare(infer)).isLessThan(0.04);
    assertThat(infer.groups()).extracting(Summary::key).contains("GET /filter/{*}",
        "GET /m/filter/{*}", "GET /image/{id}/productModel/200x200", "GET /product/{id}/{*}",
        "GET /settings/logo", "GET /image/{id}/brand");
  }

  @Test
  void everyDetectedCorpusAccessLogHasBoundedRows() throws IOException {
    Path dir = Corpus.require("access");
    List<String> rows = Files.readAllLines(dir.resolve("INDEX.tsv"));
    int compared = 0;
    for (String row : rows.subList(1, rows.size())) {
      Path log = dir.resolve(row.split("\t", 2)[0]);
      Analysis a;
      try {
        a = analyze(Input.file(log), Optional.empty(), GroupingMode.INFER, 1000, 2);
      } catch (tardy.events.input.InputException notALogTardyReads) {
        continue;
      }
      long requests = a.totalOf(tardy.events.Family.REQUEST).orElseThrow().count();
      assertThat((long) a.groups().size()).as(log.toString())
          .isLessThanOrEqualTo(Math.max(30, requests / 4));
      compared++;
    }
    assertThat(compared).as("corpus logs tardy detects without a log_format").isGreaterThanOrEqualTo(2);
  }

  static double oneRequestShare(Analysis a) {
    long one = a.groups().stream().filter(s -> s.count() == 1).count();
    return (double) one / a.totalOf(tardy.events.Family.REQUEST).orElseThrow().count();
  }

  static Set<String> keys(Analysis a) {
    return a.groups().stream().map(Summary::key).collect(Collectors.toCollection(HashSet::new));
  }
}
