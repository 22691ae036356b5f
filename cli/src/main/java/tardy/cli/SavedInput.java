package tardy.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import tardy.run.SavedRun;

/**
 * A result saved with {@code --save}, named where logs are. A file is taken as one when it starts
 * with a saved result's magic bytes or its name ends with {@value SavedRun#EXTENSION} (then a file
 * that is not one is refused, not read as a log); it is read alone, never with logs.
 */
final class SavedInput {

  private SavedInput() {}

  /**
   * The saved result the inputs name; empty when they name logs.
   *
   * @param option how the inputs were given, for the messages ("INPUT", "--before")
   */
  static Optional<SavedRun> of(List<String> inputs, String option) {
    if (inputs == null) {
      return Optional.empty();
    }
    String saved = null;
    for (String name : inputs) {
      if (isSaved(name)) {
        saved = name;
      }
    }
    if (saved == null) {
      return Optional.empty();
    }
    if (inputs.size() > 1) {
      throw new UserError(saved + ": a saved result is read alone, not with other " + option
          + "s: its operations were decided from its own logs");
    }
    return Optional.of(read(Path.of(saved)));
  }

  private static boolean isSaved(String name) {
    if (name.equals("-")) {
      return false;
    }
    Path path;
    try {
      path = Path.of(name);
    } catch (java.nio.file.InvalidPathException e) {
      return false; // not a path: the logs' reading says so
    }
    if (!Files.isRegularFile(path)) {
      return false;
    }
    if (name.endsWith(SavedRun.EXTENSION)) {
      return true;
    }
    try (InputStream in = Files.newInputStream(path)) {
      return SavedRun.startsSaved(in.readNBytes(SavedRun.magicLength()));
    } catch (IOException e) {
      return false; // unreadable: the logs' reading says why
    }
  }

  static SavedRun read(Path path) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(path);
    } catch (IOException | OutOfMemoryError e) {
      throw new UserError(path + ": cannot be read: " + e.getMessage(), e);
    }
    try {
      return SavedRun.decode(path.toString(), bytes);
    } catch (SavedRun.Unreadable e) {
      throw new UserError(e.getMessage(), e);
    }
  }
}
