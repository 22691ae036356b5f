package tardy.events.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** Turns command-line arguments into inputs: files, globs the shell left alone, and "-". */
public final class Inputs {

  private Inputs() {}

  /**
   * @throws InputException when a file does not exist, a glob matches nothing, or "-" is given
   *     twice
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
    return inputs;
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
