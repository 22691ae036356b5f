package tardy.render;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A stream that remembers its first write error. A PrintStream swallows the IOException and
 * keeps only a flag; placed under one, this keeps the reason ("No space left on device") for the
 * message.
 */
public final class KeptError extends FilterOutputStream {

  private IOException first;

  public KeptError(OutputStream out) {
    super(out);
  }

  @Override
  public void write(int b) throws IOException {
    try {
      out.write(b);
    } catch (IOException e) {
      throw keep(e);
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    try {
      out.write(b, off, len);
    } catch (IOException e) {
      throw keep(e);
    }
  }

  @Override
  public void flush() throws IOException {
    try {
      out.flush();
    } catch (IOException e) {
      throw keep(e);
    }
  }

  private IOException keep(IOException e) {
    if (first == null) {
      first = e;
    }
    return e;
  }

  /** The first error, or a new one saying {@code what} when the stream itself saw none. */
  public IOException error(String what) {
    return first != null ? first : new IOException(what);
  }
}
