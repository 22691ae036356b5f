package tardy.formats.wrap;

import tardy.events.Ascii;
import tardy.events.Outcome;

/**
 * Docker's json-file log driver: {@code {"log":"<line>\n","stream":"stdout","time":"…"}}, the
 * line JSON-escaped. The line is unescaped into a reused buffer; an entry whose text does not end
 * in a newline is a part of a longer line (Docker splits at 16 KiB) and is joined with the next
 * entry of its stream.
 */
public final class DockerJsonWrapper implements Wrapper {

  static final Outcome NOT_DOCKER =
      Outcome.malformed("not a Docker json-file line ({\"log\":\"…\",\"stream\":…,\"time\":…})");
  static final Outcome BAD_ESCAPE = Outcome.malformed("Docker json-file log text with a bad escape");
  static final Outcome PARTIAL =
      Outcome.ignored("Docker partial line (no newline at its end): read with the entry that ends it");

  private static final byte[] LOG = Ascii.bytes("{\"log\":\"");
  private static final byte[] STDERR = Ascii.bytes(",\"stream\":\"stderr\"");

  @Override
  public String name() {
    return "docker";
  }

  @Override
  public String description() {
    return "Docker json-file lines: {\"log\":\"<line>\\n\",\"stream\":…,\"time\":…}, split lines joined";
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
        if (!Ascii.startsWith(b, from, to, LOG)) {
          return NOT_DOCKER;
        }
        int start = from + LOG.length;
        int end = Ascii.jsonStringEnd(b, start, to);
        int last = to;
        while (last > end && (b[last - 1] == ' ' || b[last - 1] == '\t')) {
          last--;
        }
        if (end < 0 || b[last - 1] != '}') {
          return NOT_DOCKER;
        }
        boolean stderr = Ascii.startsWith(b, end + 1, to, STDERR);
        int stream = Joiner.stream(stderr);
        boolean complete = JsonText.endsWithNewline(b, start, end);
        // unescaped text is never longer than its escaped form
        if (!joiner.reserve(stream, end - start)) {
          return complete && !joiner.finish(stream) ? Joiner.TOO_LONG : PARTIAL;
        }
        if (!JsonText.unescape(b, start, end, joiner, stream)) {
          joiner.finish(stream);
          return BAD_ESCAPE;
        }
        if (!complete) {
          return PARTIAL;
        }
        int length = joiner.length(stream) - 1; // without the newline
        joiner.finish(stream);
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
