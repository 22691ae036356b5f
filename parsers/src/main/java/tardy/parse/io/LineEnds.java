package tardy.parse.io;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Line ends other than LF. CRLF needs nothing here (the line reader drops a CR before LF); an
 * input whose head holds CRs and no LF at all (classic Mac OS, some appliances) ends its lines
 * with CR alone, and is read with each CR turned into LF.
 */
public final class LineEnds {

  /** How much of an input's head decides its line ends. */
  public static final int HEAD_BYTES = 1 << 16;

  private LineEnds() {}

  /** Whether {@code head[0, n)} has a CR and no LF. */
  public static boolean crOnly(byte[] head, int n) {
    boolean cr = false;
    for (int i = 0; i < n; i++) {
      if (head[i] == '\n') {
        return false;
      }
      cr |= head[i] == '\r';
    }
    return cr;
  }

  /** The stream, with CR turned into LF when its head ends lines with CR alone. */
  public static InputStream normalised(InputStream in) throws IOException {
    BufferedInputStream buffered = in instanceof BufferedInputStream b ? b
        : new BufferedInputStream(in, HEAD_BYTES);
    byte[] head = new byte[HEAD_BYTES];
    buffered.mark(HEAD_BYTES);
    int n = buffered.readNBytes(head, 0, HEAD_BYTES);
    buffered.reset();
    return crOnly(head, n) ? new CrToLf(buffered) : buffered;
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
      for (int i = off; i < off + n; i++) {
        if (b[i] == '\r') {
          b[i] = '\n';
        }
      }
      return n;
    }
  }
}
