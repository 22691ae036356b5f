package tardy.formats.wrap;

import tardy.events.Reasons;
import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.ForwardingLineParser;
import tardy.events.LineParser;
import tardy.events.LinePosition;
import tardy.events.LogFormat;
import tardy.events.Match;
import tardy.events.Outcome;
import tardy.events.Sample;
import tardy.events.Times;

/**
 * A format read inside a wrapper: named {@code wrapper+format} ({@code cri+combined}), it takes
 * each line's envelope off and hands the inner line to the inner format's parser. Every line is
 * still one outcome: the inner line's, or the envelope's own (a part held for its end, a line
 * without the envelope).
 */
public final class WrappedFormat implements LogFormat {

  /**
   * A line on standard error that is not in the log's format: the program's own messages (nginx's
   * error log, a controller's log), which containers send to the same file.
   */
  static final Outcome STDERR_OTHER =
      Outcome.ignored("a line on stderr not in the log's format (the program's own messages)");

  private final Wrapper wrapper;
  private final LogFormat inner;

  public WrappedFormat(Wrapper wrapper, LogFormat inner) {
    this.wrapper = wrapper;
    this.inner = inner;
  }

  public Wrapper wrapper() {
    return wrapper;
  }

  public LogFormat inner() {
    return inner;
  }

  @Override
  public String name() {
    return wrapper.name() + "+" + inner.name();
  }

  @Override
  public String definition() {
    return wrapper.name() + "+" + inner.definition();
  }

  @Override
  public String description() {
    return inner.description() + ", inside " + wrapper.description();
  }

  @Override
  public Match detect(Sample sample) {
    return inner.detect(Wrappers.unwrap(wrapper, sample).inner());
  }

  @Override
  public LineParser newParser() {
    Unwrapper unwrapper = wrapper.newUnwrapper();
    LineParser parser = inner.newParser();
    // an inner line is numbered as the line it was unwrapped from; at the end, a pause the inner
    // parser still holds is handed on
    EnvelopeHostSink hosts = wrapper.namesHosts() ? new EnvelopeHostSink() : null;
    boolean holdsPauses = !inner.hasRequests(); // a JVM parser hands pauses on from later lines
    return new ForwardingLineParser(parser) {
      private LinePosition position;

      @Override
      public void reading(LinePosition position) {
        this.position = position;
        inner.reading(position);
      }

      @Override
      public void endOfInput(EventSink sink) {
        inner.endOfInput(hosts == null ? sink : hosts.atEnd(sink));
      }

      @Override
      public Outcome parse(byte[] b, int from, int to, EventSink sink) {
        Outcome envelope = unwrapper.unwrap(b, from, to);
        if (envelope != null) {
          return envelope;
        }
        if (hosts == null) {
          return parseInner(sink);
        }
        // every line, named or not: a pause held from an earlier line is handed on in any line
        boolean named = unwrapper.hasHost();
        Outcome outcome = parseInner(hosts.around(sink, b, named ? unwrapper.hostFrom() : 0,
            named ? unwrapper.hostTo() : 0, position == null ? Times.NONE : position.line()));
        if (holdsPauses && outcome.isParsed()) {
          hosts.parsed();
        }
        return outcome;
      }

      private Outcome parseInner(EventSink sink) {
        byte[] buf = unwrapper.buf();
        int f = unwrapper.from();
        int t = unwrapper.to();
        while (t > f && buf[t - 1] == '\r') {
          t--;
        }
        if (Ascii.isBlank(buf, f, t)) {
          return Outcome.EMPTY_LINE;
        }
        Outcome outcome = parser.parse(buf, f, t, sink);
        // on stderr, what the log's format does not read is the program's own: it says so
        return unwrapper.stderr() && (outcome.kind() == Outcome.Kind.MALFORMED
            || outcome.equals(Reasons.ANOTHER_PROGRAM)) ? STDERR_OTHER : outcome;
      }
    };
  }

  @Override
  public boolean hasRequests() {
    return inner.hasRequests();
  }

  /**
   * The inner format's own host field ({@code $hostname}), or the envelope's (a syslog header's
   * HOSTNAME): a collector's file of many servers' requests or many JVMs' pauses.
   */
  @Override
  public boolean namesHosts() {
    return inner.namesHosts() || wrapper.namesHosts();
  }

  /** Joined lines may span any cut, so such inputs are read in order. */
  @Override
  public boolean linesIndependent(Sample sample) {
    return !wrapper.joinsLines() && inner.linesIndependent(Wrappers.unwrap(wrapper, sample).inner());
  }

  /** The same wrapper around the same format: detection makes a new one each time. */
  @Override
  public boolean equals(Object o) {
    return o instanceof WrappedFormat other && other.wrapper.name().equals(wrapper.name())
        && other.inner.equals(inner);
  }

  @Override
  public int hashCode() {
    return wrapper.name().hashCode() * 31 + inner.hashCode();
  }

  @Override
  public String toString() {
    return name();
  }
}
