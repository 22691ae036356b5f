package tardy.formats.wrap;

import tardy.events.Outcome;

/**
 * Finds the inner line of one wrapped line, without a String, a regex or an allocation per line.
 * After {@link #unwrap} returns null the inner line is {@code buf()[from(), to())}: a range of the
 * wrapped line itself when the envelope is only a prefix, or of a reused buffer when the inner
 * line had to be unescaped or joined. It is valid until the next call.
 */
public abstract class Unwrapper {

  private byte[] buf;
  private int from;
  private int to;
  private boolean stderr;
  private int hostFrom;
  private int hostTo;

  /**
   * Reads the envelope of {@code b[from, to)}.
   *
   * @return null when an inner line is ready; otherwise what this line is (a part of a split line
   *     held for its end, a line without this envelope), to be counted as it is
   */
  public abstract Outcome unwrap(byte[] b, int from, int to);

  protected final void inner(byte[] buf, int from, int to, boolean stderr) {
    this.buf = buf;
    this.from = from;
    this.to = to;
    this.stderr = stderr;
    this.hostFrom = this.hostTo = 0;
  }

  /**
   * The host the envelope names (a syslog header's HOSTNAME), {@code wrapped[from, to)} of the
   * line given to {@link #unwrap}; after {@link #inner}, which clears it.
   */
  protected final void host(int from, int to) {
    this.hostFrom = from;
    this.hostTo = to;
  }

  /** Whether the envelope of the last line unwrapped named a host. */
  public final boolean hasHost() {
    return hostTo > hostFrom;
  }

  public final int hostFrom() {
    return hostFrom;
  }

  public final int hostTo() {
    return hostTo;
  }

  public final byte[] buf() {
    return buf;
  }

  public final int from() {
    return from;
  }

  public final int to() {
    return to;
  }

  /** Whether the inner line was written to standard error (where a program's own messages go). */
  public final boolean stderr() {
    return stderr;
  }
}
