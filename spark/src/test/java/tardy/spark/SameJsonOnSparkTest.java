package tardy.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tardy.run.PartSpec;
import tardy.run.Plan;
import tardy.run.Driver;
import tardy.events.input.Inputs;

/**
 * The command line run through Spark ({@code local[2]}) writes the very bytes the batch run
 * writes, on the samples and on a generated rotated set of plain and gzipped files that Spark
 * cuts into many parts.
 */
class SameJsonOnSparkTest {

  private static final Path SAMPLES = Path.of("..", "samples");

  /** Small parts, so that a small log is cut into more than one level of the tree holds. */
  private static final long PART_BYTES = 256 << 10;

  private static JavaSparkContext sc;
  private static Driver spark;

  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    sc = new JavaSparkContext(new SparkConf().setMaster("local[2]").setAppName("tardy-test")
        .set("spark.ui.enabled", "false")
        .set("spark.ui.showConsoleProgress", "false")
        .set("spark.driver.host", "127.0.0.1")
        .set("spark.driver.bindAddress", "127.0.0.1"));
    sc.setLogLevel("WARN");
    spark = new SparkDriver(() -> sc).withPartBytes(PART_BYTES); // many parts from small files
  }

  @AfterAll
  static void stop() {
    sc.stop();
  }

  private static CommandRun run(Driver driver, String... args) {
    return CommandRun.of(driver, args);
  }

  private static CommandRun assertSameOnSpark(String... args) {
    CommandRun here = run(Driver.LOCAL, args);
    CommandRun there = run(spark, args);
    assertThat(here.code()).as(here.err()).isZero();
    assertThat(there).isEqualTo(here);
    return there;
  }

  @ParameterizedTest
  @ValueSource(strings = {"shop-access.log", "access-nginx.log", "safepoint-jdk17.log",
      "gc-g1-jdk17.log", "gc-jdk8.log", "gc-cms-jdk8.log", "gc-zgc-jdk25.log"})
  void eachSampleGivesTheSameJson(String sample) {
    assertSameOnSpark("report", "--format", "json", SAMPLES.resolve(sample).toString());
  }

  @Test
  void everyJvmSampleInOneRunGivesTheSameJson() {
    assertSameOnSpark("report", "--format", "json", SAMPLES.resolve("gc-*.log").toString(),
        SAMPLES.resolve("safepoint-jdk17.log").toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"g1-time", "parallel-uptime"})
  void requestsAgainstTheJvmsPausesGiveTheSameJson(String run) {
    Path timeline = SAMPLES.resolve("timeline").resolve(run);
    CommandRun both = assertSameOnSpark("report", "--format", "json",
        timeline.resolve("access-msec.log").toString(), timeline.resolve("jvm.log").toString());
    if (run.equals("g1-time")) { // the other's pauses have uptime only: no timeline without a start
      assertThat(both.out()).contains("\"timeline\"");
    }
  }

  @Test
  void aCheckGivesTheSameVerdictsAndExitCode() {
    String[] args = {"check", "--format", "json", "--requirements",
        SAMPLES.resolve("shop-requirements.yaml").toString(),
        SAMPLES.resolve("shop-access.log").toString()};
    CommandRun here = run(Driver.LOCAL, args);
    assertThat(here.code()).as(here.err()).isIn(0, 1);
    assertThat(run(spark, args)).isEqualTo(here);
  }

  /**
   * Error budgets from the per-minute counts of many parts: the three days of the SLO sample,
   * unzipped so that Spark cuts them into parts, give the batch run's budgets, alerts and verdict,
   * in JSON and in CSV (its budget and alert rows).
   */
  @Test
  void errorBudgetsFromManyPartsAreTheBatchRuns() throws IOException {
    Path log = dir.resolve("checkout-3d.log");
    try (java.io.InputStream in = new java.util.zip.GZIPInputStream(
        Files.newInputStream(SAMPLES.resolve("slo/checkout-3d.log.gz")))) {
      Files.copy(in, log, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
    Plan plan = Plan.of(Inputs.resolve(List.of(log.toString()), () -> null), Optional.empty());
    assertThat(SparkDriver.slices(plan, 2, PART_BYTES, PART_BYTES)).hasSizeGreaterThan(4);
    String req = SAMPLES.resolve("slo/requirements.yaml").toString();
    for (String format : List.of("json", "csv")) {
      String[] args = {"check", "--format", format, "--requirements", req, log.toString()};
      CommandRun here = run(Driver.LOCAL, args);
      assertThat(here.code()).as(here.err()).isEqualTo(1); // the sample fails its gate
      assertThat(here.out()).contains(format.equals("json") ? "\"fired_ms\"" : ",alert,");
      assertThat(run(spark, args)).isEqualTo(here);
    }
  }

  /** A rotated set, oldest gzipped, given newest first: the plan puts it in time order. */
  private static String[] rotatedSet() throws IOException {
    Path older = dir.resolve("access.log.2.gz");
    Path old = dir.resolve("access.log.1");
    Path current = dir.resolve("access.log");
    if (!Files.exists(current)) {
      long day = 1_795_000_000_000L;
      generate(gzip(older), day, 8_000, 1);
      generate(Files.newBufferedWriter(old), day + 3_600_000, 20_000, 2);
      generate(Files.newBufferedWriter(current), day + 7_200_000, 3_000, 3);
    }
    return new String[] {current.toString(), older.toString(), old.toString()};
  }

  /**
   * A JVM log beside an access log is read once, on the Spark driver, for the pause index and its
   * own tables, as in the batch run: the cluster parses the access log's parts only, and the
   * JSON is the batch run's whether the JVM log comes first or last in time.
   */
  @Test
  void aJvmLogBesideAnAccessLogIsReadOnceOnTheDriver() throws IOException {
    Path timeline = SAMPLES.resolve("timeline").resolve("g1-time");
    List<String> jvm = Files.readAllLines(timeline.resolve("jvm.log"), StandardCharsets.ISO_8859_1);
    Path later = Files.write(dir.resolve("jvm-later.log"), jvm.subList(jvm.size() / 2, jvm.size()),
        StandardCharsets.ISO_8859_1);
    for (Path log : List.of(timeline.resolve("jvm.log"), later)) {
      String access = timeline.resolve("access-msec.log").toString();
      Plan plan = Plan.of(Inputs.resolve(List.of(access, log.toString()), () -> null),
          Optional.empty());
      int jvmPlace = plan.entries().stream()
          .filter(e -> e.input().name().equals(log.toString())).findFirst().orElseThrow().index();
      List<PartSpec> all = SparkDriver.slices(plan, 2, 16 << 10, 16 << 10, java.util.Set.of(jvmPlace));
      assertThat(all).filteredOn(s -> s.input() == jvmPlace).as("%s holds one place", log)
          .singleElement().satisfies(s -> assertThat(s.from()).isNegative());
      assertThat(SparkDriver.toParse(all, java.util.Set.of(jvmPlace))).as("the cluster's parts")
          .hasSize(all.size() - 1).allSatisfy(s -> assertThat(s.input()).isNotEqualTo(jvmPlace));
      assertThat(assertSameOnSpark("report", "--format", "json", access, log.toString()).out())
          .contains("\"timeline\"");
    }
  }

  @Test
  void aRotatedSetOfPlainAndGzippedFilesCutIntoManyPartsGivesTheSameJson() throws IOException {
    String[] files = rotatedSet();
    Plan plan = Plan.of(Inputs.resolve(List.of(files), () -> null), Optional.empty());
    List<PartSpec> slices = SparkDriver.slices(plan, 2, PART_BYTES, PART_BYTES);
    assertThat(slices).as("parts: more than one level of adding").hasSizeGreaterThan(InPlanOrder.FAN_IN);
    assertThat(slices.stream().filter(s -> s.from() >= 0).count())
        .as("ranges of the plain files").isGreaterThan(4);
    assertThat(slices.stream().filter(s -> s.location().name().endsWith(".gz")))
        .as("a gzipped file is one part").hasSize(1);

    assertThat(assertSameOnSpark("report", "--format", "json", files[0], files[1], files[2]).out())
        .as("every line accounted for")
        .contains("\"lines\" : 3000", "\"lines\" : 8000", "\"lines\" : 20000")
        .contains("{id}"); // ids inferred from the sample, as the batch run infers them
    assertSameOnSpark("report", "--format", "json", "--grouping", "raw", "--max-operations", "5",
        files[0], files[1], files[2]);
  }

  /**
   * A zstd file (written by the zstd tool: three frames and a skippable one) is one part, read
   * whole by one task, locally and through Hadoop, and gives the plain log's JSON.
   */
  @Test
  void aZstdFileIsOnePartAndGivesThePlainLogsJson() throws IOException {
    Path zst = Files.copy(Path.of("../events/src/test/resources/zstd/shop-access-frames.log.zst"),
        dir.resolve("shop.log.zst"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Path plain = SAMPLES.resolve("shop-access.log");
    Plan plan = Plan.of(Inputs.resolve(List.of(zst.toString(), plain.toString()), () -> null),
        Optional.empty());
    List<PartSpec> slices = SparkDriver.slices(plan, 2, PART_BYTES, PART_BYTES);
    assertThat(slices.stream().filter(s -> s.location().name().endsWith(".zst")))
        .as("a zstd file is one part, read whole").singleElement()
        .matches(s -> s.from() < 0 && s.to() < 0);

    CommandRun here = run(Driver.LOCAL, "report", "--format", "json", plain.toString());
    assertThat(here.code()).as(here.err()).isZero();
    CommandRun local = run(spark, "report", "--format", "json", zst.toString());
    assertThat(local.err()).isEmpty();
    assertThat(local.out().replace(zst.toString(), plain.toString())).isEqualTo(here.out());
    String hadoop = "file://" + zst.toAbsolutePath();
    CommandRun there = run(spark, "report", "--format", "json", hadoop);
    assertThat(there.err()).isEmpty();
    assertThat(there.out().replace(hadoop, plain.toString()))
        .isEqualTo(here.out());
  }

  @Test
  void hadoopPathsAndGlobsAreReadThroughHadoopAndGiveTheSameNumbers() throws IOException {
    String[] files = rotatedSet();
    String glob = "file://" + dir.toAbsolutePath() + "/access.log*";
    List<tardy.events.input.Input> inputs =
        ((SparkDriver) spark).resolve(List.of(glob), () -> null);
    assertThat(inputs).extracting(i -> i.path().orElseThrow())
        .allMatch(p -> p instanceof tardy.spark.hadoop.HadoopPath);
    List<PartSpec> slices = SparkDriver.slices(Plan.of(inputs, Optional.empty()), 2, PART_BYTES,
        PART_BYTES);
    assertThat(slices.stream().filter(s -> s.from() >= 0 && s.location().remote()).count())
        .as("a Hadoop file cut at line ends by the core's rule").isGreaterThan(4);

    CommandRun here = run(Driver.LOCAL, "report", "--format", "json", files[0], files[1], files[2]);
    CommandRun there = run(spark, "report", "--format", "json", glob);
    assertThat(there.err()).isEmpty();
    assertThat(there.out().replace("file:", "")).as("the same but the inputs' names")
        .isEqualTo(here.out());
    CommandRun missing = run(spark, "report", "file://" + dir.toAbsolutePath() + "/nothing*");
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("no file matches this pattern");
  }

  @ParameterizedTest
  @ValueSource(strings = {"safepoint-jdk17.log", "gc-g1-jdk17.log", "gc-cms-jdk8.log"})
  void anHlogWrittenThroughSparkHasTheSameBytes(String sample) throws IOException {
    Path here = dir.resolve(sample + ".here.hlog");
    Path there = dir.resolve(sample + ".there.hlog");
    String log = SAMPLES.resolve(sample).toString();
    CommandRun batch = run(Driver.LOCAL, "hlog", "--interval", "1s", "-o", here.toString(), log);
    assertThat(batch.code()).as(batch.err()).isZero();
    CommandRun cluster = run(spark, "hlog", "--interval", "1s", "-o", there.toString(), log);
    assertThat(cluster.code()).isZero();
    assertThat(cluster.err()).isEqualTo(batch.err().replace(here.toString(), there.toString()));
    assertThat(Files.readString(there)).isEqualTo(Files.readString(here));
  }

  @Test
  void anHlogOfARotatedSetCutIntoManyPartsHasTheSameBytes() throws IOException {
    String[] files = rotatedSet();
    Path here = dir.resolve("requests.here.hlog");
    Path there = dir.resolve("requests.there.hlog");
    CommandRun batch = run(Driver.LOCAL, "hlog", "--interval", "10s", "-o", here.toString(),
        files[0], files[1], files[2]);
    assertThat(batch.code()).as(batch.err()).isZero();
    CommandRun cluster = run(spark, "hlog", "--interval", "10s", "-o", there.toString(),
        files[0], files[1], files[2]);
    assertThat(cluster.err()).isEqualTo(batch.err().replace(here.toString(), there.toString()));
    assertThat(Files.readString(there)).isEqualTo(Files.readString(here));
  }

  /**
   * A result saved from a cluster run is the one a local run saves, byte for byte, so a CI job can
   * compare a cluster's day with a laptop's run; read back, it gives the report of the logs.
   */
  @Test
  void aResultSavedThroughSparkHasTheSameBytesAndReadsBackAsItsLogs() throws IOException {
    String[] files = rotatedSet();
    Path here = dir.resolve("requests.here.tardy");
    Path there = dir.resolve("requests.there.tardy");
    CommandRun batch = run(Driver.LOCAL, "report", "--format", "json", "--save", here.toString(),
        files[0], files[1], files[2]);
    assertThat(batch.code()).as(batch.err()).isZero();
    CommandRun cluster = run(spark, "report", "--format", "json", "--save", there.toString(),
        files[0], files[1], files[2]);
    assertThat(cluster.out()).isEqualTo(batch.out());
    assertThat(Files.readAllBytes(there)).isEqualTo(Files.readAllBytes(here));
    CommandRun read = run(Driver.LOCAL, "report", "--format", "json", there.toString());
    assertThat(read.code()).as(read.err()).isZero();
    assertThat(read.out()).isEqualTo(batch.out());
  }

  @Test
  void whatCannotRunOnAClusterIsAUsageErrorNotACrash() {
    String log = SAMPLES.resolve("shop-access.log").toString();
    CommandRun stdin = run(spark, "report", "-");
    assertThat(stdin.code()).isEqualTo(2);
    assertThat(stdin.err()).contains("standard input");
    CommandRun rejects =
        run(spark, "report", "--rejects", dir.resolve("rejects.txt").toString(), log);
    assertThat(rejects.code()).isEqualTo(2);
    assertThat(rejects.err()).contains("--rejects");
    CommandRun follow = run(spark, "report", "--follow", log);
    assertThat(follow.code()).isEqualTo(2);
    assertThat(follow.err()).contains("--follow");
  }

  private static Writer gzip(Path file) throws IOException {
    OutputStream out = new GZIPOutputStream(Files.newOutputStream(file));
    return new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8);
  }

  /**
   * Access-log lines (nginx combined with $request_time) one every 50 ms from {@code start}:
   * ids in paths, a few methods and statuses, and one malformed line in a thousand.
   */
  private static int generate(Writer out, long start, int count, long seed) throws IOException {
    SplittableRandom random = new SplittableRandom(seed);
    String[] routes = {"GET /api/users/%d", "GET /api/orders/%d/items", "POST /api/cart",
        "GET /static/app.js", "GET /health", "PUT /api/users/%d/avatar"};
    java.time.format.DateTimeFormatter time = java.time.format.DateTimeFormatter
        .ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT).withZone(java.time.ZoneOffset.UTC);
    try (out) {
      for (int i = 0; i < count; i++) {
        if (i % 1000 == 999) {
          out.write("a line no format reads\n");
          continue;
        }
        String route = routes[random.nextInt(routes.length)];
        String request = String.format(Locale.ROOT, route, random.nextInt(100_000));
        int status = random.nextInt(50) == 0 ? 500 : 200;
        double seconds = Math.exp(random.nextDouble() * 7) / 1000.0;
        out.write(String.format(Locale.ROOT,
            "10.0.%d.%d - - [%s] \"%s HTTP/1.1\" %d %d \"-\" \"gen/1.0\" %.3f\n",
            i % 250, i % 7, time.format(java.time.Instant.ofEpochMilli(start + 50L * i)),
            request, status, 200 + random.nextInt(5000), seconds));
      }
    }
    return count;
  }
}
