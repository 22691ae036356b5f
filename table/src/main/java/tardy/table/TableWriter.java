package tardy.table;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import tardy.record.objective.MinuteCounts;
import tardy.record.table.TableObjective;
import tardy.record.table.TableRow;

/**
 * Writes a histogram table on the local disk, laid out as the Spark job lays it out (one
 * directory level per partition column, {@code name=value}, a {@code _SUCCESS} at the top), with
 * the job's columns. Each partition written replaces that partition only, and whole or not at
 * all: its file is written in a staging directory inside the table and the partition's directory
 * renamed into place, so a reader sees the old partition or the new one, and a run that fails
 * leaves the table as it was. Running it again on the same rows gives the same bytes.
 */
public final class TableWriter {

  /** The staging directory's name (hidden from readers, as Spark's {@code _temporary}). */
  private static final String STAGING = ".tardy-staging";

  /** The one data file of a partition. */
  static final String FILE = "part-00000-tardy.parquet";

  private static final long JULIAN_DAY_OF_EPOCH = 2_440_588;

  /** The rows' order in a file: family, name, interval; not the run's ranking of groups. */
  private static final Comparator<TableRow> IN_A_FILE = Comparator
      .comparing(TableRow::family).thenComparing(TableRow::name)
      .thenComparingLong(TableRow::intervalStartMillis);

  private TableWriter() {}

  /**
   * @param table the table's directory: made when absent; one that holds anything but a table is
   *     refused
   * @param columns the partition columns, in the directories' order
   * @param rows each row's partition values in that order
   * @return the partitions written
   */
  public static int write(Path table, List<String> columns, List<TableRow> rows)
      throws TableException {
    for (String c : columns) {
      if (TableSchema.COLUMNS.contains(c) || TableSchema.OBJECTIVE_COLUMNS.contains(c)) {
        throw new TableException("--table: a partition column cannot be named '" + c
            + "', a column of the table's own");
      }
    }
    refuseOther(table);
    Map<List<String>, List<TableRow>> byPartition = new LinkedHashMap<>();
    for (TableRow r : rows) {
      byPartition.computeIfAbsent(r.partition(), k -> new ArrayList<>()).add(r);
    }
    for (List<TableRow> partition : byPartition.values()) { // its bytes, whatever the others'
      partition.sort(IN_A_FILE);
    }
    // one schema for the whole table: the objective columns when some row counts
    boolean objectives = rows.stream().anyMatch(r -> r.objective() != null);
    try {
      Files.createDirectories(table);
      Path staging = table.resolve(STAGING);
      deleteTree(staging); // what a run that died left
      for (Map.Entry<List<String>, List<TableRow>> p : byPartition.entrySet()) {
        Path dir = staging.resolve("new").resolve(relative(columns, p.getKey()));
        Files.createDirectories(dir);
        writeFile(dir.resolve(FILE), p.getValue(), objectives);
      }
      if (columns.isEmpty()) { // the table is one partition: its files are replaced together
        Path old = staging.resolve("old");
        Files.createDirectories(old);
        try (Stream<Path> files = Files.list(table)) {
          for (Path f : files.filter(f -> !f.getFileName().toString().equals(STAGING)).toList()) {
            Files.move(f, old.resolve(f.getFileName()));
          }
        }
        if (!byPartition.isEmpty()) {
          Files.move(staging.resolve("new").resolve(FILE), table.resolve(FILE),
              StandardCopyOption.ATOMIC_MOVE);
        }
      } else {
        for (List<String> values : byPartition.keySet()) {
          Path relative = relative(columns, values);
          Path target = table.resolve(relative);
          Files.createDirectories(target.getParent());
          if (Files.exists(target)) {
            Path old = staging.resolve("old").resolve(relative);
            Files.createDirectories(old.getParent());
            Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
          }
          Files.move(staging.resolve("new").resolve(relative), target,
              StandardCopyOption.ATOMIC_MOVE);
        }
      }
      Files.write(table.resolve("_SUCCESS"), new byte[0]);
      deleteTree(staging);
    } catch (IOException e) {
      throw new TableException(table + ": the table cannot be written: " + e.getMessage(), e);
    }
    return byPartition.size();
  }

  /** A directory that holds files and is no table (no {@code _SUCCESS}, no Parquet) is kept. */
  private static void refuseOther(Path table) throws TableException {
    if (Files.exists(table) && !Files.isDirectory(table)) {
      throw new TableException(table + ": --table names a directory, not this file");
    }
    if (!Files.isDirectory(table)) {
      return;
    }
    try (Stream<Path> files = Files.list(table)) {
      List<String> names = files.map(f -> f.getFileName().toString()).toList();
      boolean table1 = names.contains("_SUCCESS") || names.stream()
          .anyMatch(n -> n.endsWith(".parquet") || n.contains("="));
      if (!names.isEmpty() && !table1) {
        throw new TableException(table + ": not a histogram table, and not empty: --table"
            + " writes into a new or empty directory or a table");
      }
    } catch (IOException e) {
      throw new TableException(table + ": cannot be read: " + e.getMessage(), e);
    }
  }

  private static Path relative(List<String> columns, List<String> values) {
    Path p = Path.of("");
    for (int i = 0; i < columns.size(); i++) {
      p = p.resolve(PartitionDirs.dir(columns.get(i), values.get(i)));
    }
    return p;
  }

  private static void writeFile(Path file, List<TableRow> rows, boolean objectives)
      throws IOException {
    MessageType schema = objectives ? TableSchema.PARQUET_WITH_OBJECTIVES : TableSchema.PARQUET;
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> out = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withConf(new PlainParquetConfiguration())
        .withCodecFactory(new PlainCodecs())
        .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
        .withType(schema)
        .withExtraMetaData(TableSchema.footer(objectives))
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .build()) {
      for (TableRow r : rows) {
        Group g = groups.newGroup()
            .append("family", r.family().key())
            .append("name", r.name());
        if (!r.wholeRun()) {
          g.add("interval_start", int96(r.intervalStartMillis()));
        }
        g.append("interval_ms", r.intervalMillis()).append("count", r.count());
        if (r.minNanos() != TableRow.NO_MIN) {
          g.append("min_ns", r.minNanos());
        }
        g.append("p50_ns", r.p50Nanos()).append("p90_ns", r.p90Nanos())
            .append("p99_ns", r.p99Nanos()).append("p999_ns", r.p999Nanos())
            .append("max_ns", r.maxNanos());
        if (r.sumNanos() != TableRow.NO_SUM) {
          g.append("sum_ns", r.sumNanos());
        }
        g.append("hdr", Binary.fromConstantByteArray(r.hdr()));
        if (r.objective() != null) {
          appendObjective(g, r.objective());
        }
        out.write(g);
      }
    }
  }

  private static void appendObjective(Group g, TableObjective o) {
    if (o.counted()) {
      MinuteCounts counts = o.counts();
      g.append("slo", o.definition()).append("slo_events", counts.events())
          .append("slo_bad", counts.badEvents())
          .append("slo_minutes", Binary.fromConstantByteArray(o.minutes()));
    }
    if (o.endMillis() != TableObjective.NO_END) {
      g.append("slo_end_ms", o.endMillis());
    }
  }

  /** Epoch milliseconds as Spark's INT96: nanoseconds of the day, then the Julian day (LE). */
  static Binary int96(long epochMillis) {
    long day = Math.floorDiv(epochMillis, 86_400_000L);
    long nanosOfDay = Math.floorMod(epochMillis, 86_400_000L) * 1_000_000L;
    ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(nanosOfDay).putInt((int) (day + JULIAN_DAY_OF_EPOCH));
    return Binary.fromConstantByteArray(b.array());
  }

  /** Epoch milliseconds of an INT96 timestamp. */
  static long millisOfInt96(byte[] bytes) {
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    long nanosOfDay = b.getLong();
    long day = b.getInt() - JULIAN_DAY_OF_EPOCH;
    return day * 86_400_000L + Math.floorDiv(nanosOfDay, 1_000_000L);
  }

  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
