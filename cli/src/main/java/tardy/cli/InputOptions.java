package tardy.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;
import tardy.classify.Pipeline;
import tardy.classify.Plan;
import tardy.classify.Recorder;
import tardy.classify.Result;
import tardy.parse.Formats;
import tardy.parse.Limits;
import tardy.parse.LogFormat;
import tardy.parse.io.Input;
import tardy.parse.io.LineReader;
import tardy.report.AtomicOutput;

/** The options every command that reads logs shares. */
final class InputOptions implements Specs.Fields {

  List<String> inputs;
  String logFormat;
  int threads = Runtime.getRuntime().availableProcessors();
  int maxOperations = Recorder.DEFAULT_MAX_GROUPS;
  int maxLineBytes = LineReader.DEFAULT_MAX_LINE_BYTES;
  Path rejects;

  @Override
  public Object get(String field) {
    return switch (field) {
      case "inputs" -> inputs;
      case "logFormat" -> logFormat;
      case "threads" -> threads;
      case "maxOperations" -> maxOperations;
      case "maxLineBytes" -> maxLineBytes;
      case "rejects" -> rejects;
      default -> throw Specs.noField(this, field);
    };
  }

  @Override
  @SuppressWarnings("unchecked")
  public void set(String field, Object value) {
    switch (field) {
      case "inputs" -> inputs = (List<String>) value;
      case "logFormat" -> logFormat = (String) value;
      case "threads" -> threads = (int) value;
      case "maxOperations" -> maxOperations = (int) value;
      case "maxLineBytes" -> maxLineBytes = (int) value;
      case "rejects" -> rejects = (Path) value;
      default -> throw Specs.noField(this, field);
    }
  }

  /** The inputs and these options, as the command line gives them. */
  void addTo(CommandSpec command) {
    command.addPositional(Specs.positional(this, "inputs").arity("1..*").required(true)
        .paramLabel("INPUT")
        .description("Log files, globs, or - for standard input. Compression is recognised by its"
            + " magic bytes; a rotated set is read in time order.").build());
    command.addOption(Specs.option(this, "logFormat", "--log-format").paramLabel("NAME|STRING")
        .description("Force a format: a name that 'tardy formats' lists, or an nginx log_format"
            + " string. Default: detected from the first lines.").build());
    command.addOption(Specs.option(this, "threads", "--threads").paramLabel("N")
        .description("Threads that parse a large plain file in parallel (default: ${DEFAULT-VALUE}).")
        .build());
    command.addOption(Specs.option(this, "maxOperations", "--max-operations").paramLabel("N")
        .description("Groups kept apart, those with the most events; the rest fold into"
            + " (other) (default: ${DEFAULT-VALUE}, at most " + Limits.OPERATIONS_MAX + ").")
        .build());
    command.addOption(Specs.option(this, "maxLineBytes", "--max-line-bytes").paramLabel("N")
        .hidden(true).description("Longest line kept; longer lines are counted and skipped.").build());
    command.addOption(Specs.option(this, "rejects", "--rejects").paramLabel("FILE")
        .description("Write every malformed line to FILE, with its input and line number.").build());
  }

  private static void within(String option, int value, int min, int max) {
    if (value < min || value > max) {
      throw new UserError(option + " must be from " + min + " to " + max + ", not " + value);
    }
  }

  /** What parses the inputs: this machine unless another driver runs the command. */
  Driver driver = Driver.LOCAL;

  /**
   * Reads every input into one result of the shape decided from the plan, writing the malformed
   * lines to --rejects when asked.
   */
  Result read(Streams streams, Function<Plan, SpecRecipe> spec) {
    return read(streams, (inputs, options) -> driver.read(inputs, options, spec));
  }

  /**
   * The same with every request put against the pauses of the JVM logs among the inputs, those
   * with uptime only placed with {@code jvmStartMillis} when given.
   */
  Result readWithPauses(Streams streams, Function<Plan, SpecRecipe> spec,
      OptionalLong jvmStartMillis) {
    return read(streams,
        (inputs, options) -> driver.readWithPauses(inputs, options, spec, jvmStartMillis));
  }

  private Result read(Streams streams,
      java.util.function.BiFunction<List<Input>, Pipeline.Options, Result> reader) {
    List<Input> resolved = resolve(streams);
    if (rejects == null) {
      return reader.apply(resolved, pipelineOptions(null));
    }
    OutputOptions.checkWritable(rejects, () -> resolved);
    List<Result> result = new java.util.ArrayList<>(1);
    try {
      AtomicOutput.write(rejects, out ->
          result.add(reader.apply(resolved, pipelineOptions(rejectWriter(out)))));
    } catch (IOException e) {
      throw new UserError(rejects + ": cannot be written: " + e.getMessage(), e);
    }
    return result.get(0);
  }

  /** "input:line: reason: the line", the line's bytes as they were. */
  private static Pipeline.Rejects rejectWriter(OutputStream target) {
    return (input, line, outcome, buf, from, to) -> {
      try {
        target.write((input + ":" + line + ": " + outcome.reason() + ": ")
            .getBytes(StandardCharsets.UTF_8));
        target.write(buf, from, to - from);
        target.write('\n');
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    };
  }

  List<Input> resolve(Streams streams) {
    StandardInput.refuseNamedWhenClosed(inputs);
    return driver.resolve(inputs, streams::in);
  }

  Optional<LogFormat> format() {
    if (logFormat == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(Formats.resolve(logFormat));
    } catch (IllegalArgumentException e) {
      throw new UserError("--log-format: " + e.getMessage(), e);
    }
  }

  /** Most groups a run may keep: each costs memory, and the default heap must hold them all. */
  static final int MAX_OPERATIONS_LIMIT = Limits.OPERATIONS_MAX;

  Pipeline.Options pipelineOptions(Pipeline.Rejects rejectSink) {
    within("--threads", threads, 1, 1024);
    if (maxOperations > MAX_OPERATIONS_LIMIT) {
      throw new UserError("--max-operations must be from 1 to " + MAX_OPERATIONS_LIMIT + ", not "
          + maxOperations + ": more groups need more heap than the launcher's 256 MiB holds");
    }
    within("--max-operations", maxOperations, 1, MAX_OPERATIONS_LIMIT);
    within("--max-line-bytes", maxLineBytes, 1, LineReader.MAX_LINE_BYTES_LIMIT);
    return new Pipeline.Options(format(), threadsWithin(threads, maxOperations), maxLineBytes,
        rejectSink);
  }

  /**
   * Threads each keep up to 6 × the cap's groups (see {@link Limits#GROUPS_IN_MEMORY}): fewer
   * threads where they would not all fit; the output is the same whatever the threads.
   */
  static int threadsWithin(int threads, int maxOperations) {
    return Math.max(1, Math.min(threads, Limits.GROUPS_IN_MEMORY / maxOperations));
  }
}
