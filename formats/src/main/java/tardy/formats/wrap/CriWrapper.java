package tardy.formats.wrap;

import tardy.events.Ascii;
import tardy.events.Outcome;

/**
 * Kubernetes' container log lines as containerd and CRI-O write them: {@code <RFC 3339 time>
 * stdout|stderr F|P <line>}. A line longer than the runtime's limit (16 KiB by default) is split
 * into {@code P} parts ended by an {@code F} line of the same stream; the parts are joined.
 */
public final class CriWrapper implements Wrapper {

  static final Outcome NOT_CRI = Outcome.malformed("not a CRI line (<time> stdout|stderr F|P <line>)");
  static final Outcome PARTIAL = Outcome.ignored("CRI partial line (P): read with the line that ends it");

  private static final byte[] STDOUT = Ascii.bytes("stdout ");
  private static final byte[] STDERR = Ascii.bytes("stderr ");

  @Override
  public String name() {
    return "cri";
  }

  @Override
  public String description() {
    return "Kubernetes CRI lines: <time> stdout|stderr F|P <line>, P parts joined";
  }

  @Override
  public boolean joinsLines() {
    return true;
  }

  @Override
  public Unwrapper newUnwrapper() {
    return new Unwrapper() {
      private final Joiner joiner = new Joiner();

      @Override
      public Outcome unwrap(byte[] b, int from, int to) {
        int s = Rfc3339.end(b, from, to);
        if (s < 0 || s + 1 + STDOUT.length >= to || b[s] != ' ') {
          return NOT_CRI;
        }
        s++;
        boolean stderr = Ascii.startsWith(b, s, to, STDERR);
        if (!stderr && !Ascii.startsWith(b, s, to, STDOUT)) {
          return NOT_CRI;
        }
        int tag = s + STDOUT.length;
        // the tag is F or P, maybe followed by more tags after ':'
        boolean partial = b[tag] == 'P';
        if (!partial && b[tag] != 'F' || tag + 1 < to && b[tag + 1] != ' ' && b[tag + 1] != ':') {
          return NOT_CRI;
        }
        int tagEnd = Ascii.indexOf(b, tag, to, (byte) ' ');
        int content = tagEnd < 0 ? to : tagEnd + 1;
        int stream = Joiner.stream(stderr);
        if (partial) {
          joiner.append(stream, b, content, to);
          return PARTIAL;
        }
        if (!joiner.pending(stream)) {
          inner(b, content, to, stderr);
          return null;
        }
        joiner.append(stream, b, content, to);
        int length = joiner.length(stream);
        if (!joiner.finish(stream)) {
          return Joiner.TOO_LONG;
        }
        inner(joiner.buf(stream), 0, length, stderr);
        return null;
      }
    };
  }

  @Override
  public String toString() {
    return name();
  }
}
