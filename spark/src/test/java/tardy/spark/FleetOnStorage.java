package tardy.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import tardy.run.Driver;
import tardy.spark.table.TableOutput;

/**
 * The check a store must pass: a generated fleet copied into it, the job run on its globs or
 * URLs writing the table, and the table rolled up (whole, and one host) gives the command
 * line's counts and percentiles on the same local files, which a sort of the values agrees with.
 */
final class FleetOnStorage {

  private FleetOnStorage() {}

  /** Copies the fleet's directory to {@code remote} (a directory URL of a Hadoop store). */
  static void upload(JavaSparkContext sc, GeneratedFleet fleet, String remote) throws IOException {
    FileSystem fs = FileSystem.get(URI.create(remote), sc.hadoopConfiguration());
    fs.copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(fleet.root.toUri()),
        new org.apache.hadoop.fs.Path(remote));
  }

  /** The store's globs of the fleet's access and GC logs, uploaded to {@code remote}. */
  static List<String> globs(String remote, String suffix) {
    return List.of(remote + "/dt=*/host=*/access.log" + suffix,
        remote + "/dt=*/host=*/gc.log" + suffix);
  }

  /**
   * Runs the job on {@code inputs} (the fleet uploaded to a store), writes the table to
   * {@code table} and checks it.
   */
  static void check(JavaSparkContext sc, SparkSession spark, GeneratedFleet fleet,
      List<String> inputs, String table) throws IOException {
    Driver job = new SparkDriver(() -> sc).withPartBytes(16 << 10)
        .withTable(new TableOutput(table, List.of()));
    List<String> args = new ArrayList<>(List.of("report", "--format", "csv"));
    args.addAll(inputs);
    CommandRun there = CommandRun.of(job, args.toArray(new String[0]));
    assertThat(there.code()).as(there.err()).isZero();

    List<String> local = new ArrayList<>(List.of("report", "--format", "csv"));
    fleet.files("access.log").forEach(p -> local.add(p.toString()));
    fleet.files("gc.log").forEach(p -> local.add(p.toString()));
    CommandRun here = CommandRun.of(Driver.LOCAL, local.toArray(new String[0]));
    assertThat(here.code()).as(here.err()).isZero();

    Map<String, List<Long>> cli = TableRollUp.fromCsv(here.out());
    assertThat(cli.keySet()).as("operations and pause kinds")
        .hasSize(GeneratedFleet.ROUTES.length + fleet.pauseMicros.size());
    assertThat(TableRollUp.fromCsv(there.out())).as("the job's own report").isEqualTo(cli);
    assertThat(TableRollUp.wholeRun(spark, table, "")).as("the table, rolled up").isEqualTo(cli);

    fleet.requestMs.forEach((route, ms) -> assertThat(TableRollUp.againstSort(
        cli.get("request " + route), ms.stream().map(v -> v * 1_000_000L).toList()))
        .as(route).isNull());
    fleet.pauseMicros.forEach((kind, micros) -> assertThat(TableRollUp.againstSort(
        cli.get("gc-pause " + kind), micros.stream().map(v -> v * 1_000L).toList()))
        .as(kind).isNull());

    String host = fleet.hosts.get(1);
    List<String> one = new ArrayList<>(List.of("report", "--format", "csv"));
    for (String kind : List.of("access.log", "gc.log")) {
      for (Path p : fleet.files(kind)) {
        if (p.toString().contains("/host=" + host + "/")) {
          one.add(p.toString());
        }
      }
    }
    CommandRun hostHere = CommandRun.of(Driver.LOCAL, one.toArray(new String[0]));
    assertThat(hostHere.code()).as(hostHere.err()).isZero();
    assertThat(TableRollUp.wholeRun(spark, table, "AND host = '" + host + "'")).as(host)
        .isEqualTo(TableRollUp.fromCsv(hostHere.out()));
  }
}
