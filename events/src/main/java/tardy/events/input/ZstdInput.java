package tardy.events.input;

import com.github.luben.zstd.ZstdException;
import com.github.luben.zstd.ZstdIOException;
import com.github.luben.zstd.ZstdInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A zstd stream's content, decoded by libzstd (zstd-jni): concatenated and skippable frames as
 * {@code zstd -dc} reads them, each block given out as soon as it is decoded, so a truncated
 * file yields every line before the cut. The only class that names zstd-jni: it is loaded, and
 * the native library with it, when a file's first bytes say zstd, never for other input.
 */
final class ZstdInput extends FilterInputStream {

  private ZstdInput(InputStream decoded) {
    super(decoded);
  }

  /** The decoded content of {@code in}, whose first bytes are a zstd frame's magic number. */
  static InputStream open(InputStream in, String name) throws IOException {
    try {
      return new ZstdInput(new ZstdInputStream(in));
    } catch (LinkageError e) { // no native library for this OS and CPU, or none could be written
      throw new InputException(name + ": zstd-compressed, and the zstd library does not load"
          + " here (" + e.getMessage() + "); pipe it in: zstd -dc " + name + " | tardy ... -", e);
    }
  }

  /**
   * Never claims bytes are available: a BufferedInputStream on top then hands on each block's
   * lines before it asks for the next one, which may be the damage.
   */
  @Override
  public int available() {
    return 0;
  }

  @Override
  public int read() throws IOException {
    try {
      return super.read();
    } catch (ZstdIOException | ZstdException e) {
      throw new Damage(e);
    }
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    try {
      return super.read(b, off, len);
    } catch (ZstdIOException | ZstdException e) {
      throw new Damage(e);
    }
  }

  /** A zstd stream that libzstd could not decode: cut short, or not zstd past its magic. */
  static final class Damage extends IOException {
    Damage(Exception cause) {
      super("zstd: " + cause.getMessage(), cause);
    }
  }
}
