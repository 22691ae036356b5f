package tardy.events.input;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Why a name from the command line leads to no file, in the user's terms. Java decodes each
 * argument with the system's encoding and puts U+FFFD where bytes were not valid in it: a file
 * whose name holds such bytes cannot be named to Java, and a name written that way is another
 * file's (the three bytes of U+FFFD in UTF-8), so both are said rather than "no such file" or a
 * write under a name the user never gave.
 */
public final class FileNames {
  private FileNames() {}

  /** Whether {@code name} holds bytes the system's encoding could not decode. */
  public static boolean undecodable(String name) {
    return name.indexOf('\uFFFD') >= 0;
  }

  /** The words after "NAME: " for a name {@link #undecodable} holds that names an output. */
  public static String undecodableOutput() {
    return "cannot be written: " + undecodable() + ": it would be written under another name;"
        + " choose a name of valid " + encoding();
  }

  private static String undecodable() {
    return "the name holds bytes that are not valid " + encoding() + " (shown as \uFFFD), which"
        + " Java cannot pass to the system";
  }

  private static String encoding() {
    String jnu = System.getProperty("sun.jnu.encoding");
    return jnu == null || jnu.isEmpty() ? "text" : jnu;
  }

  /** The message for an input {@code name} (as given) at {@code path}, which leads to no file. */
  public static String missing(String name, Path path) {
    if (undecodable(name)) {
      return name + ": " + undecodable() + ": name the file by a pattern with * in place of"
          + " them, or rename it";
    }
    return missingFile(name, path);
  }

  /** As {@link #missing}, for a file named where no pattern is taken (a requirements file). */
  public static String missingFile(String name, Path path) {
    if (undecodable(name)) {
      return name + ": " + undecodable() + ": rename it";
    }
    if (Files.isSymbolicLink(path)) {
      try {
        path.toRealPath();
      } catch (NoSuchFileException e) {
        return name + ": a symbolic link to no file";
      } catch (IOException e) { // a loop
        return cannotRead(name, e);
      }
    }
    return name + ": no such file";
  }

  /** "NAME: cannot be read: " and the system's reason, without the path Java puts before it. */
  public static String cannotRead(String name, IOException e) {
    return name + ": cannot be read: " + (e instanceof FileSystemException f && f.getReason() != null
        ? f.getReason() : e.getMessage());
  }
}
