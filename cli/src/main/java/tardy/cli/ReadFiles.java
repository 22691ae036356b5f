package tardy.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tardy.events.input.Input;
import tardy.events.input.Inputs;
import tardy.render.AtomicOutput;

/**
 * The files a run reads (its logs, its requirements file, standard input when that is a regular
 * file), known by identity: device and inode, whatever path, link or descriptor names them. No
 * file the run writes may be one of them, or the run would replace what it reads.
 */
final class ReadFiles {

  /** One file read: what it is to this run, for the message, and its identity. */
  record Read(String role, Path path, Object key) {}

  private final List<Read> files;

  private ReadFiles(List<Read> files) {
    this.files = List.copyOf(files);
  }

  /** Nothing read: for a write already checked against what was. */
  static ReadFiles none() {
    return new ReadFiles(List.of());
  }

  /**
   * The inputs that are files, standard input when {@code stdinRead} and it is a regular file,
   * and {@code requirements} when not null.
   */
  static ReadFiles of(List<Input> inputs, boolean stdinRead, Path requirements) {
    List<Read> files = new ArrayList<>();
    for (Input input : inputs) {
      input.path().ifPresent(p -> add(files, "log", p));
    }
    if (stdinRead) {
      StandardInput.regularFile().ifPresent(p -> add(files, "stdin", p));
    }
    if (requirements != null) {
      add(files, "requirements", requirements);
    }
    return new ReadFiles(files);
  }

  private static void add(List<Read> files, String role, Path path) {
    Inputs.fileIdentity(path).ifPresent(key -> files.add(new Read(role, path, key)));
  }

  /**
   * The file read that writing {@code target} would replace or write into: the file the
   * system's resolution of {@code target} reaches (a device path such as {@code /dev/stdin} is
   * written into where it leads).
   */
  Optional<Read> clash(Path target) {
    if (files.isEmpty()) {
      return Optional.empty();
    }
    Path reached;
    try {
      reached = AtomicOutput.direct(target) ? target : AtomicOutput.replaced(target);
    } catch (IOException e) {
      return Optional.empty(); // a link loop: the checks before writing say so
    }
    if (!Files.exists(reached, LinkOption.NOFOLLOW_LINKS) && !Files.exists(reached)) {
      return Optional.empty(); // a new file: nothing read is replaced
    }
    Optional<Object> key = Inputs.fileIdentity(reached);
    if (key.isEmpty()) {
      return Optional.empty();
    }
    return files.stream().filter(f -> f.key().equals(key.get())).findFirst();
  }

  /** The refusal of {@code target}, which is the file {@code read}. */
  static String refusal(Path target, Read read) {
    return switch (read.role()) {
      case "requirements" -> target + ": is the requirements file of this run: writing it would"
          + " replace it; choose another file";
      case "stdin" -> target + ": is also an input of this run (standard input is that file):"
          + " writing it would replace that log; choose another file";
      default -> target + ": is also an input of this run: writing it would replace that log;"
          + " choose another file";
    };
  }
}
