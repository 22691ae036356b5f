package tardy.render;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes a file completely or not at all: into a temporary file beside the target, moved into
 * place only when the writer finished. A failing run leaves the old file untouched and no
 * temporary behind; so does an interrupted one, once {@link #abandonAll()} has run on the way
 * out. Only regular files are replaced: a device, a FIFO or {@code /dev/stdout} is written
 * straight into, as a shell's {@code >} would.
 */
public final class AtomicOutput {

  /** The part that writes the content. */
  @FunctionalInterface
  public interface Writer {
    void write(OutputStream out) throws IOException;
  }

  private static final int BUFFER = 1 << 16;

  /** Temporary files being written, removed by {@link #abandonAll()} if the run is cut short. */
  private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();

  private AtomicOutput() {}

  /**
   * Whether {@code target} is written straight into rather than replaced: it exists and is not a
   * regular file (a device, a FIFO, a socket), or it names one of the process's own streams.
   */
  public static boolean direct(Path target) {
    Path absolute = target.toAbsolutePath().normalize();
    boolean ownStream = absolute.startsWith("/proc/")
        || absolute.startsWith("/dev/") && !absolute.startsWith("/dev/shm/");
    return ownStream || Files.exists(target) && !Files.isRegularFile(target) && !Files.isDirectory(target);
  }

  public static void write(Path target, Writer writer) throws IOException {
    if (direct(target)) {
      try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(target,
          StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING), BUFFER)) {
        writer.write(out);
      }
      return;
    }
    Path absolute = replaced(target);
    Path temp = temporaryBeside(absolute);
    PENDING.add(temp);
    try {
      // made with default permissions (createTempFile would make it owner-only), then given
      // those of the file it replaces before a byte of content is in it
      try (OutputStream out = new BufferedOutputStream(
          Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), BUFFER)) {
        Ownership.copy(absolute, temp);
        writer.write(out);
      }
      try {
        Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temp);
      PENDING.remove(temp);
    }
  }

  /**
   * A fresh name in the target's directory, short whatever the target's length: a name that
   * fits the directory's limit (255 bytes) must not fail for its temporary's sake.
   */
  static Path temporaryBeside(Path absolute) {
    return absolute.resolveSibling(".tardy-"
        + Long.toUnsignedString(TempNames.RANDOM.nextLong(), 36) + ".tmp");
  }

  /**
   * The file a write to {@code target} replaces, absolute, found as the system's own path
   * resolution finds it: the directory part resolved by the system ({@code a/../o.json} with
   * {@code a} a link to a directory lands beside that directory, not in the current one; no
   * lexical shortcut), then a symbolic link in the last part followed, link by link, to the file
   * at the end of its chain, also when that file does not exist yet (a dangling link is never
   * turned into a file of its own). A directory that does not exist is left as named, for the
   * message that says so.
   *
   * @throws IOException when the chain is a loop, or longer than a system follows
   */
  public static Path replaced(Path target) throws IOException {
    Path at = target.toAbsolutePath();
    for (int links = 0; ; links++) {
      Path name = at.getFileName();
      if (name == null) {
        return at; // the root directory
      }
      Path dir = realDirectory(at.getParent());
      if (dir == null) {
        return at; // no such directory: writing there fails, and says so
      }
      if (name.toString().equals(".") || name.toString().equals("..")) {
        return dir.resolve(name).toRealPath(); // a directory, refused as one
      }
      at = dir.resolve(name);
      if (!Files.isSymbolicLink(at)) {
        return at;
      }
      if (links == 40) { // Linux's own limit (ELOOP)
        throw new IOException("too many levels of symbolic links");
      }
      at = dir.resolve(Files.readSymbolicLink(at));
    }
  }

  /** The directory as the system resolves it, or null when it does not exist. */
  private static Path realDirectory(Path dir) throws IOException {
    try {
      return dir.toRealPath();
    } catch (NoSuchFileException e) {
      return null;
    } catch (FileSystemException e) {
      if (e.getReason() != null && e.getReason().contains("symbolic links")) {
        throw new IOException("too many levels of symbolic links", e);
      }
      return null; // not a directory, or not searchable: the checks before writing say which
    }
  }

  /**
   * Made at the first file written, not when the class loads: the shutdown hook loads this class
   * in every run, and a {@code SecureRandom} loads the security providers (a tenth of a short
   * run's time).
   */
  private static final class TempNames {
    static final SecureRandom RANDOM = new SecureRandom();
  }

  /**
   * Removes every temporary file still being written, for a shutdown hook: after SIGINT or
   * SIGTERM no half-written file is left behind. Returns whether there was any.
   */
  public static boolean abandonAll() {
    boolean any = false;
    for (Path temp : PENDING) {
      try {
        any |= Files.deleteIfExists(temp);
      } catch (IOException e) {
        // on the way out: nothing better to do than try the others
      }
    }
    return any;
  }
}
