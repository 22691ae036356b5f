package tardy.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A histogram table rolled up with {@code tardy_merge}/{@code tardy_percentile}, and the same
 * numbers from the command line's CSV, both as "family name" → count, p50, p90, p99, p99.9 and
 * max in ns, so the two compare as maps.
 */
final class TableRollUp {

  private static final String PERCENTILE =
      "least(tardy_percentile(tardy_merge(hdr), Q), max(max_ns))";

  private TableRollUp() {}

  /** The whole-run rows of the table at {@code table} (any URL Spark reads), rolled up. */
  static Map<String, List<Long>> wholeRun(SparkSession spark, String table, String where) {
    spark.read().parquet(table).createOrReplaceTempView("latency");
    List<Row> rows = spark.sql("SELECT family, name, sum(count), "
        + PERCENTILE.replace("Q", "50") + ", " + PERCENTILE.replace("Q", "90") + ", "
        + PERCENTILE.replace("Q", "99") + ", " + PERCENTILE.replace("Q", "99.9")
        + ", max(max_ns) FROM latency WHERE interval_ms = 0 " + where
        + " GROUP BY family, name").collectAsList();
    Map<String, List<Long>> out = new TreeMap<>();
    for (Row r : rows) {
      out.put(r.getString(0) + " " + r.getString(1), List.of(r.getLong(2), r.getLong(3),
          r.getLong(4), r.getLong(5), r.getLong(6), r.getLong(7)));
    }
    return out;
  }

  /** The whole-run rows of the command line's {@code --format csv}. */
  static Map<String, List<Long>> fromCsv(String csv) {
    return fromCsv(csv, false);
  }

  /**
   * The rows of the command line's {@code --format csv}: the whole run's, or with {@code
   * intervals} the rows per interval instead, each key after its start (epoch ms) and a space. A
   * JVM run's heap row (a gc.log's, after the others) holds no latency and is left out.
   */
  static Map<String, List<Long>> fromCsv(String csv, boolean intervals) {
    Map<String, List<Long>> out = new TreeMap<>();
    String[] lines = csv.split("\n");
    List<String> header = cells(lines[0]);
    for (int i = 1; i < lines.length; i++) {
      List<String> cells = cells(lines[i]);
      if (cells.size() != header.size()
          || header.contains("heap_row") && !cells.get(header.indexOf("heap_row")).isEmpty()) {
        continue;
      }
      String start = cells.get(header.indexOf("interval_start_ms"));
      if (start.isEmpty() == intervals) {
        continue;
      }
      List<Long> numbers = new ArrayList<>();
      for (String column : List.of("count", "p50_ns", "p90_ns", "p99_ns", "p99.9_ns", "max_ns")) {
        numbers.add(Long.parseLong(cells.get(header.indexOf(column))));
      }
      out.put((intervals ? start + " " : "") + cells.get(header.indexOf("family")) + " "
          + cells.get(0), numbers);
    }
    return out;
  }

  /** One line of CSV as its cells, quotes undone. */
  static List<String> cells(String line) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '"') {
        if (quoted && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          cell.append('"');
          i++;
        } else {
          quoted = !quoted;
        }
      } else if (c == ',' && !quoted) {
        cells.add(cell.toString());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    cells.add(cell.toString());
    return cells;
  }

  /**
   * Checks rolled-up numbers against a sort of the values written: the count exactly, each
   * percentile within HdrHistogram's bucket (3 significant digits) above the exact value, the
   * max exactly. Returns null when they agree, else what differs.
   */
  static String againstSort(List<Long> rolled, List<Long> valuesNs) {
    List<Long> sorted = new ArrayList<>(valuesNs);
    sorted.sort(null);
    if (rolled.get(0) != sorted.size()) {
      return "count " + rolled.get(0) + " vs " + sorted.size();
    }
    double[] qs = {50, 90, 99, 99.9};
    for (int k = 0; k < qs.length; k++) {
      long exact = sorted.get((int) Math.ceil(qs[k] / 100 * sorted.size()) - 1);
      long got = rolled.get(k + 1);
      if (got < exact || got > exact + exact / 1024) {
        return "p" + qs[k] + " " + got + " vs exact " + exact;
      }
    }
    long max = sorted.get(sorted.size() - 1);
    return rolled.get(5) == max ? null : "max " + rolled.get(5) + " vs " + max;
  }
}
