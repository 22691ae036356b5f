package tardy.parse.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/** Cuts a plain file into byte ranges that start at line starts, for parsing in parallel. */
public final class Chunker {

  /** Bytes {@code [from, to)} of a file; every range but the last ends just after a newline. */
  public record Range(long from, long to) {}

  private Chunker() {}

  /** At most {@code parts} ranges of at least {@code minBytes} each, covering the whole file. */
  public static List<Range> split(Path file, int parts, long minBytes) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = ch.size();
      int n = (int) Math.max(1, Math.min(parts, size / Math.max(1, minBytes)));
      List<Range> ranges = new ArrayList<>(n);
      long from = 0;
      for (int i = 1; i < n && from < size; i++) {
        long cut = nextLineStart(ch, Math.max(from, size * i / n), size);
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

  /** A stream over one range of a file, read with positional reads. */
  public static InputStream open(Path file, Range range) throws IOException {
    FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
    return new InputStream() {
      private long pos = range.from();

      @Override
      public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        long left = range.to() - pos;
        if (left <= 0) {
          return -1;
        }
        int n = ch.read(ByteBuffer.wrap(b, off, (int) Math.min(len, left)), pos);
        if (n < 0) { // the range was cut when planned, so the file shrank since
          throw ReadStop.truncated(range.to(), pos);
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
