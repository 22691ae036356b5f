package tardy.report;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
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
    Path dir = absolute.getParent();
    // a fresh name created with default permissions: createTempFile would make it owner-only
    Path temp = dir.resolve("." + absolute.getFileName() + "." + Long.toUnsignedString(TempNames.RANDOM.nextLong(), 36) + ".tmp");
    PENDING.add(temp);
    try {
      try (OutputStream out = new BufferedOutputStream(
          Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), BUFFER)) {
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
   * The file a write to {@code target} replaces, absolute: a symbolic link stays a link, and the
   * file at the end of its chain is the one replaced, also when that file does not exist yet (a
   * dangling link is never turned into a file of its own).
   *
   * @throws IOException when the chain is a loop, or longer than a system follows
   */
  public static Path replaced(Path target) throws IOException {
    Path at = target.toAbsolutePath();
    for (int links = 0; Files.isSymbolicLink(at); links++) {
      if (links == 40) { // Linux's own limit (ELOOP)
        throw new IOException("too many levels of symbolic links");
      }
      at = at.getParent().resolve(Files.readSymbolicLink(at));
    }
    return at.normalize();
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
