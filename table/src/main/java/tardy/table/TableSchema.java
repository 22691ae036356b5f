package tardy.table;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * The histogram table's columns, as the Spark job writes them ({@code spark.HistogramTable}):
 * the same Parquet types, and the Spark schema in each file's footer so that Spark reads a file
 * written here as one of its own. The partition columns are not in the files: they are the
 * directories' {@code name=value}.
 *
 * <p>Version 2 adds the objective columns ({@link #OBJECTIVE_COLUMNS}); a table written without
 * objectives keeps version 1, byte for byte as before, and both are read.
 */
public final class TableSchema {

  /** The version of a table without objective columns: its columns, as first written. */
  public static final long VERSION = 1;

  /** The version of a table with the objective columns. */
  public static final long VERSION_WITH_OBJECTIVES = 2;

  /** Where the version is kept: the {@code hdr} column's metadata in Spark's schema. */
  public static final String VERSION_KEY = "tardy_table_version";

  /** The footer key under which Spark keeps its schema (with the columns' metadata). */
  static final String SPARK_SCHEMA_KEY = "org.apache.spark.sql.parquet.row.metadata";

  /** The table's own columns, in the files' order. */
  public static final List<String> COLUMNS = List.of("family", "name", "interval_start",
      "interval_ms", "count", "min_ns", "p50_ns", "p90_ns", "p99_ns", "p999_ns", "max_ns",
      "sum_ns", "hdr");

  /**
   * After {@link #COLUMNS} in a table written with objectives: what the row's objective counts as
   * bad, its events and bad events, the same per minute (encoded), and the wall-clock time of the
   * partition's last request; null where the row's group has no objective.
   */
  public static final List<String> OBJECTIVE_COLUMNS = List.of("slo", "slo_events", "slo_bad",
      "slo_minutes", "slo_end_ms");

  /**
   * The fields of every table's file; {@code interval_start} as Spark writes a TimestampType
   * column by default: INT96 (its day and nanosecond of the day).
   */
  private static final String BASE_FIELDS = """
        required binary family (STRING);
        required binary name (STRING);
        optional int96 interval_start;
        required int64 interval_ms;
        required int64 count;
        optional int64 min_ns;
        required int64 p50_ns;
        required int64 p90_ns;
        required int64 p99_ns;
        required int64 p999_ns;
        required int64 max_ns;
        optional int64 sum_ns;
        required binary hdr;
      """;

  /** The objective columns, all optional. */
  private static final String OBJECTIVE_FIELDS = """
        optional binary slo (STRING);
        optional int64 slo_events;
        optional int64 slo_bad;
        optional binary slo_minutes;
        optional int64 slo_end_ms;
      """;

  /** A table's file without objectives. */
  static final MessageType PARQUET = message(BASE_FIELDS);

  /** {@link #PARQUET} and the objective columns. */
  static final MessageType PARQUET_WITH_OBJECTIVES = message(BASE_FIELDS + OBJECTIVE_FIELDS);

  private static final Pattern VERSION_IN_SCHEMA =
      Pattern.compile("\"" + VERSION_KEY + "\"\\s*:\\s*(-?[0-9]+)");

  private TableSchema() {}

  private static MessageType message(String fields) {
    return MessageTypeParser.parseMessageType("message spark_schema {\n" + fields + "}\n");
  }

  /** The footer's key-value metadata of a file written here: Spark's schema, as Spark writes it. */
  static Map<String, String> footer(boolean objectives) {
    List<String> columns = new java.util.ArrayList<>(COLUMNS);
    if (objectives) {
      columns.addAll(OBJECTIVE_COLUMNS);
    }
    long version = objectives ? VERSION_WITH_OBJECTIVES : VERSION;
    StringBuilder json = new StringBuilder("{\"type\":\"struct\",\"fields\":[");
    for (int i = 0; i < columns.size(); i++) {
      String c = columns.get(i);
      String type = switch (c) {
        case "family", "name", "slo" -> "string";
        case "interval_start" -> "timestamp";
        case "hdr", "slo_minutes" -> "binary";
        default -> "long";
      };
      boolean nullable = c.equals("interval_start") || c.equals("min_ns") || c.equals("sum_ns")
          || OBJECTIVE_COLUMNS.contains(c);
      json.append(i == 0 ? "" : ",").append("{\"name\":\"").append(c).append("\",\"type\":\"")
          .append(type).append("\",\"nullable\":").append(nullable).append(",\"metadata\":")
          .append(c.equals("hdr") ? "{\"" + VERSION_KEY + "\":" + version + "}" : "{}")
          .append('}');
    }
    json.append("]}");
    return Map.of(SPARK_SCHEMA_KEY, json.toString());
  }

  /**
   * The table version a file's footer names; -1 when it names none (a table written before
   * tables had versions, or not a tardy table).
   */
  static long versionOf(Map<String, String> footer) {
    String schema = footer.get(SPARK_SCHEMA_KEY);
    if (schema == null) {
      return -1;
    }
    Matcher m = VERSION_IN_SCHEMA.matcher(schema);
    return m.find() ? Long.parseLong(m.group(1)) : -1;
  }

  /** Whether a file's columns are those of a histogram table (of some version). */
  static boolean looksLikeTable(MessageType schema) {
    return schema.containsField("family") && schema.containsField("name")
        && schema.containsField("hdr") && schema.containsField("count");
  }
}
