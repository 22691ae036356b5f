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

/**
 * Writes a file completely or not at all: into a temporary file beside the target, moved into
 * place only when the writer finished. A failing run leaves the old file untouched and no
 * temporary behind.
 */
public final class AtomicOutput {

  /** The part that writes the content. */
  @FunctionalInterface
  public interface Writer {
    void write(OutputStream out) throws IOException;
  }

  private static final SecureRandom RANDOM = new SecureRandom();

  private AtomicOutput() {}

  public static void write(Path target, Writer writer) throws IOException {
    Path absolute = target.toAbsolutePath();
    Path dir = absolute.getParent();
    // a fresh name created with default permissions: createTempFile would make it owner-only
    Path temp = dir.resolve("." + absolute.getFileName() + "." + Long.toUnsignedString(RANDOM.nextLong(), 36) + ".tmp");
    try {
      try (OutputStream out = new BufferedOutputStream(
          Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), 1 << 16)) {
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
    }
  }
}
