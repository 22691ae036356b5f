package tardy.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import tardy.events.input.FileNames;
import tardy.render.AtomicOutput;
import tardy.render.registry.OutputFormat;

/** Where and how a command writes its result. */
final class OutputOptions implements Specs.Fields {

  OutputFormat format;
  Path output;

  @Override
  public Object get(String field) {
    return switch (field) {
      case "format" -> format;
      case "output" -> output;
      default -> throw Specs.noField(this, field);
    };
  }

  @Override
  public void set(String field, Object value) {
    switch (field) {
      case "format" -> format = (OutputFormat) value;
      case "output" -> output = (Path) value;
      default -> throw Specs.noField(this, field);
    }
  }

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
        checkWritable(output, ReadFiles::none);
        AtomicOutput.write(output, writer);
      }
    } catch (IOException e) {
      String target = output == null ? "standard output" : output.toString();
      throw new UserError(target + ": cannot be written: " + e.getMessage(), e);
    }
  }

  /**
   * Refuses, before anything is read, a {@code target} that cannot be written or that is one of
   * the files the run reads (written, it would replace what it was made from): whatever can be
   * known before the read is asked now, not after a long read.
   */
  static void checkWritable(Path target, Supplier<ReadFiles> read) {
    checkTarget(target);
    refuseRead(target, read); // last: the inputs' own errors come after the output's
  }

  /** The refusals of {@code target} that need nothing but the target. */
  static void checkTarget(Path target) {
    if (FileNames.undecodable(target.toString())) {
      throw new UserError(target + ": " + FileNames.undecodableOutput());
    }
    if (Files.isDirectory(target)) {
      throw new UserError(target + ": is a directory");
    }
    if (AtomicOutput.direct(target)) { // a device or FIFO: written into, its directory untouched
      if (Files.exists(target) && !Files.isWritable(target)) {
        throw new UserError(target + ": cannot be written: permission denied");
      }
      if (isSocket(target)) { // opening one fails (ENXIO): say so now, not after the read
        throw new UserError(target + ": is a socket: write to a file, a device or a FIFO");
      }
      return;
    }
    Path replaced;
    try {
      replaced = AtomicOutput.replaced(target);
    } catch (IOException e) {
      throw new UserError(target + ": cannot be written: " + e.getMessage(), e);
    }
    Path dir = replaced.getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      throw new UserError(target + ": cannot be written: no such directory " + dir);
    }
    if (Files.isDirectory(replaced)) { // a/.. or a link to a directory
      throw new UserError(target + ": is a directory");
    }
    if (!Files.isWritable(dir)) {
      throw new UserError(target + ": cannot be written: permission denied in " + dir);
    }
    refuseUnnamable(target, replaced);
  }

  /** Whether {@code target} leads to a socket; false where the system does not say. */
  private static boolean isSocket(Path target) {
    try {
      return ((Integer) Files.getAttribute(target, "unix:mode") & 0170000) == 0140000; // S_IFSOCK
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** Refuses {@code target} when it is (or, a device path, leads to) a file the run reads. */
  static void refuseRead(Path target, Supplier<ReadFiles> read) {
    read.get().clash(target).ifPresent(r -> {
      throw new UserError(ReadFiles.refusal(target, r));
    });
  }

  /**
   * Refuses a name the system will not create (longer than its directory allows): asked of the
   * system itself, by looking the name up, as the write would.
   */
  private static void refuseUnnamable(Path target, Path replaced) {
    try {
      Files.readAttributes(replaced, java.nio.file.attribute.BasicFileAttributes.class,
          java.nio.file.LinkOption.NOFOLLOW_LINKS);
    } catch (java.nio.file.NoSuchFileException e) {
      // a new file: the name is fine
    } catch (java.nio.file.AccessDeniedException e) {
      throw new UserError(target + ": cannot be written: permission denied in "
          + replaced.getParent(), e);
    } catch (java.nio.file.FileSystemException e) {
      throw new UserError(target + ": cannot be written: "
          + (e.getReason() != null ? e.getReason() : e.getMessage()), e);
    } catch (IOException e) {
      throw new UserError(target + ": cannot be written: " + e.getMessage(), e);
    }
  }

  /**
   * Refuses {@code --output} and {@code --rejects} naming one file: the second written would
   * replace the first. A device or FIFO named twice is written into twice, which loses nothing.
   */
  static void checkApart(Path output, Path rejects) {
    if (output == null || rejects == null || AtomicOutput.direct(output)) {
      return;
    }
    try {
      if (AtomicOutput.replaced(output).equals(AtomicOutput.replaced(rejects))
          || sameFile(output, rejects)) {
        throw new UserError(output + ": named by both --output and --rejects: one would replace"
            + " the other; choose two files");
      }
    } catch (IOException e) {
      // a link loop: checkWritable says so for the file concerned
    }
  }

  private static boolean sameFile(Path a, Path b) {
    try {
      return Files.exists(a) && Files.isSameFile(a, b);
    } catch (IOException e) {
      return false; // one of them cannot be looked at: reading or writing it will say why
    }
  }
}
