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

  /** A stream over one range of a file, read with positional reads. */
  public static InputStream open(Path file, Range range) throws IOException {
    FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
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
          throw ReadStop.truncatedInPart(range.to(), pos);
        }
        pos += n;
        return n;
      }

      @Override
      public void close() throws IOException {
        ch.close();
      }
    };
  }
}
