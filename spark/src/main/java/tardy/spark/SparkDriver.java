package tardy.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.spark.SparkException;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.util.SerializableConfiguration;
import scala.Tuple2;
import tardy.run.Part;
import tardy.run.PartSpec;
import tardy.run.Pipeline;
import tardy.run.Plan;
import tardy.record.Result;
import tardy.run.Driver;
import tardy.run.SpecRecipe;
import tardy.run.PausePlan;
import tardy.events.input.Input;
import tardy.events.input.InputException;
import tardy.events.input.Inputs;
import tardy.spark.hadoop.HadoopFiles;
import tardy.spark.table.TableOutput;

/**
 * Runs a command's parse on Spark: the plan is made here, on the Spark driver, exactly as the
 * batch run makes it (formats, order, the traffic sample the grouping is decided from); each
 * {@link Part} becomes a {@link PartSpec} parsed by a task into a {@link Result}, which travels as
 * {@link Parsed} bytes (or the user's error that stopped it); the results are added in plan
 * order by a tree ({@link InPlanOrder}).
 */
public final class SparkDriver implements Driver {

  /**
   * A plain file is cut into parts of at most about this size, as many as a multiple of the
   * cores: each part's result is encoded, sent and added again, in executors whose code for that
   * is still cold, so fewer, larger parts cost less CPU; a whole number of rounds keeps every core
   * busy to the end.
   */
  public static final long PART_BYTES = 256L << 20;

  private final Supplier<JavaSparkContext> context;
  private final long partBytes;
  private final TableOutput table; // null: no histogram table

  /** @param context asked for only when inputs are read, so help and usage errors need none */
  public SparkDriver(Supplier<JavaSparkContext> context) {
    this(context, PART_BYTES, null);
  }

  private SparkDriver(Supplier<JavaSparkContext> context, long partBytes, TableOutput table) {
    this.context = context;
    this.partBytes = partBytes;
    this.table = table;
  }

  /** The same, cutting files into parts of about {@code bytes}: lets tests cut small logs. */
  public SparkDriver withPartBytes(long bytes) {
    return new SparkDriver(context, bytes, table);
  }

  /** The same, writing the report's histograms as a table there too (null: none). */
  public SparkDriver withTable(TableOutput output) {
    return new SparkDriver(context, partBytes, output);
  }

  /**
   * Paths with a scheme ({@code hdfs://}, {@code s3a://}, {@code file:}) and, when Hadoop's
   * default file system is not the local one, paths without: Hadoop's files, globs in Hadoop's
   * syntax. Other paths: local files and globs, as the command line resolves them.
   */
  @Override
  public List<Input> resolve(List<String> args, Supplier<InputStream> stdin) {
    List<Input> inputs = new ArrayList<>();
    for (String arg : args) {
      if (arg.equals("-")) {
        throw new InputException("-: a Spark job reads files, not standard input");
      }
      if (HadoopInputs.isHadoop(arg, hadoopConf())) {
        inputs.addAll(HadoopInputs.resolve(arg, files()));
      } else {
        inputs.addAll(Inputs.resolve(List.of(arg), stdin));
      }
    }
    for (Input input : inputs) {
      if (input.path().isEmpty()) { // a FIFO or a device: read once, where it is
        throw new InputException(input.name() + ": not a regular file: a Spark job reads files");
      }
    }
    Inputs.refuseAFileNamedTwice(inputs); // each argument was resolved alone
    return inputs;
  }

  private org.apache.hadoop.conf.Configuration hadoopConf() {
    return context.get().hadoopConfiguration();
  }

  private HadoopFiles files;

  private synchronized HadoopFiles files() {
    if (files == null) {
      files = new HadoopFiles(hadoopConf());
    }
    return files;
  }

  @Override
  public Result read(List<Input> inputs, Pipeline.Options options,
      Function<Plan, SpecRecipe> shapeOf) {
    refuseRejects(options);
    Plan plan = Plan.of(inputs, options.formats());
    return parse(plan, shapeOf.apply(plan), options, Map.of());
  }

  /**
   * As the batch run does, each JVM log is read once, here on the Spark driver, for both the
   * pause index and its own result, which takes its place in the plan's order; the cluster
   * parses the other inputs with the index.
   */
  @Override
  public Result readWithPauses(List<Input> inputs, Pipeline.Options options,
      Function<Plan, SpecRecipe> shapeOf, OptionalLong jvmStartMillis) {
    refuseRejects(options);
    Plan plan = Plan.of(inputs, options.formats());
    // the JVM logs read here split their pauses per host too (a syslog header's), as parts do
    SpecRecipe recipe = shapeOf.apply(plan).withHosts(table != null && plan.namesHosts());
    Optional<PausePlan.Pass> jvm = PausePlan.read(plan, recipe.spec(), options, jvmStartMillis);
    if (jvm.isEmpty()) {
      return parse(plan, recipe, options, Map.of());
    }
    return parse(plan, recipe.withPauses(jvm.get().index()), options, jvm.get().results());
  }

  private void refuseRejects(Pipeline.Options options) {
    if (options.rejects() != null) {
      throw new InputException("--rejects: malformed lines are written in line order, by one"
          + " reader: run tardy on the input for them");
    }
  }

  /** The plan's inputs parsed on the cluster, but those {@code read} already, added in order. */
  private Result parse(Plan plan, SpecRecipe asked, Pipeline.Options options,
      Map<Integer, Result> read) {
    // a table's rows per host its lines name, where a format can name them
    SpecRecipe recipe = asked.withHosts(table != null && plan.namesHosts());
    Result.Spec spec = recipe.spec();
    if (table != null && !spec.report()) {
      throw new InputException("--table: the histogram table holds a report's histograms:"
          + " write it with report or check");
    }
    JavaSparkContext sc = context.get();
    List<PartSpec> all = slices(plan, sc.defaultParallelism(), partBytes,
        Math.min(options.minChunkBytes(), partBytes), read.keySet());
    List<PartSpec> slices = toParse(all, read.keySet());
    List<Tuple2<Integer, Parsed>> done = new ArrayList<>();
    for (PartSpec s : all) {
      if (read.containsKey(s.input())) { // its place in the order, for the result read here
        done.add(new Tuple2<>(s.position(), Parsed.of(read.get(s.input()))));
      }
    }
    int count = all.size();
    int maxLineBytes = options.maxLineBytes();
    // one copy per executor, whose grouping is then built once there, not once per task
    Broadcast<SpecRecipe> shape = sc.broadcast(recipe);
    Broadcast<SerializableConfiguration> conf =
        sc.broadcast(new SerializableConfiguration(sc.hadoopConfiguration()));
    try {
      JavaPairRDD<Integer, Parsed> parsed = sc.parallelize(slices, Math.max(1, slices.size()))
          .mapToPair(slice -> new Tuple2<>(slice.position(), Parsed.of(() -> {
            HadoopFiles files = new HadoopFiles(conf.value().value());
            return slice.parse(shape.value().spec(), maxLineBytes,
                location -> ExecutorFiles.open(location, files));
          })));
      if (!done.isEmpty()) {
        parsed = parsed.union(sc.parallelizePairs(done, 1));
      }
      if (table == null) {
        return InPlanOrder.add(parsed, count, shape).result(spec);
      }
      parsed = parsed.persist(StorageLevel.MEMORY_AND_DISK()); // parsed once, added twice
      try {
        Result whole = InPlanOrder.add(parsed, count, shape).result(spec);
        HistogramTable.write(parsed, all, plan, whole, shape, table);
        return whole;
      } finally {
        parsed.unpersist(false);
      }
    } catch (Exception e) { // SparkException, thrown unchecked by Scala
      if (e instanceof SparkException spark) {
        throw new TaskFailure(spark);
      }
      throw e;
    } finally {
      shape.destroy();
      conf.destroy();
    }
  }

  /** The plan's parts in order: a plain file cut at line ends, as the batch run cuts it. */
  static List<PartSpec> slices(Plan plan, int cores, long partBytes, long minBytes) {
    return slices(plan, cores, partBytes, minBytes, Set.of());
  }

  /** The slices the cluster parses: all but those of the inputs read here (by plan place). */
  static List<PartSpec> toParse(List<PartSpec> all, Set<Integer> readHere) {
    return all.stream().filter(s -> !readHere.contains(s.input())).toList();
  }

  /** The same, with the inputs of {@code whole} (by their place in the plan) one part each. */
  static List<PartSpec> slices(Plan plan, int cores, long partBytes, long minBytes,
      Set<Integer> whole) {
    List<PartSpec> slices = new ArrayList<>();
    try {
      for (Plan.Entry entry : plan.entries()) {
        if (whole.contains(entry.index())) {
          slices.add(PartSpec.of(slices.size(), Part.of(entry, Optional.empty()),
              ExecutorFiles::locate));
          continue;
        }
        long size = Files.size(entry.input().path().orElseThrow());
        int ways = ways(size, cores, partBytes);
        for (Part part : entry.parts(ways, minBytes)) {
          slices.add(PartSpec.of(slices.size(), part, ExecutorFiles::locate));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return slices;
  }

  /**
   * Into how many parts a plain file of {@code size} bytes is cut: the fewest whole rounds of
   * {@code cores} parts whose parts hold at most about {@code partBytes}.
   */
  static int ways(long size, int cores, long partBytes) {
    long atLeast = size / partBytes + 1;
    long rounds = (atLeast + cores - 1) / cores;
    return (int) Math.min(Integer.MAX_VALUE, Math.max(1, rounds) * cores);
  }

  /**
   * A task that failed for a reason other than its input (a bug, or an executor lost): one line
   * for the user, from Spark's message, which carries the executor's whole stack trace; all of
   * it with --debug.
   */
  static final class TaskFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TaskFailure(SparkException e) {
      super(firstLine(e.getMessage()), e);
    }

    private static String firstLine(String message) {
      String text = message == null ? "" : message;
      int end = text.indexOf('\n');
      return end < 0 ? text : text.substring(0, end);
    }
  }
}
