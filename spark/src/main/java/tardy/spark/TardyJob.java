package tardy.spark;

import java.io.InputStream;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import tardy.cli.Tardy;
import tardy.events.input.Input;
import tardy.events.input.InputException;
import tardy.record.Result;
import tardy.run.Driver;
import tardy.run.Pipeline;
import tardy.run.Plan;
import tardy.run.SpecRecipe;
import tardy.spark.table.TableOutput;

/**
 * {@code spark-submit --class tardy.spark.TardyJob tardy-spark.jar report|check [options]
 * paths...}: the tardy command line, its inputs parsed on the cluster. Options, outputs and exit
 * codes are the command line's. Two options are the job's own, taken off before the command sees
 * them: {@code --table PATH} writes the histogram table, {@code --partition-by NAME=REGEX} names a
 * partition column ({@link TableOutput}).
 */
public final class TardyJob {

  private TardyJob() {}

  public static void main(String[] args) {
    TableOutput.Split split = TableOutput.split(args);
    SparkDriver driver = new SparkDriver(TardyJob::context).withTable(split.table());
    Tardy.main(split.problem() == null ? driver : new Refusing(split.problem()),
        split.rest().toArray(new String[0]));
  }

  private static JavaSparkContext context;

  /** The job when its own options are wrong: the command refuses its inputs, exit code 2. */
  private record Refusing(String problem) implements Driver {
    @Override
    public List<Input> resolve(List<String> args, Supplier<InputStream> stdin) {
      throw new InputException(problem);
    }

    @Override
    public Result read(List<Input> inputs, Pipeline.Options options,
        Function<Plan, SpecRecipe> shapeOf) {
      throw new InputException(problem);
    }
  }

  /** One context for the run, started only when inputs are read. */
  private static synchronized JavaSparkContext context() {
    if (context == null) {
      context = new JavaSparkContext(new SparkConf().setAppName("tardy"));
    }
    return context;
  }
}
