package tardy.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
 * The job on an S3-compatible store read through Hadoop's S3A ({@code s3a://}, the AWS SDK
 * speaking S3's HTTP API): s3rver, an S3 server of the npm registry, run by node on 127.0.0.1,
 * installed by this test under {@code target/s3-server} from {@code src/test/resources/s3}.
 * The fleet's gzipped logs are read through {@code s3a://} URLs, one by one (see below).
 */
@Tag("fleet") // mvn -Pfleet: needs node and npm, and installs the server once
class FleetOnS3Test {

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
        .config("spark.hadoop.fs.s3a.access.key", "S3RVER") // s3rver's fixed test credentials
        .config("spark.hadoop.fs.s3a.secret.key", "S3RVER")
        .config("spark.hadoop.fs.s3a.aws.credentials.provider",
            "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider")
        .getOrCreate();
    sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    sc.setLogLevel("WARN");
    tardy.spark.table.TardyFunctions.register(spark);
  }

  /** Installs s3rver once, starts it, and returns the port it listens on. */
  private static int startServer() throws IOException, InterruptedException {
    Path home = Path.of("target", "s3-server").toAbsolutePath();
    Files.createDirectories(home);
    for (String file : new String[] {"package.json", "serve.js"}) {
      try (InputStream in = FleetOnS3Test.class.getResourceAsStream("/s3/" + file)) {
        Files.copy(in, home.resolve(file), StandardCopyOption.REPLACE_EXISTING);
      }
    }
    if (!Files.isDirectory(home.resolve("node_modules/s3rver"))) {
      Process npm = new ProcessBuilder("npm", "install", "--no-audit", "--no-fund")
          .directory(home.toFile()).redirectErrorStream(true)
          .redirectOutput(home.resolve("npm-install.log").toFile()).start();
      assertThat(npm.waitFor(10, TimeUnit.MINUTES) && npm.exitValue() == 0)
          .as("npm install in %s (see npm-install.log there)", home).isTrue();
    }
    Path objects = dir.resolve("s3");
    Files.createDirectories(objects);
    server = new ProcessBuilder("node", "serve.js", objects.toString()).directory(home.toFile())
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    BufferedReader out = new BufferedReader(
        new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
    String line = out.readLine();
    assertThat(line).as("the S3 server's first line").startsWith("listening ");
    return Integer.parseInt(line.substring("listening ".length()));
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

  @Test
  void aFleetInS3RollsUpToTheCommandLinesNumbers() throws IOException {
    GeneratedFleet fleet = GeneratedFleet.gzipped(dir.resolve("fleet"), 3, 2);
    FleetOnStorage.upload(sc, fleet, "s3a://logs/nginx");
    List<String> stored = new ArrayList<>();
    FileSystem fs = FileSystem.get(URI.create("s3a://logs/"), sc.hadoopConfiguration());
    RemoteIterator<LocatedFileStatus> files = fs.listFiles(new org.apache.hadoop.fs.Path(
        "s3a://logs/"), true);
    while (files.hasNext()) {
      stored.add(files.next().getPath().toString());
    }
    assertThat(stored).as("the objects uploaded").hasSize(3 * 2 * 2)
        .contains("s3a://logs/nginx/dt=2026-11-25/host=web-01/access.log.gz");
    // s3rver 3.7.1 lists no common prefix more than one level below a listing's prefix
    // (ListObjectsV2 with a delimiter), which Hadoop's globs and Spark's committer rely on:
    // the inputs are named one by one, and the table is written to a local directory
    FleetOnStorage.check(sc, spark, fleet, FleetOnStorage.urls(fleet, "s3a://logs/nginx"),
        dir.resolve("table").toString());
  }
}
