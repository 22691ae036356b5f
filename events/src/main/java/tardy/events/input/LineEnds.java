package tardy.events.input;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Line ends other than LF. CRLF needs nothing here (the line reader drops a CR before LF); an
 * input whose first line end is a CR alone (classic Mac OS, some appliances) ends its lines with
 * CR, and is read with each CR turned into LF.
 */
public final class LineEnds {

  /** How much of an input's head decides its line ends. */
  public static final int HEAD_BYTES = 1 << 16;

  private LineEnds() {}

  /**
   * Whether an input whose head is {@code head[0, n)} (the whole input when shorter than {@link
   * #HEAD_BYTES}) ends its lines with CR alone. The first line end decides: an LF (CRLF too) or a
   * CR followed by anything else; a head without either ends its lines with CR only when the input
   * ends with it, a CR. The rule {@link AsTheyArrive} applies as bytes arrive, so a file read
   * whole and the same file followed as it grows have the same lines.
   */
  public static boolean crOnly(byte[] head, int n) {
    for (int i = 0; i < n; i++) {
      if (head[i] == '\n') {
        return false;
      }
      if (i > 0 && head[i - 1] == '\r') {
        return true;
      }
    }
    return n > 0 && n < HEAD_BYTES && head[n - 1] == '\r';
  }

  /**
   * The stream, with CR turned into LF when its head ends lines with CR alone. Damage inside the
   * head (a gzip cut in its first 64 KiB) after some bytes is not thrown here: the stream gives
   * the bytes before it, then the same error, so the read counts the lines before the damage as
   * it does for a later one.
   */
  public static InputStream normalised(InputStream in) throws IOException {
    BufferedInputStream buffered = in instanceof BufferedInputStream b ? b
        : new BufferedInputStream(in, HEAD_BYTES);
    byte[] head = new byte[HEAD_BYTES];
    buffered.mark(HEAD_BYTES);
    int n = 0;
    try {
      for (int r; n < HEAD_BYTES && (r = buffered.read(head, n, HEAD_BYTES - n)) >= 0; ) {
        n += r;
      }
    } catch (IOException damage) {
      if (n == 0) {
        throw damage; // nothing before it: refused as it is
      }
      InputStream before = Damaged.after(head, n, damage, buffered);
      return crOnly(head, n) ? new CrToLf(before) : before;
    }
    buffered.reset();
    return crOnly(head, n) ? new CrToLf(buffered) : buffered;
  }

  /** The bytes read before damage, then the damage again, and the stream closed with it. */
  private static final class Damaged extends FilterInputStream {
    private final IOException damage;
    private final InputStream source;

    private Damaged(InputStream before, IOException damage, InputStream source) {
      super(before);
      this.damage = damage;
      this.source = source;
    }

    static InputStream after(byte[] head, int n, IOException damage, InputStream source) {
      return new Damaged(new java.io.ByteArrayInputStream(head, 0, n), damage, source);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b < 0) {
        throw damage;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n < 0 && len > 0) {
        throw damage;
      }
      return n;
    }

    @Override
    public void close() throws IOException {
      source.close();
    }
  }

  /**
   * The same decision for an input read as it grows (--follow), which cannot wait for a whole
   * head: the first LF means LF line ends (CRLF too: the line reader drops the CR); a CR followed
   * by anything but LF means CR alone, as does, at the input's end, a CR without an LF anywhere;
   * a head of {@link #HEAD_BYTES} without either means LF. Until decided, every byte of the input
   * must still be in the buffer (no line ends before then, so none was read as a line), and the
   * CRs are turned into LFs once it is decided so.
   */
  public static final class AsTheyArrive {
    private boolean decided;
    private boolean crOnly;
    private long seen;

    /** {@code buf[from, to)} arrived; {@code buf[0, from)} are the input's bytes before them. */
    public void arrived(byte[] buf, int from, int to) {
      if (decided) {
        if (crOnly) {
          toLf(buf, from, to);
        }
        return;
      }
      for (int i = from; i < to && !decided; i++) {
        if (buf[i] == '\n') {
          decided = true;
        } else if (i > 0 && buf[i - 1] == '\r') {
          decided = crOnly = true;
        }
      }
      seen += to - from;
      decided |= seen >= HEAD_BYTES;
      if (crOnly) {
        toLf(buf, 0, to);
      }
    }

    /** The input ended with {@code buf[0, to)} unread: decides as a whole head would. */
    public void ended(byte[] buf, int to) {
      if (!decided) {
        decided = true;
        crOnly = crOnly(buf, to);
        if (crOnly) {
          toLf(buf, 0, to);
        }
      }
    }
  }

  private static void toLf(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] == '\r') {
        b[i] = '\n';
      }
    }
  }

  private static final class CrToLf extends FilterInputStream {
    CrToLf(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      return b == '\r' ? '\n' : b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      toLf(b, off, off + Math.max(0, n));
      return n;
    }
  }
}
