package tardy.spark;

import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.Tuple2;
import tardy.events.Family;
import tardy.events.input.InputException;
import tardy.record.Group;
import tardy.record.Result;
import tardy.record.table.HostRows;
import tardy.record.table.LoggedPartitions;
import tardy.record.table.PathPartitions;
import tardy.record.objective.MinuteCounts;
import tardy.record.table.TableObjective;
import tardy.record.table.TableRow;
import tardy.run.LoggedHosts;
import tardy.run.PartSpec;
import tardy.run.Plan;
import tardy.run.SpecRecipe;
import tardy.spark.table.TableOutput;
import tardy.table.TableSchema;

/**
 * Writes the histogram table: the parts of each partition (the inputs whose paths give the same
 * values) added in the plan's order on the cluster, their groups those the whole run keeps,
 * one Parquet row per group and interval, partitioned by the partition columns. A partition
 * written again replaces that partition only (Spark's dynamic partition overwrite), so re-running
 * one day leaves the others as they were.
 */
final class HistogramTable {

  /**
   * The columns every table has, after its partition columns: the command line's ({@link
   * TableSchema}), one definition for both writers.
   */
  static final List<String> COLUMNS = TableSchema.COLUMNS;

  private HistogramTable() {}

  /**
   * @param parsed every part's result by its place in the plan, none failed
   * @param parts the plan's parts, by place
   * @param whole all the parts added: the groups it keeps are every partition's
   */
  static void write(JavaPairRDD<Integer, Parsed> parsed, List<PartSpec> parts, Plan plan,
      Result whole, Broadcast<SpecRecipe> shape, TableOutput out) {
    List<Plan.Entry> entries = new ArrayList<>(plan.entries());
    entries.sort(Comparator.comparing(Plan.Entry::index));
    List<Integer> inputs = entries.stream().map(Plan.Entry::index).toList();
    PathPartitions.Columns columns = LoggedPartitions.fill(
        out.partitions().columns(entries.stream().map(e -> e.input().name()).toList()),
        "host", LoggedHosts.of(entries));
    if (HostRows.named(whole)) { // lines that name their host: a row set per host
      columns = HostRows.withColumn(columns);
    }
    int hostAt = columns.names().indexOf(HostRows.COLUMN);
    for (String c : columns.names()) {
      if (COLUMNS.contains(c)) {
        throw new InputException("--table: a partition column cannot be named '" + c
            + "', a column of the table's own");
      }
    }
    Map<Integer, List<String>> byInput = new HashMap<>();
    for (int i = 0; i < inputs.size(); i++) {
      byInput.put(inputs.get(i), columns.values().get(i));
    }
    Map<List<String>, Integer> ids = new HashMap<>();
    List<List<String>> values = new ArrayList<>();
    int[] partitionOf = new int[parts.size()];
    for (PartSpec p : parts) {
      List<String> v = byInput.get(p.input());
      Integer id = ids.get(v);
      if (id == null) {
        id = values.size();
        ids.put(v, id);
        values.add(new ArrayList<>(v));
      }
      partitionOf[p.position()] = id;
    }
    List<String[]> kept = new ArrayList<>();
    for (Group g : whole.recorder().orElseThrow().groups()) {
      kept.add(new String[] {g.family().name(), g.name()});
    }
    // the objective columns when the run counts objectives (requirements with slo:)
    boolean objectives = whole.recorder().orElseThrow().countsObjectives();
    for (String c : columns.names()) {
      if (objectives && TableSchema.OBJECTIVE_COLUMNS.contains(c)) {
        throw new InputException("--table: a partition column cannot be named '" + c
            + "', a column of the table's own");
      }
    }
    JavaRDD<Row> rows = parsed
        .mapToPair(part -> new Tuple2<>(partitionOf[part._1], part))
        .groupByKey()
        .flatMap(partition -> rowsOf(partition._2, shape.value(), kept,
            values.get(partition._1), hostAt, objectives).iterator());
    SparkSession spark = SparkSession.builder().config(parsed.context().getConf()).getOrCreate();
    spark.createDataFrame(rows, schema(columns.names(), objectives))
        .write()
        .mode(SaveMode.Overwrite)
        .option("partitionOverwriteMode", "dynamic")
        .partitionBy(columns.names().toArray(new String[0]))
        .parquet(out.path());
  }

  /** One partition's parts added in order, as rows. */
  private static List<Row> rowsOf(Iterable<Tuple2<Integer, Parsed>> parts, SpecRecipe recipe,
      List<String[]> kept, List<String> partition, int hostAt, boolean objectives) {
    List<Tuple2<Integer, Parsed>> sorted = new ArrayList<>();
    parts.forEach(sorted::add);
    sorted.sort(Comparator.comparing(Tuple2::_1));
    Result sum = null;
    for (Tuple2<Integer, Parsed> part : sorted) {
      Result next = part._2.result(recipe.spec());
      sum = sum == null ? next : sum.addLater(next);
    }
    List<Group> groups = new ArrayList<>();
    for (String[] k : kept) {
      groups.add(new Group(k[1], Family.valueOf(k[0])));
    }
    List<Row> rows = new ArrayList<>();
    for (TableRow r : HostRows.of(sum, groups, partition, hostAt)) {
      Object[] cells = new Object[partition.size() + COLUMNS.size()
          + (objectives ? TableSchema.OBJECTIVE_COLUMNS.size() : 0)];
      int i = 0;
      for (String v : r.partition()) { // the row's own: a host its lines name
        cells[i++] = v;
      }
      cells[i++] = r.family().key();
      cells[i++] = r.name();
      cells[i++] = r.wholeRun() ? null : new Timestamp(r.intervalStartMillis());
      cells[i++] = r.intervalMillis();
      cells[i++] = r.count();
      cells[i++] = r.minNanos() == TableRow.NO_MIN ? null : r.minNanos();
      cells[i++] = r.p50Nanos();
      cells[i++] = r.p90Nanos();
      cells[i++] = r.p99Nanos();
      cells[i++] = r.p999Nanos();
      cells[i++] = r.maxNanos();
      cells[i++] = r.sumNanos() == TableRow.NO_SUM ? null : r.sumNanos();
      cells[i++] = r.hdr();
      if (objectives && r.objective() != null) {
        TableObjective o = r.objective();
        if (o.counted()) {
          MinuteCounts counts = o.counts();
          cells[i] = o.definition();
          cells[i + 1] = counts.events();
          cells[i + 2] = counts.badEvents();
          cells[i + 3] = o.minutes();
        }
        cells[i + 4] = o.endMillis() == TableObjective.NO_END ? null : o.endMillis();
      }
      rows.add(RowFactory.create(cells));
    }
    return rows;
  }

  /** The partition columns (strings), then the table's own (a table without objectives). */
  static StructType schema(List<String> partitionColumns) {
    return schema(partitionColumns, false);
  }

  /** The partition columns (strings), then the table's own, then the objectives' if asked. */
  static StructType schema(List<String> partitionColumns, boolean objectives) {
    List<StructField> fields = new ArrayList<>();
    for (String c : partitionColumns) {
      fields.add(DataTypes.createStructField(c, DataTypes.StringType, true));
    }
    Set<String> longs = Set.of("interval_ms", "count", "min_ns", "p50_ns", "p90_ns", "p99_ns",
        "p999_ns", "max_ns", "sum_ns");
    Set<String> nullable = Set.of("interval_start", "min_ns", "sum_ns"); // null: an interval's
    for (String c : COLUMNS) {
      fields.add(DataTypes.createStructField(c,
          longs.contains(c) ? DataTypes.LongType
              : c.equals("interval_start") ? DataTypes.TimestampType
              : c.equals("hdr") ? DataTypes.BinaryType : DataTypes.StringType,
          nullable.contains(c),
          c.equals("hdr")
              ? new MetadataBuilder().putLong(TableSchema.VERSION_KEY, objectives
                  ? TableSchema.VERSION_WITH_OBJECTIVES : TableSchema.VERSION).build()
              : Metadata.empty()));
    }
    if (objectives) {
      for (String c : TableSchema.OBJECTIVE_COLUMNS) { // all null where a group has none
        fields.add(DataTypes.createStructField(c,
            c.equals("slo") ? DataTypes.StringType
                : c.equals("slo_minutes") ? DataTypes.BinaryType : DataTypes.LongType,
            true));
      }
    }
    return DataTypes.createStructType(fields);
  }
}
