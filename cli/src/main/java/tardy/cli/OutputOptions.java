package tardy.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import tardy.report.AtomicOutput;
import tardy.report.OutputFormat;

/** Where and how a command writes its result. */
final class OutputOptions {

  OutputFormat format;
  Path output;

  void addTo(CommandSpec command) {
    command.addOption(Specs.option(this, "format", "--format").paramLabel("FORMAT")
        .completionCandidates(new FormatLabels())
        .description("Output format: ${COMPLETION-CANDIDATES} (default: from the --output"
            + " file's extension, .html .json .csv .hgrm; else table).").build());
    command.addOption(Specs.option(this, "output", "-o", "--output").paramLabel("FILE")
        .description("Write to FILE (complete or not at all) instead of standard output.").build());
  }

  /** The format asked for, else the one the output file's name ends with, else a table. */
  OutputFormat format() {
    if (format != null) {
      return format;
    }
    return output == null ? OutputFormat.TABLE : OutputFormat.ofFileName(output.toString());
  }

  /** The formats as users type them. */
  static final class FormatLabels implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return java.util.Arrays.stream(OutputFormat.values()).map(OutputFormat::label).iterator();
    }
  }

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
    if (AtomicOutput.direct(target)) { // a device or FIFO: written into, its directory untouched
      if (Files.exists(target) && !Files.isWritable(target)) {
        throw new UserError(target + ": cannot be written: permission denied");
      }
      return;
    }
    if (dir == null || !Files.isDirectory(dir)) {
      throw new UserError(target + ": cannot be written: no such directory " + dir);
    }
    if (!Files.isWritable(dir)) {
      throw new UserError(target + ": cannot be written: permission denied in " + dir);
    }
  }
}
