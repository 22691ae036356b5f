package tardy.run;

import java.io.InputStream;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.Supplier;
import tardy.run.Pipeline;
import tardy.run.Plan;
import tardy.record.Result;
import tardy.record.pause.PauseIndex;
import tardy.run.PausePlan;
import tardy.events.input.Input;
import tardy.events.input.Inputs;

/**
 * What runs the parse of a command: the batch pipeline on this machine, or another engine
 * (a cluster job) running the same core. Everything before (options, requirements) and after
 * (analysis, verdicts, rendering, exit codes) is the command's, whatever the driver.
 */
public interface Driver {

  /** The inputs the command line names ("-" is standard input). */
  List<Input> resolve(List<String> args, Supplier<InputStream> stdin);

  /**
   * Every input read into one result, its shape decided from the plan before any part is
   * parsed.
   */
  Result read(List<Input> inputs, Pipeline.Options options, Function<Plan, SpecRecipe> shapeOf);

  /**
   * The same with every request put against the pauses of the JVM logs among the inputs (placed
   * with {@code jvmStartMillis} when they have uptime only): here the JVM logs are read for the
   * index of their pauses first, and the parse reads them again for their own tables.
   */
  default Result readWithPauses(List<Input> inputs, Pipeline.Options options,
      Function<Plan, SpecRecipe> shapeOf, OptionalLong jvmStartMillis) {
    PauseIndex pauses = PausePlan.read(inputs, options, jvmStartMillis).orElse(null);
    return read(inputs, options, plan -> shapeOf.apply(plan).withPauses(pauses));
  }

  /** The batch run: local files, globs and standard input, parsed by {@link Pipeline}. */
  Driver LOCAL = new Driver() {
    @Override
    public List<Input> resolve(List<String> args, Supplier<InputStream> stdin) {
      return Inputs.resolve(args, stdin);
    }

    @Override
    public Result read(List<Input> inputs, Pipeline.Options options,
        Function<Plan, SpecRecipe> shapeOf) {
      return new Pipeline(options).run(inputs, plan -> shapeOf.apply(plan).spec());
    }

    /** Each JVM log read once, for both the pause index and its own tables. */
    @Override
    public Result readWithPauses(List<Input> inputs, Pipeline.Options options,
        Function<Plan, SpecRecipe> shapeOf, OptionalLong jvmStartMillis) {
      return new Pipeline(options).runWithPauses(inputs, plan -> shapeOf.apply(plan).spec(),
          jvmStartMillis);
    }
  };
}
