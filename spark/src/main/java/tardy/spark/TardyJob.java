package tardy.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import tardy.cli.Tardy;

/**
 * {@code spark-submit --class tardy.spark.TardyJob tardy-spark.jar report|check [options]
 * paths...}: the tardy command line, its inputs parsed on the cluster. Options, outputs and exit
 * codes are the command line's.
 */
public final class TardyJob {

  private TardyJob() {}

  public static void main(String[] args) {
    Tardy.main(new SparkDriver(TardyJob::context), args);
  }

  private static JavaSparkContext context;

  /** One context for the run, started only when inputs are read. */
  private static synchronized JavaSparkContext context() {
    if (context == null) {
      context = new JavaSparkContext(new SparkConf().setAppName("tardy"));
    }
    return context;
  }
}
