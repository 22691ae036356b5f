package tardy.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.run.Driver;

/**
 * The job on Spark's {@code local-cluster} master: a Master and Workers inside this JVM, but each
 * executor a JVM of its own, started in a working directory of its own, as on a real cluster.
 * Tasks, their closures and their results cross JVMs serialized, tardy's classes are loaded by
 * the executor, a relative path given on the command line means another file there, and a task's
 * exception reaches this JVM as Spark's text. The samples are named by relative paths.
 */
class SameOutputOnLocalClusterTest {

  private static final Path SAMPLES = Path.of("..", "samples");

  private static JavaSparkContext sc;
  private static Driver spark;

  @TempDir static Path dir;

  @BeforeAll
  static void start() throws IOException {
    // a Worker launches executors from a Spark home (jars/); under test, with this JVM's class path
    Path home = Files.createDirectories(dir.resolve("spark-home"));
    Files.createDirectories(home.resolve("jars"));
    Files.createDirectories(home.resolve("launcher/target/scala-2.13")); // Spark's Scala version
    System.setProperty("spark.testing", "true");
    System.setProperty("spark.test.home", home.toString());
    sc = new JavaSparkContext(new SparkConf().setMaster("local-cluster[2,1,512]")
        .setAppName("tardy-local-cluster-test")
        .set("spark.executor.memory", "512m")
        .set("spark.ui.enabled", "false")
        .set("spark.ui.showConsoleProgress", "false")
        .set("spark.driver.host", "127.0.0.1")
        .set("spark.driver.bindAddress", "127.0.0.1"));
    sc.setLogLevel("WARN");
    spark = new SparkDriver(() -> sc).withPartBytes(16 << 10); // parts for both executors
  }

  @AfterAll
  static void stop() {
    if (sc != null) {
      sc.stop();
    }
    System.clearProperty("spark.testing");
    System.clearProperty("spark.test.home");
  }

  private static CommandRun assertSame(String... args) {
    CommandRun here = CommandRun.of(Driver.LOCAL, args);
    assertThat(CommandRun.of(spark, args)).isEqualTo(here);
    return here;
  }

  @Test
  void relativePathsNameTheSubmittersFilesNotTheExecutorsWorkingDirectory() {
    CommandRun report = assertSame("report", "--format", "json",
        SAMPLES.resolve("shop-access.log").toString(),
        SAMPLES.resolve("gc-g1-jdk17.log").toString());
    assertThat(report.code()).as(report.err()).isZero();
    assertThat(report.out()).as("the input named as given")
        .contains("\"source\" : \"" + SAMPLES.resolve("shop-access.log") + "\"");
  }

  @Test
  void requestsAgainstTheJvmsPausesCrossTheExecutorsWhole() {
    Path timeline = SAMPLES.resolve("timeline").resolve("g1-time");
    CommandRun report = assertSame("report", "--format", "json",
        timeline.resolve("access-msec.log").toString(), timeline.resolve("jvm.log").toString());
    assertThat(report.out()).contains("\"timeline\"");
  }

  @Test
  void aFailedBudgetIsExitCodeOne() {
    CommandRun check = assertSame("check", "--requirements",
        SAMPLES.resolve("shop-requirements.yaml").toString(),
        SAMPLES.resolve("shop-access.log").toString());
    assertThat(check.code()).as(check.err()).isIn(0, 1);
  }

  @Test
  void anHlogHasTheSameBytes() throws IOException {
    Path here = dir.resolve("here.hlog");
    Path there = dir.resolve("there.hlog");
    String log = SAMPLES.resolve("gc-g1-jdk17.log").toString();
    CommandRun batch = CommandRun.of(Driver.LOCAL, "hlog", "--interval", "1s", "-o",
        here.toString(), log);
    assertThat(batch.code()).as(batch.err()).isZero();
    CommandRun cluster = CommandRun.of(spark, "hlog", "--interval", "1s", "-o", there.toString(),
        log);
    assertThat(cluster.err()).isEqualTo(batch.err().replace(here.toString(), there.toString()));
    assertThat(cluster.code()).isZero();
    assertThat(Files.readString(there)).isEqualTo(Files.readString(here));
  }

  @Test
  void aDamagedInputIsTheUsersErrorInOneLineNotATaskFailure() throws IOException {
    Path truncated = dir.resolve("truncated.log.gz");
    byte[] gzipped = gzip(Files.readAllBytes(SAMPLES.resolve("shop-access.log")));
    Files.write(truncated, java.util.Arrays.copyOf(gzipped, gzipped.length / 2));
    CommandRun damaged = assertSame("report", truncated.toString());
    assertThat(damaged.code()).isEqualTo(2);
    assertThat(damaged.err()).startsWith("tardy: " + truncated).doesNotContain("\tat ")
        .hasLineCount(1);
  }

  private static byte[] gzip(byte[] bytes) throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try (OutputStream zip = new java.util.zip.GZIPOutputStream(out)) {
      zip.write(bytes);
    }
    return out.toByteArray();
  }
}
