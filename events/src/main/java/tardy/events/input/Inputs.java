package tardy.events.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/** Turns command-line arguments into inputs: files, globs the shell left alone, and "-". */
public final class Inputs {

  private Inputs() {}

  /**
   * @throws InputException when a file does not exist, a glob matches nothing, "-" is given
   *     twice, or one file is named twice (the same path, or through a link)
   */
  public static List<Input> resolve(List<String> args, Supplier<InputStream> stdin) {
    List<Input> inputs = new ArrayList<>();
    boolean stdinUsed = false;
    for (String arg : args) {
      if (arg.equals("-")) {
        if (stdinUsed) {
          throw new InputException("-: standard input can be read only once");
        }
        stdinUsed = true;
        inputs.add(Input.stream("-", stdin));
      } else if (isGlob(arg) && !Files.exists(Path.of(arg))) {
        List<Path> matches = glob(arg);
        if (matches.isEmpty()) {
          throw new InputException(arg + ": no file matches this pattern");
        }
        matches.forEach(p -> inputs.add(Input.file(p)));
      } else {
        Path path = Path.of(arg);
        if (!Files.exists(path)) {
          throw new InputException(FileNames.missing(arg, path));
        }
        inputs.add(Input.file(path));
      }
    }
    refuseAFileNamedTwice(inputs);
    return inputs;
  }

  /**
   * Refuses a file named twice, by two paths or through a link (a pattern matching a file and a
   * link to it, Kubernetes' /var/log/containers links beside /var/log/pods): it would be read
   * twice and each of its lines counted twice, every count of a report doubled, and nothing to
   * tell.
   */
  public static void refuseAFileNamedTwice(List<Input> inputs) {
    Map<Object, String> named = new HashMap<>();
    for (Input input : inputs) {
      if (input.path().isPresent()) {
        String first = named.putIfAbsent(identity(input.path().get()), input.name());
        if (first != null) {
          throw readTwice(input.name() + ": is", first, input.name().equals(first)
              ? "named twice" : "the same file, by a link or another path");
        }
      }
    }
  }

  /**
   * The refusal of a file that would be read twice: "{@code what} {@code first} again ({@code
   * how}): …", whichever way it was named twice (two paths, a link, standard input).
   */
  public static InputException readTwice(String what, String first, String how) {
    return new InputException(what + " " + first + " again (" + how + "): it would be read twice"
        + " and each of its lines counted twice; name it once");
  }

  /** A file by its identity; a file of another file system (a cluster's) by its address. */
  private static Object identity(Path file) {
    Object address = file.toUri().normalize();
    return file.getFileSystem() == FileSystems.getDefault()
        ? fileIdentity(file).orElse(address) : address;
  }

  /**
   * What a file is, whatever path names it, links followed: its device and inode where the file
   * system has them, else its real path; empty when it cannot be looked at (reading it says why).
   */
  public static Optional<Object> fileIdentity(Path file) {
    try {
      Object key = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
      return Optional.of(key == null ? file.toRealPath() : key);
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static boolean isGlob(String arg) {
    return arg.indexOf('*') >= 0 || arg.indexOf('?') >= 0 || arg.indexOf('[') >= 0;
  }

  /** Expands a pattern in its last path element, sorted by name. */
  private static List<Path> glob(String pattern) {
    Path p = Path.of(pattern);
    Path dir = p.getParent() == null ? Path.of(".") : p.getParent();
    List<Path> matches = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, p.getFileName().toString())) {
      for (Path entry : entries) {
        if (Files.isRegularFile(entry)) {
          matches.add(p.getParent() == null ? entry.getFileName() : entry);
        }
      }
    } catch (java.util.regex.PatternSyntaxException e) {
      throw new InputException(pattern + ": no such file, nor a valid pattern ("
          + e.getDescription() + ")", e);
    } catch (IOException | RuntimeException e) {
      throw new InputException(pattern + ": cannot list " + dir + ": " + e.getMessage(), e);
    }
    matches.sort(null);
    return matches;
  }
}
