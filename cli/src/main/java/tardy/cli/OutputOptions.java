package tardy.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;
import tardy.report.AtomicOutput;
import tardy.report.OutputFormat;

/** Where and how a command writes its result. */
final class OutputOptions {

  @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = FormatLabels.class,
      description = "Output format: ${COMPLETION-CANDIDATES} (default: table).")
  OutputFormat format = OutputFormat.TABLE;

  /** The formats as users type them. */
  static final class FormatLabels implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return java.util.Arrays.stream(OutputFormat.values()).map(OutputFormat::label).iterator();
    }
  }

  @Option(names = {"-o", "--output"}, paramLabel = "FILE",
      description = "Write to FILE (complete or not at all) instead of standard output.")
  Path output;

  /** Writes to the output file atomically, or to standard output. */
  void write(Streams streams, AtomicOutput.Writer writer) {
    try {
      if (output == null) {
        try (OutputStream out = streams.stdout()) {
          writer.write(out);
        }
      } else {
        checkWritable(output);
        AtomicOutput.write(output, writer);
      }
    } catch (IOException e) {
      String target = output == null ? "standard output" : output.toString();
      throw new UserError(target + ": cannot be written: " + e.getMessage(), e);
    }
  }

  static void checkWritable(Path target) {
    Path dir = target.toAbsolutePath().getParent();
    if (Files.isDirectory(target)) {
      throw new UserError(target + ": is a directory");
    }
    if (dir == null || !Files.isDirectory(dir)) {
      throw new UserError(target + ": cannot be written: no such directory " + dir);
    }
    if (!Files.isWritable(dir)) {
      throw new UserError(target + ": cannot be written: permission denied in " + dir);
    }
  }
}
