package tardy.spark.table;

import org.HdrHistogram.Histogram;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF2;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;

/**
 * The histogram table's SQL functions, registered on a session with {@link #register}:
 * {@code tardy_merge(hdr)}, an aggregate adding histograms exactly ({@link HistogramMerge}), and
 * {@code tardy_percentile(hdr, q)}, the value at percentile {@code q} (0 to 100) in nanoseconds,
 * as HdrHistogram gives it (the top of its bucket, within 0.1 %); null for null or no values.
 * tardy's reports show no percentile above the exact maximum: {@code least(tardy_percentile(
 * tardy_merge(hdr), 99), max(max_ns))} is the report's p99 of the rows rolled up.
 */
public final class TardyFunctions {

  private TardyFunctions() {}

  public static void register(SparkSession spark) {
    spark.udf().register("tardy_merge", functions.udaf(new HistogramMerge(), Encoders.BINARY()));
    spark.udf().register("tardy_percentile",
        (UDF2<byte[], Object, Long>) TardyFunctions::percentile, DataTypes.LongType);
  }

  /** The value at {@code percentile} of an encoded histogram; null for null or no values. */
  static Long percentile(byte[] hdr, Object q) {
    if (hdr == null || q == null) {
      return null;
    }
    // SQL's 99 is an int and 99.9 a decimal: a Java function receives them as they are
    double percentile = q instanceof Number n ? n.doubleValue() : Double.NaN;
    if (!(percentile >= 0 && percentile <= 100)) {
      throw new IllegalArgumentException("tardy_percentile: " + q
          + " is not a percentile (0 to 100)");
    }
    Histogram h = HistogramMerge.decode(hdr);
    return h.getTotalCount() == 0 ? null : h.getValueAtPercentile(percentile);
  }
}
