package tardy.table;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import tardy.events.Family;
import tardy.record.objective.MinuteCounts;
import tardy.record.table.TableObjective;
import tardy.record.table.TableRow;

/**
 * Reads a histogram table from the local disk: a directory the Spark job or {@link TableWriter}
 * wrote (its partitions' {@code name=value} directories, their Parquet files; names starting
 * with {@code _} or {@code .} are not data, as for Spark), or one of its Parquet files. Filters
 * on partition columns skip whole directories. Refuses, in one sentence, what is no table, a
 * table of another version, a filter on a column the table does not have, and a filter that
 * matches nothing.
 */
public final class TableReader {

  private TableReader() {}

  /**
   * The rows read.
   *
   * @param columns the partition columns, in the directories' order
   * @param rows each with its partition values in that order
   * @param files the Parquet files read
   */
  public record Read(List<String> columns, List<TableRow> rows, int files) {}

  /** Whether a path names a table rather than a log: a directory, or a Parquet file. */
  public static boolean isTable(Path path) {
    if (Files.isDirectory(path)) {
      return true;
    }
    if (!Files.isRegularFile(path)) {
      return false;
    }
    try (var in = Files.newInputStream(path)) {
      byte[] head = in.readNBytes(4);
      return head.length == 4 && head[0] == 'P' && head[1] == 'A' && head[2] == 'R'
          && head[3] == '1';
    } catch (IOException e) {
      return false; // the logs' reading says why
    }
  }

  public static Read read(Path path, List<Where> where) throws TableException {
    List<DataFile> files = new ArrayList<>();
    List<String> columns;
    if (Files.isDirectory(path)) {
      columns = new ArrayList<>();
      walk(path, path, List.of(), columns, files);
      if (files.isEmpty()) {
        throw new TableException(path + ": not a histogram table (no Parquet file in it; write"
            + " one with 'tardy report … --table " + path + "')");
      }
    } else {
      columns = new ArrayList<>();
      List<String> values = new ArrayList<>();
      for (Path dir = path.toAbsolutePath().getParent(); dir != null
          && dir.getFileName() != null; dir = dir.getParent()) {
        String name = dir.getFileName().toString();
        int eq = name.indexOf('=');
        if (eq <= 0) {
          break; // the partitions are the directories right above the file
        }
        columns.add(0, name.substring(0, eq));
        values.add(0, PartitionDirs.unescape(name.substring(eq + 1)));
      }
      files.add(new DataFile(path, values));
    }
    Set<String> known = new LinkedHashSet<>(columns);
    known.addAll(TableSchema.COLUMNS);
    for (Where w : where) {
      if (!columns.contains(w.column()) && !Where.ROW_COLUMNS.contains(w.column())) {
        throw new TableException("--where " + w + ": the table has no column '" + w.column()
            + "' to filter on; columns: " + String.join(", ", filterable(columns)));
      }
    }
    List<TableRow> rows = new ArrayList<>();
    int read = 0;
    for (DataFile f : files) {
      if (!partitionMatches(columns, f.values(), where)) {
        continue;
      }
      read++;
      for (TableRow r : readFile(f.file(), f.values())) {
        if (rowMatches(r, where)) {
          rows.add(r);
        }
      }
    }
    if (rows.isEmpty()) {
      throw new TableException(where.isEmpty()
          ? path + ": a histogram table without rows: nothing to report"
          : "no rows match " + describe(where) + " in " + path + "; columns: "
              + String.join(", ", filterable(columns)) + valuesSeen(columns, files, where));
    }
    return new Read(List.copyOf(columns), rows, read);
  }

  private record DataFile(Path file, List<String> values) {}

  private static void walk(Path root, Path dir, List<String> values, List<String> columns,
      List<DataFile> files) throws TableException {
    List<Path> entries;
    try (Stream<Path> list = Files.list(dir)) {
      entries = list.sorted().toList();
    } catch (IOException e) {
      throw new TableException(dir + ": cannot be read: " + e.getMessage(), e);
    }
    for (Path e : entries) {
      String name = e.getFileName().toString();
      if (name.startsWith("_") || name.startsWith(".")) {
        continue;
      }
      if (Files.isDirectory(e)) {
        int eq = name.indexOf('=');
        if (eq <= 0) {
          throw new TableException(root + ": not a histogram table (its directory " + name
              + " is not a partition, name=value)");
        }
        String column = name.substring(0, eq);
        int depth = values.size();
        if (columns.size() == depth) {
          columns.add(column);
        } else if (!columns.get(depth).equals(column)) {
          throw new TableException(root + ": not a histogram table (partitions by "
              + columns.get(depth) + " and by " + column + " at the same depth)");
        }
        List<String> deeper = new ArrayList<>(values);
        deeper.add(PartitionDirs.unescape(name.substring(eq + 1)));
        walk(root, e, deeper, columns, files);
      } else if (name.endsWith(".parquet")) {
        files.add(new DataFile(e, values));
      }
    }
  }

  private static List<String> filterable(List<String> columns) {
    List<String> all = new ArrayList<>(columns);
    all.addAll(Where.ROW_COLUMNS);
    return all;
  }

  private static boolean partitionMatches(List<String> columns, List<String> values,
      List<Where> where) {
    for (Where w : where) {
      int i = columns.indexOf(w.column());
      if (i >= 0 && (i >= values.size() || !w.matches(values.get(i)))) {
        return false;
      }
    }
    return true;
  }

  private static boolean rowMatches(TableRow r, List<Where> where) {
    for (Where w : where) {
      if (w.column().equals("family") && !w.matches(r.family().key())
          || w.column().equals("name") && !w.matches(r.name())) {
        return false;
      }
    }
    return true;
  }

  private static String describe(List<Where> where) {
    StringBuilder s = new StringBuilder();
    for (Where w : where) {
      s.append(s.length() == 0 ? "" : " ").append("--where ").append(w);
    }
    return s.toString();
  }

  /** The values the filtered partition columns have, a few of each, to say what would match. */
  private static String valuesSeen(List<String> columns, List<DataFile> files,
      List<Where> where) {
    StringBuilder s = new StringBuilder();
    for (Where w : where) {
      int i = columns.indexOf(w.column());
      if (i < 0) {
        continue;
      }
      TreeSet<String> seen = new TreeSet<>();
      for (DataFile f : files) {
        String v = i < f.values().size() ? f.values().get(i) : null;
        seen.add(v == null ? "(none)" : v);
      }
      List<String> few = seen.stream().limit(5).toList();
      s.append("; ").append(w.column()).append(" has ").append(String.join(", ", few))
          .append(seen.size() > few.size() ? " … (" + seen.size() + " values)" : "");
    }
    return s.toString();
  }

  private static List<TableRow> readFile(Path file, List<String> partition)
      throws TableException {
    ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration())
        .withCodecFactory(new PlainCodecs()).build();
    List<TableRow> rows = new ArrayList<>();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), options)) {
      FileMetaData meta = reader.getFooter().getFileMetaData();
      MessageType schema = meta.getSchema();
      checkVersion(file, schema, meta.getKeyValueMetaData());
      PageReadStore pages;
      while ((pages = reader.readNextRowGroup()) != null) {
        RecordReader<Group> records = new ColumnIOFactory().getColumnIO(schema)
            .getRecordReader(pages, new GroupRecordConverter(schema));
        for (long i = 0; i < pages.getRowCount(); i++) {
          rows.add(row(file, records.read(), partition, schema));
        }
      }
    } catch (IOException | RuntimeException e) {
      throw new TableException(file + ": a damaged table file: " + e.getMessage(), e);
    }
    return rows;
  }

  private static void checkVersion(Path file, MessageType schema, Map<String, String> footer)
      throws TableException {
    if (!TableSchema.looksLikeTable(schema)) {
      throw new TableException(file + ": a Parquet file that is not a tardy histogram table"
          + " (no columns family, name, count and hdr)");
    }
    long version = TableSchema.versionOf(footer);
    if (version != TableSchema.VERSION && version != TableSchema.VERSION_WITH_OBJECTIVES) {
      throw new TableException(file + ": a histogram table of schema version "
          + Math.max(version, 0) + "; this tardy reads versions " + TableSchema.VERSION + " and "
          + TableSchema.VERSION_WITH_OBJECTIVES
          + (version > TableSchema.VERSION_WITH_OBJECTIVES ? ": read it with a later tardy"
              : ": write it again from its logs"));
    }
  }

  private static TableRow row(Path file, Group g, List<String> partition, MessageType schema) {
    Family family = family(g.getString("family", 0));
    if (family == null) {
      throw new IllegalArgumentException("a row of an unknown family '"
          + g.getString("family", 0) + "'");
    }
    long start = 0;
    if (g.getFieldRepetitionCount("interval_start") > 0) {
      PrimitiveType t = schema.getType("interval_start").asPrimitiveType();
      if (t.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.INT96) {
        start = TableWriter.millisOfInt96(g.getInt96("interval_start", 0).getBytes());
      } else if (t.getLogicalTypeAnnotation()
          instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation ts) {
        long v = g.getLong("interval_start", 0);
        start = switch (ts.getUnit()) {
          case MILLIS -> v;
          case MICROS -> Math.floorDiv(v, 1_000L);
          case NANOS -> Math.floorDiv(v, 1_000_000L);
        };
      }
    }
    return new TableRow(partition, family, g.getString("name", 0), start,
        g.getLong("interval_ms", 0), g.getLong("count", 0),
        optional(g, "min_ns", TableRow.NO_MIN), g.getLong("p50_ns", 0), g.getLong("p90_ns", 0),
        g.getLong("p99_ns", 0), g.getLong("p999_ns", 0), g.getLong("max_ns", 0),
        optional(g, "sum_ns", TableRow.NO_SUM), g.getBinary("hdr", 0).getBytes(),
        schema.containsField("slo_end_ms") ? objective(g) : null);
  }

  /** A row's objective counts (table version 2); null where it has none. */
  private static TableObjective objective(Group g) {
    long end = optional(g, "slo_end_ms", TableObjective.NO_END);
    if (g.getFieldRepetitionCount("slo") == 0) {
      return end == TableObjective.NO_END ? null : TableObjective.endOnly(end);
    }
    TableObjective o = new TableObjective(g.getString("slo", 0),
        g.getBinary("slo_minutes", 0).getBytes(), end);
    MinuteCounts counts = o.counts();
    if (counts.events() != g.getLong("slo_events", 0)
        || counts.badEvents() != g.getLong("slo_bad", 0)) {
      throw new IllegalArgumentException("a row's objective counts " + g.getLong("slo_events", 0)
          + " events, " + g.getLong("slo_bad", 0) + " bad, but its minutes "
          + counts.events() + ", " + counts.badEvents());
    }
    return o;
  }

  private static long optional(Group g, String field, long none) {
    return g.getFieldRepetitionCount(field) > 0 ? g.getLong(field, 0) : none;
  }

  private static Family family(String key) {
    for (Family f : Family.values()) {
      if (f.key().equals(key)) {
        return f;
      }
    }
    return null;
  }
}
