package tardy.run;

import tardy.record.ReportIntervals;
import tardy.record.Result;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import tardy.run.PausePlan;
import tardy.formats.FormatChoice;
import tardy.events.LogFormat;
import tardy.events.Outcome;
import tardy.events.input.Input;
import tardy.events.input.InputException;
import tardy.events.input.LineReader;
import tardy.events.input.ReadStop;

/**
 * The batch driver of the core: {@link Plan plans} the inputs, parses their {@link Part parts}
 * (the ranges of one large file on a pool of threads; a stream or a compressed file read on the
 * calling thread and parsed in blocks on others, {@link BlockParse}; anything else on the calling
 * thread) and adds the {@link Result results} in the plan's order.
 */
public final class Pipeline {

  /** Files smaller than twice this are parsed by one thread: splitting costs more than it gains. */
  public static final long MIN_CHUNK_BYTES = Plan.MIN_CHUNK_BYTES;

  /** Receives the malformed lines of every input, in line order, for {@code --rejects}. */
  @FunctionalInterface
  public interface Rejects {
    void reject(String input, long lineNumber, Outcome outcome, byte[] buf, int from, int to);
  }

  /**
   * What the user asked for: the formats named (else detection), threads, the line limit, and
   * where malformed lines go (null: nowhere); and the smallest chunk worth a thread of its own.
   */
  public record Options(FormatChoice formats, int threads, int maxLineBytes,
      Rejects rejects, long minChunkBytes) {

    public Options(FormatChoice formats, int threads, int maxLineBytes, Rejects rejects) {
      this(formats, threads, maxLineBytes, rejects, MIN_CHUNK_BYTES);
    }

    /** One format for the inputs of its family ({@link FormatChoice#of}), or detection. */
    public Options(Optional<LogFormat> format, int threads, int maxLineBytes, Rejects rejects) {
      this(FormatChoice.of(format), threads, maxLineBytes, rejects, MIN_CHUNK_BYTES);
    }

    public static Options defaults() {
      return new Options(FormatChoice.DETECT, Runtime.getRuntime().availableProcessors(),
          LineReader.DEFAULT_MAX_LINE_BYTES, null);
    }

    /** The same with chunks from {@code bytes} up: small ones let tests cut small logs. */
    public Options withMinChunkBytes(long bytes) {
      return new Options(formats, threads, maxLineBytes, rejects, bytes);
    }

    LineReader.Rejects rejectsOf(Input input) {
      return rejects == null
          ? LineReader.Rejects.NONE
          : (line, outcome, buf, from, to) ->
              rejects.reject(input.name(), line, outcome, buf, from, to);
    }
  }

  private final Options options;

  public Pipeline(Options options) {
    this.options = options;
  }

  /** Reads every input into one result of that shape. */
  public Result run(List<Input> inputs, Result.Spec spec) {
    return run(inputs, plan -> spec);
  }

  /**
   * The same with the shape decided once the inputs are planned, before any is read: the
   * grouping of a report is inferred from the plan's {@link Plan.Entry#trafficSample samples}.
   */
  public Result run(List<Input> inputs, Function<Plan, Result.Spec> specOf) {
    Plan plan = Plan.forGrouping(inputs, options.formats());
    Phases.end("plan: open, sample, detect");
    Result.Spec spec = specOf.apply(plan);
    Phases.end("grouping from the sample");
    return run(plan, spec, null, Map.of(), Map.of());
  }

  /**
   * The same with every request put against the pauses of the JVM logs among the inputs (the
   * timeline; uptime-only pauses placed with {@code jvmStartMillis} when given). The JVM logs are
   * read first, each once, on one thread ({@link PausePlan}): that read gives the pause index and
   * the log's own result, added in its place. With {@code --rejects}, whose lines are written in
   * the inputs' order, a log's malformed lines are kept until its place ({@link KeptRejects});
   * one with more than those hold is read again there.
   */
  public Result runWithPauses(List<Input> inputs, Function<Plan, Result.Spec> specOf,
      OptionalLong jvmStartMillis) {
    Plan plan = Plan.forGrouping(inputs, options.formats());
    Phases.end("plan: open, sample, detect");
    Result.Spec spec = specOf.apply(plan);
    Phases.end("grouping from the sample");
    Optional<PausePlan.Pass> jvm = PausePlan.read(plan, spec, options, jvmStartMillis);
    if (jvm.isEmpty()) {
      Phases.end("JVM logs for the pause index (none)");
      return run(plan, spec, null, Map.of(), Map.of());
    }
    Phases.end("JVM logs for the pause index");
    Result.Spec withPauses = spec.withPauses(jvm.get().index());
    // the total starts empty of that shape: the first input may be a JVM log read without it
    return run(plan, withPauses, Result.empty(withPauses), jvm.get().results(),
        jvm.get().rejects());
  }

  /**
   * The inputs' results added in the plan's order to {@code total} (null: the first's); those
   * {@code read} already in their place, with their malformed lines written there.
   */
  private Result run(Plan plan, Result.Spec spec, Result total, Map<Integer, Result> read,
      Map<Integer, KeptRejects> rejects) {
    for (Plan.Entry entry : plan.entries()) {
      Result input;
      if (read.containsKey(entry.index())) {
        input = read.get(entry.index());
        if (options.rejects() != null) {
          rejects.get(entry.index()).writeTo(options.rejectsOf(entry.input()));
        }
      } else {
        input = read(entry, spec);
      }
      Phases.end("parse " + entry.input().name());
      total = total == null ? input : total.addLater(input);
      Phases.end("add to the inputs before");
    }
    return total;
  }

  private Result read(Plan.Entry entry, Result.Spec spec) {
    // rejects are written in line order, so a run that keeps them reads in one pass
    int ways = options.rejects() == null ? options.threads() : 1;
    if (spec.perIntervalMillis() > 0) {
      ways = Math.min(ways, ReportIntervals.partsThatFit(Runtime.getRuntime().maxMemory()));
    }
    Result result = null;
    try {
      List<Part> parts = entry.parts(ways, options.minChunkBytes());
      if (parts.size() == 1) {
        result = entry.newResult(spec);
        if (BlockParse.suits(entry, parts, ways, spec)) {
          return BlockParse.parse(parts.get(0), result, ways,
              (int) Math.min(options.minChunkBytes(), BlockParse.BLOCK_BYTES),
              options.maxLineBytes());
        }
        parts.get(0).parseInto(result, options.rejectsOf(entry.input()), options.maxLineBytes());
        return result;
      }
      return readParts(entry, parts, spec, ways);
    } catch (IOException e) {
      throw damaged(entry.input(), e, result);
    }
  }

  /**
   * Reads the parts of one input on threads of their own and adds their results in order. A part
   * whose reading fails ends the read, and its error counts the lines read before the damage: the
   * parts before it, read whole, and its own head.
   */
  Result readParts(Plan.Entry entry, List<Part> parts, Result.Spec spec, int ways) {
    Result result = null;
    try {
      ExecutorService pool = Executors.newFixedThreadPool(Math.min(ways, parts.size()));
      try {
        List<Future<Result>> futures = new ArrayList<>();
        long poolStart = System.nanoTime();
        for (Part part : parts) {
          futures.add(pool.submit(() -> {
            Result parsed = entry.newResult(spec);
            try {
              part.parseInto(parsed, LineReader.Rejects.NONE, options.maxLineBytes());
            } catch (IOException e) {
              throw new DamagedPart(e, parsed);
            }
            if (Phases.ON) {
              Phases.note("part " + part.range().map(Object::toString).orElse("whole")
                  + " parsed by " + Thread.currentThread().getName() + " at "
                  + Phases.millisSince(poolStart));
            }
            return parsed;
          }));
        }
        long merging = 0;
        for (Future<Result> future : futures) {
          Result next;
          try {
            next = done(future, entry);
          } catch (DamagedPart damaged) { // the parts before it were read whole: say where
            result = result == null ? damaged.read : result.addLater(damaged.read);
            throw damaged.failure;
          }
          long from = System.nanoTime();
          result = result == null ? next : result.addLater(next);
          merging += System.nanoTime() - from;
        }
        if (Phases.ON) {
          Phases.note(String.format(java.util.Locale.ROOT, "parts added in %.1f ms",
              merging / 1e6));
        }
        return result;
      } finally {
        pool.shutdownNow();
      }
    } catch (IOException e) {
      throw damaged(entry.input(), e, result);
    }
  }

  /** A part whose reading failed, with what it read before: the lines before the damage. */
  private static final class DamagedPart extends IOException {
    final IOException failure;
    final transient Result read;

    DamagedPart(IOException cause, Result read) {
      super(cause);
      this.failure = cause;
      this.read = read;
    }
  }

  /**
   * The user's error for an input whose reading failed.
   *
   * @param before what was read of it before the failure (null: nothing)
   */
  public static InputException damaged(Input input, IOException e, Result before) {
    long lines = before == null ? 0 : before.lastAccount().stats().lines();
    return new InputException(input.name() + ": " + ReadStop.describe(e, lines), e);
  }

  /** The result of a part once parsed; what failed in parsing it, rethrown. */
  static Result done(Future<Result> future, Plan.Entry entry) throws IOException {
    try {
      return future.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      if (e.getCause() instanceof Error error) { // out of memory, above all: not a bug of ours
        throw error;
      }
      throw new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InputException(entry.input().name() + ": interrupted");
    }
  }
}
