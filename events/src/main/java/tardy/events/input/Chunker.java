package tardy.events.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import tardy.events.Ascii;
import tardy.events.PartStarts;

/**
 * Cuts a plain file into byte ranges that start at line starts, for parsing in parallel: at any
 * line, or only where the format lets a part start ({@link PartStarts}).
 */
public final class Chunker {

  /** Bytes {@code [from, to)} of a file; every range but the last ends just after a newline. */
  public record Range(long from, long to) {}

  /** What is read back before a cut for a format's {@link PartStarts} to look at. */
  static final int READ_BACK = 16 << 10;
  /** How far after a cut a line where a part may start is looked for. */
  static final int READ_AHEAD = 1 << 20;

  private Chunker() {}

  /** At most {@code parts} ranges of at least {@code minBytes} each, covering the whole file. */
  public static List<Range> split(Path file, int parts, long minBytes) throws IOException {
    return split(file, parts, minBytes, PartStarts.ANY_LINE);
  }

  /**
   * The same, each range after the first starting at a line where {@code starts} lets a part
   * start (the first such line at or after the even cut, within {@link #READ_AHEAD}; fewer
   * ranges when there is none).
   */
  public static List<Range> split(Path file, int parts, long minBytes, PartStarts starts)
      throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = ch.size();
      int n = (int) Math.max(1, Math.min(parts, size / Math.max(1, minBytes)));
      List<Range> ranges = new ArrayList<>(n);
      long from = 0;
      for (int i = 1; i < n && from < size; i++) {
        long cut = nextLineStart(ch, Math.max(from, size * i / n), size);
        if (starts != PartStarts.ANY_LINE && cut > from && cut < size) {
          cut = nextPartStart(ch, from, cut, size, starts);
        }
        if (cut > from && cut < size) {
          ranges.add(new Range(from, cut));
          from = cut;
        }
      }
      ranges.add(new Range(from, size));
      return ranges;
    }
  }

  private static long nextLineStart(FileChannel ch, long at, long size) throws IOException {
    ByteBuffer buf = ByteBuffer.allocate(1 << 16);
    long pos = at;
    while (pos < size) {
      buf.clear();
      int n = ch.read(buf, pos);
      if (n <= 0) {
        break;
      }
      for (int i = 0; i < n; i++) {
        if (buf.get(i) == '\n') {
          return pos + i + 1;
        }
      }
      pos += n;
    }
    return size;
  }

  /**
   * The first line start at or after {@code lineStart} (a line start) where {@code starts} lets a
   * part start, with up to {@link #READ_BACK} bytes of whole lines after {@code from} (where the
   * part before starts) to look back on; {@code size} when there is none within {@link
   * #READ_AHEAD}.
   */
  private static long nextPartStart(FileChannel ch, long from, long lineStart, long size,
      PartStarts starts) throws IOException {
    long back = Math.max(from, lineStart - READ_BACK);
    int length = (int) (Math.min(size, lineStart + READ_AHEAD) - back);
    ByteBuffer buf = ByteBuffer.allocate(length);
    while (buf.hasRemaining() && ch.read(buf, back + buf.position()) > 0) {
      // positional reads until the window is full
    }
    byte[] b = buf.array();
    int end = buf.position();
    int at = (int) (lineStart - back);
    // from starts a line; else the window starts inside one, and whole lines start after its end
    int before = back == from ? 0 : Ascii.indexOf(b, 0, at, (byte) '\n') + 1;
    for (int nl; (nl = Ascii.indexOf(b, at, end, (byte) '\n')) >= 0; at = nl + 1) {
      if (starts.at(b, before, at, nl)) {
        return back + at;
      }
    }
    return size;
  }

  /**
   * Cuts a file into ranges one at a time, as a reader asks for them: each ends just after the
   * first newline at or after the size asked for (the last at the file's end), so every range
   * holds whole lines and the cuts do not depend on who reads the ranges.
   */
  public static final class Cuts implements AutoCloseable {
    private final FileChannel ch;
    private final long size;
    private final ByteBuffer buf = ByteBuffer.allocate(8 << 10);
    private long from;

    /**
     * @param size the file's size when planned: the ranges cover it, and a file found shorter is
     *     said to be so by whoever reads the ranges past its end
     */
    public Cuts(Path file, long size) throws IOException {
      this.ch = FileChannel.open(file, StandardOpenOption.READ);
      this.size = size;
    }

    /** The file's size when planned: the ranges cover it. */
    public long size() {
      return size;
    }

    /** Whether every byte is in a range handed out. */
    public boolean done() {
      return from >= size;
    }

    /** The next range, of at least {@code bytes} unless the file ends first. */
    public Range next(long bytes) throws IOException {
      long to = lineStartAfter(Math.max(from, Math.min(size, from + Math.max(1, bytes)) - 1));
      Range range = new Range(from, to);
      from = to;
      return range;
    }

    /** Just after the first newline at or after {@code at}; the size when there is none. */
    private long lineStartAfter(long at) throws IOException {
      for (long pos = at; pos < size; ) {
        buf.clear();
        int n = ch.read(buf, pos);
        if (n <= 0) { // shorter than when opened: whoever reads that range will say so
          break;
        }
        int nl = Ascii.indexOf(buf.array(), 0, n, (byte) '\n');
        if (nl >= 0) {
          return pos + nl + 1;
        }
        pos += n;
      }
      return size;
    }

    @Override
    public void close() throws IOException {
      ch.close();
    }
  }

  /** A stream over one range of a file, read with positional reads. */
  public static InputStream open(Path file, Range range) throws IOException {
    FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
    return open(ch, range, range.to(), true);
  }

  /**
   * A stream over one range of an open file, read with positional reads; a file found shorter
   * than the range said to have had at least {@code planned} bytes when planned.
   *
   * @param closes whether closing the stream closes {@code ch}
   */
  public static InputStream open(FileChannel ch, Range range, long planned, boolean closes) {
    return new BlockReadStream() {
      private long pos = range.from();

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        long left = range.to() - pos;
        if (left <= 0) {
          return -1;
        }
        int n = ch.read(ByteBuffer.wrap(b, off, (int) Math.min(len, left)), pos);
        if (n < 0) { // the range was cut when planned, so the file shrank since
          throw ReadStop.truncatedInPart(planned, pos);
        }
        pos += n;
        return n;
      }

      @Override
      public void close() throws IOException {
        if (closes) {
          ch.close();
        }
      }
    };
  }
}
