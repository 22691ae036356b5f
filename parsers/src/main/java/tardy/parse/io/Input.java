package tardy.parse.io;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;

/** One input: a file or standard input, opened decompressed. */
public final class Input {

  private final String name;
  private final Path path;
  private final Supplier<InputStream> stdin;

  private Input(String name, Path path, Supplier<InputStream> stdin) {
    this.name = name;
    this.path = path;
    this.stdin = stdin;
  }

  public static Input file(Path path) {
    return new Input(path.toString(), path, null);
  }

  /** Standard input, named "-" in messages; the stream is read once. */
  public static Input stream(String name, Supplier<InputStream> in) {
    return new Input(name, null, in);
  }

  public String name() {
    return name;
  }

  /** The file, when this input is one. */
  public Optional<Path> path() {
    return Optional.ofNullable(path);
  }

  /** The raw bytes, as stored. */
  public InputStream openRaw() {
    if (path == null) {
      return stdin.get();
    }
    try {
      if (Files.isDirectory(path)) {
        throw new InputException(name + ": is a directory, not a log file");
      }
      return Files.newInputStream(path);
    } catch (NoSuchFileException | FileNotFoundException e) {
      throw new InputException(name + ": no such file", e);
    } catch (AccessDeniedException e) {
      throw new InputException(name + ": permission denied", e);
    } catch (IOException e) {
      throw new InputException(name + ": cannot be read: " + e.getMessage(), e);
    }
  }

  /** The content, decompressed when its magic bytes say it is compressed. */
  public InputStream open() {
    InputStream raw = openRaw();
    try {
      return Decompression.open(raw, name);
    } catch (IOException e) {
      closeQuietly(raw);
      throw new InputException(name + ": cannot be read: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      closeQuietly(raw);
      throw e;
    }
  }

  /** Whether this file's bytes are stored uncompressed, so it can be cut into byte ranges. */
  public boolean isPlainFile() {
    if (path == null) {
      return false;
    }
    try (InputStream in = Files.newInputStream(path)) {
      byte[] head = in.readNBytes(8);
      return Decompression.of(head, head.length) == Decompression.NONE;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void closeQuietly(InputStream in) {
    try {
      in.close();
    } catch (IOException ignored) {
      // already failing; the first error is the one to report
    }
  }

  @Override
  public String toString() {
    return name;
  }
}
