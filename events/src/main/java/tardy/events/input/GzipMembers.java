package tardy.events.input;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.io.SequenceInputStream;
import java.util.zip.GZIPInputStream;

/**
 * The content of a gzip file's members, one after the other as {@code gzip -dc} gives them, that
 * says when bytes that are no gzip member follow the last one. {@link GZIPInputStream} reads
 * concatenated members, but ends without a word at bytes after a member that do not start
 * another (lines appended to a compressed log, a member cut before its header): those lines
 * would be lost in silence. Zero bytes after the last member (padding to a block) are no data.
 */
final class GzipMembers extends BlockReadStream {

  private static final int BUFFER = 1 << 16;
  private static final int TRAILER = 8; // CRC-32 and size, after each member's deflate data

  private Member member;
  private boolean ended; // the last member and what follows it were read: -1 from now on

  GzipMembers(InputStream in) throws IOException {
    member = new Member(in);
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    while (!ended) {
      int n = member.read(b, off, len);
      if (n >= 0 || len == 0) {
        return n;
      }
      // the members GZIPInputStream found have ended: what follows them decides
      PushbackInputStream rest = new PushbackInputStream(member.rest(), 2);
      int first = rest.read();
      int second = first < 0 ? -1 : rest.read();
      if (first == 0x1f && second == 0x8b) { // a member GZIPInputStream did not go on to
        rest.unread(new byte[] {(byte) first, (byte) second});
        member = new Member(rest);
        continue;
      }
      if (first > 0 || second > 0 || !onlyZeros(rest)) {
        throw new IOException("bytes that are no gzip data follow its last gzip member");
      }
      ended = true;
    }
    return -1;
  }

  private static boolean onlyZeros(InputStream in) throws IOException {
    byte[] b = new byte[BUFFER];
    for (int n; (n = in.read(b)) >= 0; ) {
      for (int i = 0; i < n; i++) {
        if (b[i] != 0) {
          return false;
        }
      }
    }
    return true;
  }

  @Override
  public void close() throws IOException {
    member.close();
  }

  /** GZIPInputStream, which gives back the bytes it read past its last member's trailer. */
  private static final class Member extends GZIPInputStream {
    private final InputStream source;

    Member(InputStream source) throws IOException {
      super(source, BUFFER);
      this.source = source;
    }

    /**
     * What follows the last member's trailer, once it has ended: the bytes read into the
     * inflater's buffer past the trailer, then the rest of the source.
     */
    InputStream rest() {
      int remaining = inf.getRemaining();
      if (remaining <= TRAILER) {
        return source;
      }
      // a SequenceInputStream closes each stream it has read to the end: the source stays open,
      // for the next member and for the caller's close
      InputStream open = new java.io.FilterInputStream(source) {
        @Override
        public void close() {}
      };
      return new SequenceInputStream(
          new ByteArrayInputStream(buf, len - remaining + TRAILER, remaining - TRAILER), open);
    }
  }
}
