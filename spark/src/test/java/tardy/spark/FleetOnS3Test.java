package tardy.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job on an S3-compatible store read and written through Hadoop's S3A ({@code s3a://}, the
 * AWS SDK speaking S3's HTTP API): S3Proxy 2.6.0 (Maven Central, {@code org.gaul:s3proxy}, an
 * S3 API over Apache jclouds) with jclouds' filesystem blobstore, in a JVM of its own on
 * 127.0.0.1; -Pfleet copies its jar to {@code target/s3-server}. Its delimited listings name
 * nested prefixes as S3 does, so the fleet is read through globs over {@code dt=*}/{@code host=*}
 * and the table is written to {@code s3a://} by Spark's committer.
 */
@Tag("fleet") // mvn -Pfleet: the server's jar is copied there
class FleetOnS3Test {

  private static final String IDENTITY = "tardy-test";
  private static final String CREDENTIAL = "tardy-test-secret";

  @TempDir static Path dir;

  private static Process server;
  private static SparkSession spark;
  private static JavaSparkContext sc;

  @BeforeAll
  static void start() throws IOException, InterruptedException {
    int port = startServer();
    spark = SparkSession.builder().master("local[2]").appName("tardy-s3-test")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.hadoop.fs.s3a.endpoint", "http://127.0.0.1:" + port)
        .config("spark.hadoop.fs.s3a.endpoint.region", "us-east-1")
        .config("spark.hadoop.fs.s3a.path.style.access", "true")
        .config("spark.hadoop.fs.s3a.connection.ssl.enabled", "false")
        .config("spark.hadoop.fs.s3a.access.key", IDENTITY)
        .config("spark.hadoop.fs.s3a.secret.key", CREDENTIAL)
        .config("spark.hadoop.fs.s3a.aws.credentials.provider",
            "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider")
        .getOrCreate();
    sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    sc.setLogLevel("WARN");
    tardy.spark.table.TardyFunctions.register(spark);
  }

  /**
   * Starts S3Proxy on a free port, its bucket "logs" a directory of the filesystem blobstore,
   * and returns the port once it accepts requests.
   */
  private static int startServer() throws IOException, InterruptedException {
    Path jar = Path.of("target", "s3-server", "s3proxy.jar").toAbsolutePath();
    assertThat(jar).as("S3Proxy's jar, which mvn -Pfleet copies there").exists();
    Path blobs = Files.createDirectories(dir.resolve("s3").resolve("logs")).getParent();
    int port;
    try (ServerSocket probe = new ServerSocket(0)) {
      port = probe.getLocalPort();
    }
    Path properties = dir.resolve("s3proxy.conf");
    Files.writeString(properties, String.join("\n",
        "s3proxy.endpoint=http://127.0.0.1:" + port,
        "s3proxy.authorization=aws-v2-or-v4",
        "s3proxy.identity=" + IDENTITY,
        "s3proxy.credential=" + CREDENTIAL,
        // S3A's rename (a copy, as Spark's committer moves each task's files) sends x-amz-
        // headers S3Proxy does not implement, which it refuses (501) unless told to pass them by
        "s3proxy.ignore-unknown-headers=true",
        "jclouds.provider=filesystem",
        "jclouds.filesystem.basedir=" + blobs) + "\n");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Path log = jar.resolveSibling("s3proxy.log");
    server = new ProcessBuilder(java, "-jar", jar.toString(), "--properties",
        properties.toString()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    Runtime.getRuntime().addShutdownHook(new Thread(server::destroy)); // if AfterAll never runs
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (System.nanoTime() < deadline && server.isAlive()) {
      if (Files.readString(log, StandardCharsets.UTF_8).contains("Started Server")) {
        return port;
      }
      Thread.sleep(200);
    }
    throw new AssertionError("S3Proxy did not listen (see " + log + ")");
  }

  @AfterAll
  static void stop() throws InterruptedException {
    if (spark != null) {
      spark.stop();
    }
    if (server != null) {
      server.destroy();
      server.waitFor(30, TimeUnit.SECONDS);
    }
  }

  /**
   * The fleet uploaded under {@code s3a://logs/nginx/dt=.../host=.../}, read through globs over
   * the nested prefixes, the table written to {@code s3a://logs/tables/latency} and rolled up
   * (whole, and one host) to the command line's numbers on the same local files.
   */
  @Test
  void aFleetInS3ReadThroughGlobsRollsUpToTheCommandLinesNumbers() throws IOException {
    GeneratedFleet fleet = GeneratedFleet.gzipped(dir.resolve("fleet"), 3, 2);
    FleetOnStorage.upload(sc, fleet, "s3a://logs/nginx");
    FileSystem fs = FileSystem.get(URI.create("s3a://logs/"), sc.hadoopConfiguration());
    List<String> stored = new ArrayList<>();
    RemoteIterator<LocatedFileStatus> files = fs.listFiles(new org.apache.hadoop.fs.Path(
        "s3a://logs/nginx"), true);
    while (files.hasNext()) {
      stored.add(files.next().getPath().toString());
    }
    assertThat(stored).as("the objects uploaded").hasSize(3 * 2 * 2)
        .contains("s3a://logs/nginx/dt=2026-11-25/host=web-01/access.log.gz");
    // a glob lists level by level: the delimited listings must name the nested prefixes
    assertThat(fs.globStatus(new org.apache.hadoop.fs.Path("s3a://logs/nginx/dt=*/host=*/gc.log.gz")))
        .as("a glob over two levels of prefixes").hasSize(3 * 2);
    FleetOnStorage.check(sc, spark, fleet, FleetOnStorage.globs("s3a://logs/nginx", ".gz"),
        "s3a://logs/tables/latency");
    List<String> table = new ArrayList<>();
    RemoteIterator<LocatedFileStatus> written = fs.listFiles(new org.apache.hadoop.fs.Path(
        "s3a://logs/tables/latency"), true);
    while (written.hasNext()) {
      table.add(written.next().getPath().toString());
    }
    assertThat(table).as("the table's files, committed on the store")
        .anyMatch(name -> name.endsWith(".parquet"))
        .noneMatch(name -> name.contains("/_temporary/") || name.contains("/.spark-staging"));
  }
}
