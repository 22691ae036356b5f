package tardy.cli;

import tardy.run.Driver;
import tardy.run.SpecRecipe;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.OptionalLong;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;
import tardy.run.Pipeline;
import tardy.run.Plan;
import tardy.record.Recorder;
import tardy.record.Result;
import tardy.analysis.InputHealth;
import tardy.formats.FormatChoice;
import tardy.events.Limits;
import tardy.events.input.Input;
import tardy.events.input.LineReader;
import tardy.render.AtomicOutput;

/** The options every command that reads logs shares. */
final class InputOptions implements Specs.Fields {

  List<String> inputs;
  List<String> logFormat;
  int threads = Runtime.getRuntime().availableProcessors();
  int maxOperations = Recorder.DEFAULT_MAX_GROUPS;
  int maxLineBytes = LineReader.DEFAULT_MAX_LINE_BYTES;
  Path rejects;
  /** A file the run reads besides its inputs (check's requirements), which it must not write. */
  Path alsoRead;

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
      case "logFormat" -> logFormat = (List<String>) value;
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
    command.addOption(Specs.option(this, "logFormat", "--log-format")
        .paramLabel("[GLOB=]NAME|STRING").completionCandidates(new FormatNames())
        .description("Force a format: a name that 'tardy formats' lists, or an nginx log_format"
            + " string; it applies to the inputs of its family (an access-log format to those"
            + " that look like access logs or like no known format, a JVM one to JVM logs), or"
            + " with GLOB= to the inputs whose name matches (repeatable: 'access*.log=combined')."
            + " Default: detected from the first lines.").build());
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
    return read(streams, (inputs, options) -> driver.read(inputs, options, remembering(spec)));
  }

  /**
   * The same with every request put against the pauses of the JVM logs among the inputs, those
   * with uptime only placed with {@code jvmStartMillis} when given.
   */
  Result readWithPauses(Streams streams, Function<Plan, SpecRecipe> spec,
      OptionalLong jvmStartMillis) {
    return read(streams,
        (inputs, options) -> driver.readWithPauses(inputs, options, remembering(spec),
            jvmStartMillis));
  }

  private Result read(Streams streams,
      java.util.function.BiFunction<List<Input>, Pipeline.Options, Result> reader) {
    List<Input> resolved = resolve(streams);
    if (rejects == null) {
      return refusingUnreadNamed(reader.apply(resolved, pipelineOptions(null)));
    }
    OutputOptions.checkWritable(rejects, () -> readFiles(resolved, streams));
    List<Result> result = new java.util.ArrayList<>(1);
    try { // refused inside the write: a refused run leaves no rejects file
      AtomicOutput.write(rejects, out -> result.add(refusingUnreadNamed(
          reader.apply(resolved, pipelineOptions(rejectWriter(out))))));
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

  /** Whether "-" is among the inputs and reads the process's own standard input. */
  private boolean readsProcessStandardInput(Streams streams) {
    return inputs.contains("-") && StandardInput.isProcessStandardInput(streams.in());
  }

  /** Every file this run reads, by identity: its outputs must be none of them. */
  ReadFiles readFiles(List<Input> resolved, Streams streams) {
    return ReadFiles.of(resolved, readsProcessStandardInput(streams), alsoRead);
  }

  /**
   * Refuses, before anything is read, an {@code output} (may be null) or --rejects file that
   * cannot be written, that both name one file, or that is a file this run reads.
   */
  void checkOutputs(Streams streams, Path output) {
    OutputOptions.checkApart(output, rejects);
    if (output != null) {
      OutputOptions.checkTarget(output);
    }
    if (rejects != null) {
      OutputOptions.checkTarget(rejects);
    }
    if (output != null || rejects != null) { // after the outputs' own errors: inputs resolved
      ReadFiles read = readFiles(resolve(streams), streams);
      for (Path target : new Path[] {output, rejects}) {
        if (target != null) {
          OutputOptions.refuseRead(target, () -> read);
        }
      }
    }
  }

  List<Input> resolve(Streams streams) {
    StandardInput.refuseNamedWhenClosed(inputs);
    List<Input> resolved = driver.resolve(inputs, streams::in);
    if (readsProcessStandardInput(streams)) {
      StandardInput.refuseAlsoNamed(resolved);
    }
    List<String> unmatched = formats().unmatched(resolved.stream().map(Input::name).toList());
    if (!unmatched.isEmpty()) { // a mistyped glob would leave its inputs to detection unsaid
      throw new UserError("--log-format '" + unmatched.get(0) + "': its glob matches none of the"
          + " inputs (" + String.join(", ", resolved.stream().map(Input::name).toList()) + ")");
    }
    return resolved;
  }

  /** The formats named with --log-format, each for the inputs it applies to. */
  FormatChoice formats() {
    if (logFormat == null || logFormat.isEmpty()) {
      return FormatChoice.DETECT;
    }
    try {
      return FormatChoice.parse(logFormat);
    } catch (IllegalArgumentException e) {
      throw new UserError("--log-format: " + e.getMessage(), e);
    }
  }

  /** The inputs the last read planned with a format named by --log-format. */
  private final Set<String> named = new HashSet<>();

  /** The plan's shape, and which of its inputs have a named format. */
  private Function<Plan, SpecRecipe> remembering(Function<Plan, SpecRecipe> spec) {
    return plan -> {
      for (Plan.Entry entry : plan.entries()) {
        if (entry.named()) {
          named.add(entry.input().name());
        }
      }
      return spec.apply(plan);
    };
  }

  /**
   * The result, unless an input read with a format the user named has no line parsed: the format
   * is not that log's, and exit 0 would say the numbers are good.
   */
  private Result refusingUnreadNamed(Result result) {
    List<String> unread = InputHealth.unreadAsNamed(result.inputs(), named);
    if (!unread.isEmpty()) {
      throw new UserError(String.join("\n", unread));
    }
    return result;
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
    return new Pipeline.Options(formats(), threadsWithin(threads, maxOperations), maxLineBytes,
        rejectSink);
  }

  /**
   * Threads each keep up to 6 × the cap's groups (see {@link Limits#GROUPS_IN_MEMORY}): fewer
   * threads where they would not all fit; the output is the same whatever the threads.
   */
  static int threadsWithin(int threads, int maxOperations) {
    return Math.max(1, Math.min(threads, Limits.GROUPS_IN_MEMORY / maxOperations));
  }

  /** The registered formats' names, for completion: read when a completion script is written. */
  static final class FormatNames implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return tardy.formats.Formats.all().stream().map(tardy.events.LogFormat::name).iterator();
    }
  }
}
