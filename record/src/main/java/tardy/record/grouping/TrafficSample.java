package tardy.record.grouping;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import tardy.events.Ascii;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The lines grouping decisions are made from, taken before the parallel pass and independent of
 * threads and chunking: a plain file up to {@link #BYTES} whole, a larger one as {@link #WINDOWS}
 * windows spread evenly over it (whole lines only); anything read once (a stream, a compressed
 * file) by its first {@link #BYTES}. A file and the same bytes as a stream give the same sample
 * whenever the whole input fits.
 */
public final class TrafficSample {

  public static final int BYTES = 8 << 20;
  static final int WINDOWS = 64;
  private static final byte NEWLINE = '\n';

  private TrafficSample() {}

  /** The lines of a plain file: whole when small, else evenly spread windows. */
  public static List<byte[]> ofPlainFile(Path file) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = ch.size();
      if (size <= BYTES) {
        return lines(read(ch, 0, (int) size), true, true);
      }
      List<byte[]> out = new ArrayList<>();
      int window = BYTES / WINDOWS;
      for (int i = 0; i < WINDOWS; i++) {
        long from = size / WINDOWS * i;
        out.addAll(lines(read(ch, from, (int) Math.min(window, size - from)), i == 0, false));
      }
      return out;
    }
  }

  /** The lines of the first {@link #BYTES} of an input read once. */
  public static List<byte[]> ofHead(byte[] head, boolean whole) {
    return lines(head, true, whole);
  }

  /**
   * The first {@link #BYTES} of a stream read once, and the error that cut them short if one did:
   * {@link #replay} gives the stream back whole, the same error at the same place.
   */
  public record Head(byte[] bytes, IOException damage) {

    public static Head read(InputStream in) {
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      byte[] chunk = new byte[1 << 16];
      try {
        int n;
        while (out.size() < BYTES
            && (n = in.read(chunk, 0, Math.min(chunk.length, BYTES - out.size()))) >= 0) {
          out.write(chunk, 0, n);
        }
        return new Head(out.toByteArray(), null);
      } catch (IOException e) {
        return new Head(out.toByteArray(), e);
      }
    }

    public InputStream replay(InputStream rest) {
      InputStream after = damage == null ? rest : new InputStream() {
        @Override
        public int read() throws IOException {
          throw damage;
        }
      };
      return new java.io.SequenceInputStream(new java.io.ByteArrayInputStream(bytes), after);
    }

    public List<byte[]> lines() {
      return TrafficSample.lines(bytes, true, damage == null && bytes.length < BYTES);
    }
  }

  /** Lines in {@code b}; the first is dropped unless it starts the input, the last unless whole. */
  private static List<byte[]> lines(byte[] b, boolean atStart, boolean whole) {
    List<byte[]> out = new ArrayList<>();
    int start = 0;
    if (!atStart) {
      int first = Ascii.indexOf(b, 0, b.length, NEWLINE);
      start = first < 0 ? b.length + 1 : first + 1;
    }
    // the newlines found a word at a time: this runs before the parallel pass, on 8 MiB, often
    // before the JIT has compiled it
    for (int i = Ascii.indexOf(b, start, b.length, NEWLINE); i >= 0;
        i = Ascii.indexOf(b, start, b.length, NEWLINE)) {
      out.add(Arrays.copyOfRange(b, start, i > start && b[i - 1] == '\r' ? i - 1 : i));
      start = i + 1;
    }
    if (whole && start < b.length) {
      out.add(Arrays.copyOfRange(b, start, b.length));
    }
    return out;
  }

  /** {@code len} bytes from {@code from}, fewer at the end of the file; copied only then. */
  private static byte[] read(FileChannel ch, long from, int len) throws IOException {
    byte[] bytes = new byte[len];
    ByteBuffer buf = ByteBuffer.wrap(bytes);
    while (buf.hasRemaining()) {
      if (ch.read(buf, from + buf.position()) < 0) {
        break;
      }
    }
    return buf.position() == len ? bytes : Arrays.copyOf(bytes, buf.position());
  }

  /** Whether a path is a regular file that may be opened a second time for its sample. */
  public static boolean reopenable(Path file) {
    return Files.isRegularFile(file);
  }
}
