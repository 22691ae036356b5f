package tardy.events.input;

import java.io.FileNotFoundException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One input, opened decompressed: a regular file, which may be opened as often as needed, or a
 * stream (standard input, a FIFO, a pipe such as {@code <(zcat a.gz)}, a device), which is read
 * once.
 */
public final class Input {

  private final String name;
  private final Path path;
  private final Supplier<InputStream> stream;
  // a regular file's size when first opened (the plan's sample): a later open that finds it
  // shorter reads a file truncated since, and says so
  private long firstSize = -1;

  private Input(String name, Path path, Supplier<InputStream> stream) {
    this.name = name;
    this.path = path;
    this.stream = stream;
  }

  /**
   * A file by its path. Anything but a regular file (a FIFO, {@code /dev/fd/63}, a device) can
   * be read only once, so it becomes a stream.
   */
  public static Input file(Path path) {
    return file(path.toString(), path);
  }

  /**
   * The same, named {@code name} in reports and messages: the name the user gave, where the
   * file is opened by another path (a machine whose working directory is not the user's).
   */
  public static Input file(String name, Path path) {
    if (Files.isRegularFile(path) || Files.isDirectory(path) || !Files.exists(path)) {
      return new Input(name, path, null);
    }
    return stream(name, () -> openFile(name, path, null));
  }

  /** A stream, named {@code name} in messages; it is opened and read once. */
  public static Input stream(String name, Supplier<InputStream> in) {
    return new Input(name, null, in);
  }

  public String name() {
    return name;
  }

  /** The regular file, when this input is one (and may be opened more than once). */
  public Optional<Path> path() {
    return Optional.ofNullable(path);
  }

  /** The raw bytes, as stored. */
  public InputStream openRaw() {
    return path == null ? stream.get() : openFile(name, path, this);
  }

  /**
   * Throws when this regular file is shorter now than when it was first opened: it was truncated
   * (a copytruncate rotation) after the plan read its head, before the parse read its lines.
   */
  public void checkNotTruncated() throws IOException {
    if (path != null && Files.isRegularFile(path)) {
      long now = Files.size(path);
      long before = sizeSeen(now);
      if (now < before) {
        throw ReadStop.truncated(before, now);
      }
    }
  }

  /** The size when first opened; the first call records {@code now}. */
  private synchronized long sizeSeen(long now) {
    if (firstSize < 0) {
      firstSize = now;
    }
    return firstSize;
  }

  /** @param input the input whose first size a regular file is held to; null: none */
  private static InputStream openFile(String name, Path path, Input input) {
    try {
      if (Files.isDirectory(path)) {
        throw new InputException(name + ": is a directory, not a log file");
      }
      if (!Files.isRegularFile(path)) { // a FIFO or a pipe: a channel stream would try to seek
        return new java.io.FileInputStream(path.toFile());
      }
      InputStream in = Files.newInputStream(path);
      long size = Files.size(path);
      // it must hold at least what it held when first opened; a file that grew is read to its end
      return new WholeFile(in, input == null ? size : Math.max(size, input.sizeSeen(size)));
    } catch (NoSuchFileException | FileNotFoundException e) {
      throw new InputException(FileNames.missing(name, path), e);
    } catch (AccessDeniedException e) {
      throw new InputException(name + ": permission denied", e);
    } catch (IOException e) {
      throw new InputException(FileNames.cannotRead(name, e), e);
    }
  }

  /** The content, decompressed when its magic bytes say it is compressed, with LF line ends. */
  public InputStream open() {
    InputStream raw = openRaw();
    try {
      return LineEnds.normalised(Decompression.open(raw, name));
    } catch (IOException e) {
      closeQuietly(raw);
      // damage in the header or the first bytes, which decide the line ends: before any line
      throw new InputException(name + ": "
          + (e instanceof ReadStop ? ReadStop.describe(e) : ReadStop.describe(e, 0)), e);
    } catch (RuntimeException e) {
      closeQuietly(raw);
      throw e;
    }
  }

  /**
   * Whether this file's bytes are stored uncompressed with LF line ends, so it can be cut into
   * byte ranges at newlines.
   */
  public boolean isPlainFile() {
    if (path == null) {
      return false;
    }
    try (InputStream in = Files.newInputStream(path)) {
      byte[] head = in.readNBytes(LineEnds.HEAD_BYTES);
      return Decompression.of(head, head.length) == Decompression.NONE
          && !LineEnds.crOnly(head, head.length);
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

  /**
   * A regular file read to its end: ending before the size it had when opened means it was
   * truncated while read (a copytruncate rotation), and the lines after the cut are lost.
   */
  private static final class WholeFile extends FilterInputStream {
    private final long size;
    private long read;

    WholeFile(InputStream in, long size) {
      super(in);
      this.size = size;
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b < 0) {
        return end();
      }
      read++;
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      return n < 0 ? end() : count(n);
    }

    @Override
    public long skip(long n) throws IOException {
      long skipped = super.skip(n);
      read += skipped;
      return skipped;
    }

    private int count(int n) {
      read += n;
      return n;
    }

    private int end() throws IOException {
      if (read < size) {
        throw ReadStop.truncated(size, read);
      }
      return -1;
    }
  }
}
