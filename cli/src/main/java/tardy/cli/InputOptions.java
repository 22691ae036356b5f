package tardy.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tardy.classify.Pipeline;
import tardy.classify.Recorder;
import tardy.parse.Formats;
import tardy.parse.LogFormat;
import tardy.parse.io.Input;
import tardy.parse.io.Inputs;
import tardy.parse.io.LineReader;

/** The options every command that reads logs shares. */
final class InputOptions {

  @Parameters(arity = "1..*", paramLabel = "INPUT",
      description = "Log files, globs, or - for standard input. Compression is recognised by its"
          + " magic bytes; a rotated set is read in time order.")
  List<String> inputs;

  @Option(names = "--log-format", paramLabel = "NAME|STRING",
      description = "Force a format: a name that 'tardy formats' lists, or an nginx log_format"
          + " string. Default: detected from the first lines.")
  String logFormat;

  @Option(names = "--threads", paramLabel = "N",
      description = "Threads that parse a large plain file in parallel (default: ${DEFAULT-VALUE}).")
  int threads = Runtime.getRuntime().availableProcessors();

  @Option(names = "--max-operations", paramLabel = "N",
      description = "Groups kept before new ones fold into (other) (default: ${DEFAULT-VALUE}).")
  int maxOperations = Recorder.DEFAULT_MAX_GROUPS;

  @Option(names = "--max-line-bytes", paramLabel = "N", hidden = true,
      description = "Longest line kept; longer lines are counted and skipped.")
  int maxLineBytes = LineReader.DEFAULT_MAX_LINE_BYTES;

  @Option(names = "--rejects", paramLabel = "FILE",
      description = "Write every malformed line to FILE, with its input and line number.")
  Path rejects;

  List<Input> resolve(Streams streams) {
    return Inputs.resolve(inputs, streams::in);
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

  Pipeline.Options pipelineOptions(Pipeline.Rejects rejectSink) {
    if (threads < 1 || maxOperations < 1 || maxLineBytes < 1) {
      throw new UserError("--threads, --max-operations and --max-line-bytes must be at least 1");
    }
    return new Pipeline.Options(format(), threads, maxLineBytes, rejectSink);
  }
}
