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

  /**
   * The shapes content sites have (WordPress, Drupal, Ghost, MediaWiki, a static site), each
   * its own log as a user would read it: few rows, nothing in (other), under 1 % of the requests
   * in one-request rows, the same rows whatever the threads, and every folded row's count and
   * percentiles those of a plain read of the requests its template matches.
   */
  @Test
  void contentSiteShapesHaveFewRowsAndExactFoldedOperations() throws IOException {
    SiteShapes shapes = new SiteShapes(23);
    for (SiteShapes.Shape shape : SiteShapes.Shape.values()) {
      Path log = shapes.write(shape, dir.resolve(shape + ".log"), 20_000);
      Analysis a = analyze(Input.file(log), Optional.of(Formats.resolve("combined")),
          GroupingMode.INFER, 1000, 3);
      Analysis one = analyze(Input.file(log), Optional.of(Formats.resolve("combined")),
          GroupingMode.INFER, 1000, 1);
      System.out.println(shape + " rows " + a.groups().size() + " one-request "
          + oneRequestShare(a) + " " + keys(a).stream().sorted().toList());
      assertThat(keys(one)).as(shape.name()).isEqualTo(keys(a));
      assertThat(keys(a)).as(shape.name()).doesNotContain(Recorder.OTHER);
      assertThat(a.groups().size()).as(shape.name()).isLessThanOrEqualTo(SHAPE_ROWS.get(shape));
      assertThat(oneRequestShare(a)).as(shape.name()).isLessThan(0.01);
      assertExact(a, exactLatencies(log, a));
    }
  }

  /** The rows each shape may give: its endpoints, and the kinds (K) some are written with. */
  private static final java.util.Map<SiteShapes.Shape, Integer> SHAPE_ROWS = java.util.Map.of(
      SiteShapes.Shape.WORDPRESS, 40, SiteShapes.Shape.DRUPAL, 30, SiteShapes.Shape.GHOST, 30,
      SiteShapes.Shape.MEDIAWIKI, 30, SiteShapes.Shape.STATIC, 30);

  /** Each row's count, min, max, sum and percentiles against a plain sort of its requests. */
  static void assertExact(Analysis a, java.util.Map<String, List<Long>> truth) {
    assertThat(truth).isNotEmpty();
    for (Summary s : a.groups()) {
      if (!truth.containsKey(s.key()) && (s.key().contains("{name}") || s.key().contains("{slug}"))) {
        throw new AssertionError(s.key() + ": no request of the log matches it");
      }
      if (!truth.containsKey(s.key())) {
        continue;
      }
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
  void realProductionTrafficHasFewRowsAndLittleInOneRequestRows() throws IOException {
    Path log = Corpus.require("access").resolve("lihaogm_spark-analyse-log/10000_access.log");
    Optional<LogFormat> format = Optional.of(Formats.resolve(CorpusFormats.IMOOC));
    Analysis ids = analyze(Input.file(log), format, GroupingMode.IDS, 1000, 1);
    Analysis infer = analyze(Input.file(log), format, GroupingMode.INFER, 1000, 1);
    assertThat(infer.totalOf(tardy.events.Family.REQUEST).orElseThrow().count()).isEqualTo(10_000);
    assertThat(infer.groups().size()).isLessThan(330).isLessThan(ids.groups().size() * 6 / 10);
    assertThat(oneRequestShare(infer)).isLessThan(0.01);
    assertThat(infer.groups()).extracting(Summary::key).contains("GET /wap/css/{name}.css",
        "GET /static/page/{path}.js", "GET /static/img/home/{name}.png");
    Analysis threads = analyze(Input.file(log), format, GroupingMode.INFER, 1000, 3);
    assertThat(keys(threads)).isEqualTo(keys(infer));
    assertExact(infer, exactLatencies(log, infer));
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
    // times that differ from line to line, so each row's percentiles are checked, not only counts
    Files.write(log, java.util.stream.IntStream.range(0, lines.size())
            .mapToObj(i -> lines.get(i) + " " + (i * 37 % 997 + 1) / 1000 + "."
                + String.valueOf(1000 + (i * 37 % 997 + 1) % 1000).substring(1)).toList(),
        java.nio.charset.StandardCharsets.ISO_8859_1);
    Optional<LogFormat> format = Optional.of(Formats.resolve("combined"));
    Analysis ids = analyze(Input.file(log), format, GroupingMode.IDS, 1000, 1);
    Analysis infer = analyze(Input.file(log), format, GroupingMode.INFER, 1000, 1);
    assertThat(ids.groups().size()).isGreaterThan(300);
    assertThat(infer.groups().size()).isLessThan(100);
    // 11 one-request rows left: single hits of distinct pages and files (/m/search,
    // /manifest.json, the one .woff2 and .ico), too few to fold honestly
    assertThat(oneRequestShare(infer)).isLessThan(0.012);
    assertThat(infer.groups()).extracting(Summary::key).doesNotContain(Recorder.OTHER)
        .contains("GET /static/images/{path}.png") // eleven images over three directories
        .noneMatch(k -> k.startsWith("GET /static/images/guarantees/"));
    assertThat(infer.groups()).extracting(Summary::key).contains("GET /filter/{*}",
        "GET /m/filter/{*}", "GET /image/{id}/productModel/200x200", "GET /product/{id}/{*}",
        "GET /settings/logo", "GET /image/{id}/brand", "GET /blog/{path}", "GET /browse/{slug}",
        "GET /product/{id}/{id}/{*}").doesNotContain("GET /product/{id}/{id}/{id}");
    assertExact(infer, exactLatencies(log, infer));
  }

  /**
   * Service-like logs keep the rows the id rules and inference gave them before names and files
   * folded (written down from that version): only the seznam ads UI's four icons, seen once
   * each in one directory, now meet in one row.
   */
  @Test
  void serviceLikeCorpusLogsKeepTheirRows() {
    Path dir = Corpus.require("access");
    assertThat(keys(analyze(Input.file(dir.resolve(
        "elastic_beats/filebeat/module/nginx/ingress_controller/test/test.log")), Optional.empty(),
        GroupingMode.INFER, 1000, 2))).containsExactlyInAnyOrder("GET /favicon.ico",
        "GET /products/{id}", "GET /v2", "GET /v2/some", "DELETE /products/{id}", "GET /",
        "GET /A%20Beka%20G1%20Howe/{id}_AND_{id}/{id}%20reading%20elephants.mp4",
        "GET /test/test.mp4", "PATCH /products/{id}", "POST /_bulk", "POST /products",
        "(invalid request)");
    assertThat(keys(analyze(Input.file(dir.resolve("tkuchiki_alp/example/logs/combined_access.log")),
        Optional.empty(), GroupingMode.INFER, 1000, 2))).containsExactlyInAnyOrder(
        "POST /foo/bar", "GET /diary/entry/{id}", "GET /foo/bar", "GET /foo/bar/5xx",
        "POST /hoge/piyo");
    String seznam = "$remote_addr - $remote_user [$time_local] \"$request\" $status"
        + " $body_bytes_sent \"$http_referer\" uag=\"$http_user_agent\" \"$http_x_forwarded_for\""
        + " ua=\"$upstream_addr\" rt=\"$request_time\" uct=\"$upstream_connect_time\""
        + " uht=\"$upstream_header_time\" urt=\"$upstream_response_time\" $seznam_tail";
    assertThat(keys(analyze(Input.file(dir.resolve("seznam_slo-exporter/examples/nginx_proxy/test.log")),
        Optional.of(Formats.resolve(seznam)), GroupingMode.INFER, 1000, 2)))
        .containsExactlyInAnyOrder("POST /api/v2/graphql", "GET /img2/icons/{name}.svg",
            "GET /api/v1/filters", "GET /api/v1/load-chart-settings",
            "GET /fonts/Trivia/TriviaSeznam-Bold.woff", "GET /img2/ico-odebrat.png",
            "GET /img2/ico-pozastavit.png", "GET /js/js_all_user.js");
  }

  /**
   * Logs of a vulnerability scanner's probes: IIS's 210 requests of bingbot and a scanner to 100
   * distinct paths, most a plain top-level word asked once or twice (/aspcms/, /bbsmax/, /dedecms/):
   * words at a site's root stay routes (a REST service's resources look the same), so each probe is
   * a row; bounded by half the requests, not a quarter.
   */
  private static final java.util.Set<String> SCANNED = java.util.Set.of("tstack_lnav/test/logfile_w3c_big.0");

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
      long bound = SCANNED.contains(row.split("\t", 2)[0]) ? requests / 2 : Math.max(30, requests / 4);
      assertThat((long) a.groups().size()).as(log.toString()).isLessThanOrEqualTo(bound);
      compared++;
    }
    assertThat(compared).as("corpus logs tardy detects without a log_format").isGreaterThanOrEqualTo(2);
  }

  /**
   * The latencies of every row that holds a name or file placeholder, from a plain read of the
   * log (imooc's layout: the request in the first quotes, the request time last): each request
   * goes to the row whose template its path matches, a literal segment before a placeholder
   * from the left (how a template prefers a known word; see {@link #literalFirst}), {@code {id}}
   * a digit run and any other
   * placeholder a run of other bytes than {@code /}.
   */
  static java.util.Map<String, List<Long>> exactLatencies(Path log, Analysis a) throws IOException {
    List<String> templates = a.groups().stream().map(Summary::key).filter(k -> k.contains(" /"))
        .toList();
    java.util.Map<String, java.util.regex.Pattern> patterns = new java.util.HashMap<>();
    for (String t : templates) {
      StringBuilder re = new StringBuilder();
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\{[a-z*]+}").matcher(t);
      int at = 0;
      while (m.find()) {
        re.append(java.util.regex.Pattern.quote(t.substring(at, m.start())))
            .append(m.group().equals("{id}") ? "[0-9]+"
                : m.group().equals("{hash}") ? "([A-Za-z0-9]{8,})"
                : m.group().equals("{path}") ? ".*" : "[^/]+?");
        at = m.end();
      }
      patterns.put(t, java.util.regex.Pattern.compile(
          re.append(java.util.regex.Pattern.quote(t.substring(at))).toString()));
    }
    java.util.Map<String, List<Long>> out = new java.util.HashMap<>();
    for (String line : Files.readAllLines(log, java.nio.charset.StandardCharsets.ISO_8859_1)) {
      int open = line.indexOf('"');
      String[] request = line.substring(open + 1, line.indexOf('"', open + 1)).split(" ");
      String time = line.substring(line.lastIndexOf(' ') + 1);
      if (request.length != 3 || !time.matches("[0-9]+\\.[0-9]{3}")) {
        continue;
      }
      String path = request[1].split("[?#]", 2)[0];
      String key = request[0] + " " + path;
      String best = null;
      for (String t : templates) {
        java.util.regex.Matcher m = patterns.get(t).matcher(key);
        if (m.matches() && hashes(m)
            && (best == null || literalFirst(t).compareTo(literalFirst(best)) > 0)) {
          best = t;
        }
      }
      if (best != null && (best.contains("{name}") || best.contains("{slug}")
          || best.contains("{path}"))) {
        out.computeIfAbsent(best, k -> new java.util.ArrayList<>())
            .add(new java.math.BigDecimal(time).movePointRight(9).longValueExact());
      }
    }
    return out;
  }

  /** Whether each {@code {hash}} matched is a build hash as README describes one. */
  private static boolean hashes(java.util.regex.Matcher m) {
    for (int g = 1; g <= m.groupCount(); g++) {
      String h = m.group(g);
      boolean hexOneCase = h.matches("[0-9a-f]*[a-f][0-9a-f]*|[0-9A-F]*[A-F][0-9A-F]*");
      long digits = h.chars().filter(Character::isDigit).count();
      long upper = h.chars().filter(Character::isUpperCase).count();
      long lower = h.chars().filter(Character::isLowerCase).count();
      if (!(hexOneCase || digits >= 2 && upper >= 1 && lower >= 1 || upper >= 3 && lower >= 3)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Per segment 2 for a literal, 1 for the fixed rules' placeholders ({@code {id}}, {@code
   * {hash}}: they apply before any template is inferred), 0 for an inferred one.
   */
  private static String literalFirst(String template) {
    StringBuilder s = new StringBuilder();
    for (String segment : template.split("/", -1)) {
      String fixed = segment.replaceAll("\\{(id|hash|hex|uuid)}", "");
      s.append(segment.indexOf('{') < 0 ? '2' : fixed.indexOf('{') < 0 ? '1' : '0');
    }
    return s.toString();
  }

  static double oneRequestShare(Analysis a) {
    long one = a.groups().stream().filter(s -> s.count() == 1).count();
    return (double) one / a.totalOf(tardy.events.Family.REQUEST).orElseThrow().count();
  }

  static Set<String> keys(Analysis a) {
    return a.groups().stream().map(Summary::key).collect(Collectors.toCollection(HashSet::new));
  }
}
