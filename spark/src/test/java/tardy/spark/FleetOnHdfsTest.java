package tardy.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.run.Driver;

/**
 * The job on a real HDFS: Hadoop's MiniDFSCluster (a NameNode and a DataNode in this JVM,
 * speaking HDFS's RPC and data transfer protocols on 127.0.0.1), the fleet's gzipped logs
 * read through {@code hdfs://} globs and the histogram table written there.
 */
@Tag("fleet") // mvn -Pfleet: Hadoop's minicluster is a heavy test dependency
class FleetOnHdfsTest {

  @TempDir static Path dir;

  private static MiniDFSCluster hdfs;
  private static SparkSession spark;
  private static JavaSparkContext sc;

  @BeforeAll
  static void start() throws IOException {
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, new File(dir.toFile(), "dfs").getPath());
    conf.set("dfs.replication", "1");
    hdfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    hdfs.waitActive();
    spark = SparkSession.builder().master("local[2]").appName("tardy-hdfs-test")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.hadoop.dfs.replication", "1")
        .getOrCreate();
    sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    sc.setLogLevel("WARN");
    tardy.spark.table.TardyFunctions.register(spark);
  }

  @AfterAll
  static void stop() {
    if (spark != null) {
      spark.stop();
    }
    if (hdfs != null) {
      hdfs.shutdown();
    }
  }

  @Test
  void aFleetOnHdfsRollsUpToTheCommandLinesNumbers() throws IOException {
    GeneratedFleet fleet = GeneratedFleet.gzipped(dir.resolve("fleet"), 4, 3);
    String root = "hdfs://127.0.0.1:" + hdfs.getNameNodePort();
    FleetOnStorage.upload(sc, fleet, root + "/logs");
    FleetOnStorage.check(sc, spark, fleet, FleetOnStorage.globs(root + "/logs", ".gz"),
        root + "/tables/latency");
  }

  /**
   * Each host's rotated set (access.log, .1, .2.gz, .10.gz: plain and gzipped, the names out of
   * time order) read from HDFS through a glob is put in time order per host, as the command line
   * orders the same local files: the same JSON but for the inputs' names.
   */
  @Test
  void rotatedSetsPerHostOnHdfsAreReadInTimeOrder() throws IOException {
    GeneratedFleet fleet = GeneratedFleet.gzipped(dir.resolve("one-day"), 2, 1);
    Path rotated = dir.resolve("rotated");
    List<String> local = new ArrayList<>();
    for (Path log : fleet.files("access.log")) {
      List<String> lines = new ArrayList<>();
      try (BufferedReader in = new BufferedReader(new InputStreamReader(
          new GZIPInputStream(Files.newInputStream(log)), StandardCharsets.UTF_8))) {
        in.lines().forEach(lines::add);
      }
      Path host = rotated.resolve(log.getParent().getFileName().toString());
      Files.createDirectories(host);
      String[] oldestFirst = {"access.log.10.gz", "access.log.2.gz", "access.log.1", "access.log"};
      int per = lines.size() / oldestFirst.length;
      for (int i = 0; i < oldestFirst.length; i++) {
        List<String> chunk = lines.subList(i * per, i == 3 ? lines.size() : (i + 1) * per);
        Path file = host.resolve(oldestFirst[i]);
        OutputStream out = Files.newOutputStream(file);
        try (Writer w = new OutputStreamWriter(file.toString().endsWith(".gz")
            ? new GZIPOutputStream(out) : out, StandardCharsets.UTF_8)) {
          w.write(String.join("\n", chunk) + "\n");
        }
        local.add(file.toString());
      }
    }
    String remote = "hdfs://127.0.0.1:" + hdfs.getNameNodePort() + "/rotated";
    FileSystem.get(URI.create(remote), sc.hadoopConfiguration()).copyFromLocalFile(false, true,
        new org.apache.hadoop.fs.Path(rotated.toUri()), new org.apache.hadoop.fs.Path(remote));
    Collections.sort(local);
    List<String> cli = new ArrayList<>(List.of("report", "--format", "json"));
    cli.addAll(local);
    CommandRun here = CommandRun.of(Driver.LOCAL, cli.toArray(new String[0]));
    assertThat(here.code()).as(here.err()).isZero();
    CommandRun there = CommandRun.of(new SparkDriver(() -> sc).withPartBytes(16 << 10),
        "report", "--format", "json", remote + "/host=*/access.log*");
    assertThat(there.code()).as(there.err()).isZero();
    assertThat(there.out().replace(remote, rotated.toString())).isEqualTo(here.out());
    String web01 = rotated.resolve("host=web-01").toString();
    assertThat(here.out()).containsSubsequence(web01 + "/access.log.10.gz",
        web01 + "/access.log.2.gz", web01 + "/access.log.1\"", web01 + "/access.log\"");
  }

  /**
   * zstd logs on HDFS are read as on a disk: one written by the zstd tool (three frames and a
   * skippable one) gives the plain log's JSON, and one cut short fails with exit code 2 after the
   * lines of its whole blocks (those `zstd -dc` gives of the same cut file), in one line.
   */
  @Test
  void zstdLogsOnHdfsReadAsThePlainLog() throws IOException {
    Path zstdDir = Files.createDirectories(dir.resolve("zst"));
    Files.copy(Path.of("../events/src/test/resources/zstd/shop-access-frames.log.zst"),
        zstdDir.resolve("access.log.zst"));
    byte[] whole = Files.readAllBytes(Path.of("../events/src/test/resources/zstd/shop-access.log.zst"));
    Files.write(zstdDir.resolve("cut.log.zst"), java.util.Arrays.copyOf(whole, whole.length * 2 / 3));
    String remote = "hdfs://127.0.0.1:" + hdfs.getNameNodePort() + "/zst";
    FileSystem.get(URI.create(remote), sc.hadoopConfiguration()).copyFromLocalFile(false, true,
        new org.apache.hadoop.fs.Path(zstdDir.toUri()), new org.apache.hadoop.fs.Path(remote));
    Path plain = Path.of("../samples/shop-access.log");
    CommandRun here = CommandRun.of(Driver.LOCAL, "report", "--format", "json", plain.toString());
    CommandRun there = CommandRun.of(new SparkDriver(() -> sc), "report", "--format", "json",
        remote + "/access.log.zst");
    assertThat(there.code()).as(there.err()).isZero();
    assertThat(there.out().replace(remote + "/access.log.zst", plain.toString()))
        .isEqualTo(here.out());
    CommandRun cut = CommandRun.of(new SparkDriver(() -> sc), "report", remote + "/cut.log.zst");
    assertThat(cut.code()).isEqualTo(2);
    assertThat(cut.err().lines().toList()).singleElement().asString()
        .contains(remote + "/cut.log.zst", "compressed data is truncated or corrupt (zstd: ",
            "after line 1121 (1,121 lines were read before the damage)");
    // one file named twice would be read twice, each line counted twice: refused, as on a disk
    CommandRun twice = CommandRun.of(new SparkDriver(() -> sc), "report",
        remote + "/access.log.zst", remote + "/./access.log.zst");
    assertThat(twice.code()).isEqualTo(2);
    assertThat(twice.err().lines().toList()).singleElement().asString().contains(
        remote + "/./access.log.zst: is " + remote + "/access.log.zst again (the same file");
  }
}
