package tardy.events.input;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Recognises compressed input by its magic bytes, never by its name. */
public enum Decompression {
  NONE(new byte[0]),
  GZIP(new byte[] {0x1f, (byte) 0x8b}),
  ZSTD(new byte[] {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd}),
  XZ(new byte[] {(byte) 0xfd, '7', 'z', 'X', 'Z', 0x00}),
  BZIP2(new byte[] {'B', 'Z', 'h'});

  private static final int BUFFER = 1 << 16;
  private final byte[] magic;

  Decompression(byte[] magic) {
    this.magic = magic;
  }

  /** The compression whose magic bytes start {@code head}, or NONE. */
  public static Decompression of(byte[] head, int length) {
    for (Decompression d : values()) {
      if (d != NONE && startsWith(head, length, d.magic)) {
        return d;
      }
    }
    return NONE;
  }

  private static boolean startsWith(byte[] head, int length, byte[] magic) {
    if (length < magic.length) {
      return false;
    }
    for (int i = 0; i < magic.length; i++) {
      if (head[i] != magic[i]) {
        return false;
      }
    }
    return true;
  }

  /**
   * The decompressed content of {@code raw}, sniffed from its first bytes.
   *
   * @throws InputException for compressions tardy does not read, naming the tool that does
   */
  public static InputStream open(InputStream raw, String name) throws IOException {
    BufferedInputStream in = new BufferedInputStream(raw, BUFFER);
    byte[] head = new byte[8];
    in.mark(head.length);
    int n = in.readNBytes(head, 0, head.length);
    in.reset();
    Decompression kind = of(head, n);
    return switch (kind) {
      case NONE -> in;
      // every member, as gzip -dc reads them, and no bytes after them that are not a member
      case GZIP -> new NoEstimate(new GzipMembers(in));
      // its own class, so that zstd-jni is loaded for zstd input only
      case ZSTD -> ZstdInput.open(in, name);
      case XZ, BZIP2 ->
          throw new InputException(
              name
                  + ": "
                  + kind.name().toLowerCase(java.util.Locale.ROOT)
                  + "-compressed input is not read directly; pipe it in: "
                  + kind.tool()
                  + " -dc "
                  + name
                  + " | tardy ... -");
    };
  }

  /**
   * A stream that never claims bytes are available without blocking. A BufferedInputStream on
   * top of it then returns what one read gave instead of reading on: when that next read fails
   * (a truncated gzip), the bytes already decompressed are not thrown away with the failure, so
   * the lines before the damage are read and counted.
   */
  private static final class NoEstimate extends java.io.FilterInputStream {
    NoEstimate(InputStream in) {
      super(in);
    }

    @Override
    public int available() {
      return 0;
    }
  }

  private String tool() {
    return switch (this) {
      case XZ -> "xz";
      case BZIP2 -> "bzip2";
      default -> "cat";
    };
  }
}
